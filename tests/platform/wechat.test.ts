import { afterEach, describe, expect, it, vi } from 'vitest';
import { isIOS, isWeChat, payInWeChat, signatureUrl } from '../../src/shared/platform/wechat';
import { createPendingPayments, PENDING_PAYMENT_MAX_AGE_MS } from '../../src/features/payment/pendingPayment';
import { safeStorage } from '../../src/shared/state/safeStorage';

afterEach(() => vi.unstubAllGlobals());

const IOS_WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI';
const ANDROID_WECHAT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 MicroMessenger/8.0.49';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const params = { appId: 'wx', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=1', signType: 'RSA', paySign: 's' };

describe('WeChat platform', () => {
  it('recognises WeChat and iOS by user agent', () => {
    expect([isWeChat(IOS_WECHAT), isWeChat(ANDROID_WECHAT), isWeChat(SAFARI)]).toEqual([true, true, false]);
    expect([isIOS(IOS_WECHAT), isIOS(ANDROID_WECHAT)]).toEqual([true, false]);
  });

  it('signs the entry URL on iOS and the current URL elsewhere, never the hash', () => {
    const urls = { entryUrl: 'https://film.example.org/index?id=1#top', currentUrl: 'https://film.example.org/aiOrder?tab=toBePaid#x' };
    expect(signatureUrl({ ios: true, ...urls })).toBe('https://film.example.org/index?id=1');
    expect(signatureUrl({ ios: false, ...urls })).toBe('https://film.example.org/aiOrder?tab=toBePaid');
  });

  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    ['something else', 'fail'],
  ])('reads WeChat pay "%s" as %s', async (errMsg, outcome) => {
    vi.stubGlobal('WeixinJSBridge', { invoke: (_a: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: errMsg }) });
    await expect(payInWeChat(params)).resolves.toBe(outcome);
  });

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const paying = payInWeChat(params);
    vi.stubGlobal('WeixinJSBridge', { invoke: (_a: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: 'get_brand_wcpay_request:ok' }) });
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(paying).resolves.toBe('ok');
  });
});

describe('the remembered H5 payment', () => {
  it('is resumed while recent, dropped once old', () => {
    let now = 1_000_000;
    const pending = createPendingPayments(safeStorage(() => window.sessionStorage), () => now);
    const purchase = { kind: 'storageOrder', checkRecordId: 7, orderId: 'ST7', amount: 10, status: 2 } as const;
    pending.save(purchase);
    expect(pending.load()).toEqual(purchase);
    now += PENDING_PAYMENT_MAX_AGE_MS + 1;
    expect(pending.load()).toBeNull();
    expect(pending.load()).toBeNull();
  });
});
