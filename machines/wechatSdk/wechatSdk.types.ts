/**
 * Configuring WeChat's JS-SDK (spec section 4): 0 pending, 1 ready, -1 failed. Outside WeChat
 * the chart stays inactive, so nothing ever waits on it.
 */
export interface JsConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface WechatSdkContext {
  /** The page URL the signature was computed for. */
  url: string | null;
  /** The server's signature config, while wx.config runs with it. */
  config: JsConfig | null;
}

export type WechatSdkEvent =
  /** The app started: are we inside WeChat, and which URL must be signed. */
  | { type: 'START'; inWeChat: boolean; url: string }
  /** A navigation changed the URL that must be signed (not on iOS, which signs the entry URL). */
  | { type: 'PAGE_CHANGED'; url: string }
  /** After a failure, configure again for the same URL (the patient's "try again" on WeChat pay). */
  | { type: 'RETRY' };

/** The SDK config state codes of spec section 4. */
export const SDK_STATE = { pending: 0, ready: 1, failed: -1 } as const;
