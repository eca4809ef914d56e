import type { ClientOutcome, InAppPayParams } from '../../../machines/payment/payment.types';
import type { JsConfig } from '../../../machines/wechatSdk/wechatSdk.types';

/** WeChat's embedded browser says so in its user agent. */
export function isWeChat(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

export function isIOS(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/**
 * The URL the JS-SDK signature is computed for (decisions.md): on iOS the entry URL of this page
 * load (a history-mode app keeps the first URL there), elsewhere the current URL; never the hash.
 */
export function signatureUrl(options: { ios: boolean; entryUrl: string; currentUrl: string }): string {
  return (options.ios ? options.entryUrl : options.currentUrl).split('#')[0]!;
}

/** Image chooser defaults (spec section 9): up to 9 images, original or compressed, from album or camera. */
export const IMAGE_CHOOSER_DEFAULTS = {
  count: 9,
  sizeType: ['original', 'compressed'],
  sourceType: ['album', 'camera'],
} as const;

/** Default zoom scale when opening a map (spec section 9). */
export const MAP_SCALE_DEFAULT = 28;

/** Code types the scanner accepts (spec section 9): QR code and barcode. */
export const SCAN_TYPES = ['qrCode', 'barCode'] as const;

/** The APIs the app asks the SDK for. */
export const JS_API_LIST = ['chooseWXPay', 'scanQRCode', 'chooseImage', 'previewImage', 'openLocation', 'updateAppMessageShareData'];

/** The JS-SDK's calls the app makes; each optional one is checked before use. */
export interface Wx {
  config(options: Record<string, unknown>): void;
  updateAppMessageShareData?(options: Record<string, unknown>): void;
  chooseImage?(options: Record<string, unknown>): void;
  getLocalImgData?(options: Record<string, unknown>): void;
  openLocation?(options: Record<string, unknown>): void;
  scanQRCode?(options: Record<string, unknown>): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
}

/** The page's `wx` (a test's stand-in), or the SDK, loaded only when first needed inside WeChat. */
export async function loadWx(win: Window = window): Promise<Wx> {
  const injected = (win as unknown as { wx?: Wx }).wx;
  return injected ?? ((await import('weixin-js-sdk')).default as unknown as Wx);
}

/** wx.config, settled by wx.ready or wx.error. The SDK is loaded only inside WeChat. */
export async function configureWx(config: JsConfig, win: Window = window): Promise<void> {
  const wx = await loadWx(win);
  await new Promise<void>((resolve, reject) => {
    wx.ready(resolve);
    wx.error((reason) => reject(new Error(`wx.config failed: ${JSON.stringify(reason)}`)));
    wx.config({ debug: false, ...config, jsApiList: JS_API_LIST });
  });
}

/** What "send to a friend" sends from this page inside WeChat. */
export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** Sets this page's WeChat share card (the SDK must be configured); settles with WeChat's answer. */
export async function setShareCard(card: ShareCard, win: Window = window): Promise<void> {
  const wx = await loadWx(win);
  await new Promise<void>((resolve, reject) => {
    if (!wx.updateAppMessageShareData) return reject(new Error('updateAppMessageShareData is missing'));
    wx.updateAppMessageShareData({ ...card, success: () => resolve(), fail: (reason: unknown) => reject(new Error(`share card refused: ${JSON.stringify(reason)}`)) });
  });
}

interface Bridge {
  invoke(api: string, params: InAppPayParams, callback: (result: { err_msg?: string }) => void): void;
}

/** How long to wait for WeixinJSBridge to announce itself before calling the payment failed. */
const BRIDGE_WAIT_MS = 5000;

/** WeChat pay in the embedded browser: WeixinJSBridge's getBrandWCPayRequest. */
export async function payInWeChat(params: InAppPayParams, win: Window = window): Promise<ClientOutcome> {
  const bridge = await waitForBridge(win);
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => {
      const message = result.err_msg ?? '';
      resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail');
    });
  });
}

function waitForBridge(win: Window): Promise<Bridge> {
  const present = (win as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
  if (present) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('WeixinJSBridge did not appear')), BRIDGE_WAIT_MS);
    win.document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        resolve((win as unknown as { WeixinJSBridge: Bridge }).WeixinJSBridge);
      },
      { once: true },
    );
  });
}
