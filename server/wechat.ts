import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The sandbox's WeChat official account and merchant: demo values in this one place, not a real
 * account. WeChat would hand out the jsapi_ticket (for two hours at a time); the sandbox's never
 * changes, so a test can recompute any signature it answers.
 */
export const SANDBOX_WECHAT = {
  appId: 'wx5a9c1d0e7b3f2468',
  jsapiTicket: 'sandbox_jsapi_ticket_cloud_film_DEMO001',
  /** WeChat Pay's documented sample merchant number. */
  merchantId: '1900000109',
  /** The sandbox's stand-in for the merchant's private key: it signs paySign with HMAC-SHA256. */
  payKey: 'sandbox_pay_key_cloud_film_DEMO001',
} as const;

/** 32 characters, within WeChat's nonceStr limit. */
export function nonceStr(): string {
  return randomBytes(16).toString('hex');
}

export interface JsSdkSignatureInput {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}

/**
 * The WeChat JS-SDK signature, as WeChat computes it: sha1 (hex) of
 * `jsapi_ticket=<ticket>&noncestr=<nonceStr>&timestamp=<timestamp>&url=<url>`, keys in that order,
 * the url as the page gives it without its #fragment.
 */
export function jsSdkSignature({ jsapiTicket, nonceStr, timestamp, url }: JsSdkSignatureInput): string {
  const signed = `jsapi_ticket=${jsapiTicket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${withoutFragment(url)}`;
  return createHash('sha1').update(signed).digest('hex');
}

export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

export interface PaySignInput {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
}

/**
 * The sandbox's paySign: base64 of HMAC-SHA256, keyed with SANDBOX_WECHAT.payKey, over the message
 * WeChat Pay v3 signs for a JSAPI payment, `<appId>\n<timeStamp>\n<nonceStr>\n<package>\n`. Real
 * WeChat Pay signs that message with the merchant's RSA key (signType "RSA"); only the key differs.
 */
export function paySign({ appId, timeStamp, nonceStr, package: pkg }: PaySignInput, key: string = SANDBOX_WECHAT.payKey): string {
  return createHmac('sha256', key).update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`).digest('base64');
}
