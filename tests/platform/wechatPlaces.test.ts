import { describe, expect, it, vi } from 'vitest';
import { MAP_SCALE_DEFAULT, SCAN_TYPES, type Wx } from '../../src/shared/platform/wechat';
import { openWxLocation, scanWxCode, withoutBarcodeType } from '../../src/shared/platform/wechatPlaces';

type Callbacks = { success?: (result?: unknown) => void; fail?: (reason?: unknown) => void; cancel?: () => void };

/** A wx whose one call settles the way the test says, keeping what it was asked. */
function fakeWx(settle: (options: Callbacks) => void) {
  const asked: Array<Record<string, unknown>> = [];
  const call = vi.fn((options: Record<string, unknown>) => {
    asked.push(options);
    settle(options as Callbacks);
  });
  const wx: Wx = { config: () => {}, ready: () => {}, error: () => {}, openLocation: call, scanQRCode: call };
  return { wx, asked };
}

const place = { name: '云胶片示范医院', address: '上海市徐汇区漕溪北路88号', latitude: 31.19325, longitude: 121.43752 };

describe("WeChat's map", () => {
  it('opens the place at the default scale (28)', async () => {
    const { wx, asked } = fakeWx((options) => options.success?.());
    await expect(openWxLocation(wx, place)).resolves.toBe('opened');
    expect(MAP_SCALE_DEFAULT).toBe(28);
    expect(asked[0]).toMatchObject({ ...place, scale: 28 });
  });

  it('a refusal is a failure; closing the map is not', async () => {
    await expect(openWxLocation(fakeWx((options) => options.fail?.({ errMsg: 'openLocation:fail' })).wx, place)).resolves.toBe('failed');
    await expect(openWxLocation(fakeWx((options) => options.cancel?.()).wx, place)).resolves.toBe('opened');
  });

  it('fails when the SDK has no map, or throws', async () => {
    await expect(openWxLocation({ config: () => {}, ready: () => {}, error: () => {} }, place)).resolves.toBe('failed');
    await expect(openWxLocation(fakeWx(() => { throw new Error('boom'); }).wx, place)).resolves.toBe('failed');
  });
});

describe("WeChat's scanner", () => {
  it('asks for the text itself (needResult 1) of a QR code or a barcode', async () => {
    const { wx, asked } = fakeWx((options) => options.success?.({ resultStr: 'https://film.example.org/sl/pic/qr/selfhelp?code=CT202610020001' }));
    await expect(scanWxCode(wx)).resolves.toEqual({ kind: 'scanned', text: 'https://film.example.org/sl/pic/qr/selfhelp?code=CT202610020001' });
    expect(asked[0]).toMatchObject({ needResult: 1, scanType: [...SCAN_TYPES] });
    expect(SCAN_TYPES).toEqual(['qrCode', 'barCode']);
  });

  it('keeps only the code of a barcode ("CODE_128,<code>")', async () => {
    const { wx } = fakeWx((options) => options.success?.({ resultStr: 'CODE_128,CT202610020001' }));
    await expect(scanWxCode(wx)).resolves.toEqual({ kind: 'scanned', text: 'CT202610020001' });
  });

  it('tells a cancel from a failure (some versions report a cancel as a failure ending in :cancel)', async () => {
    await expect(scanWxCode(fakeWx((options) => options.cancel?.()).wx)).resolves.toEqual({ kind: 'cancelled' });
    await expect(scanWxCode(fakeWx((options) => options.fail?.({ errMsg: 'scanQRCode:cancel' })).wx)).resolves.toEqual({ kind: 'cancelled' });
    await expect(scanWxCode(fakeWx((options) => options.fail?.({ errMsg: 'scanQRCode:fail' })).wx)).resolves.toEqual({ kind: 'failed' });
    await expect(scanWxCode(fakeWx((options) => options.fail?.()).wx)).resolves.toEqual({ kind: 'failed' });
  });

  it('an empty answer, a missing scanner or a throwing one is a failure', async () => {
    await expect(scanWxCode(fakeWx((options) => options.success?.({ resultStr: '' })).wx)).resolves.toEqual({ kind: 'failed' });
    await expect(scanWxCode(fakeWx((options) => options.success?.({})).wx)).resolves.toEqual({ kind: 'failed' });
    await expect(scanWxCode({ config: () => {}, ready: () => {}, error: () => {} })).resolves.toEqual({ kind: 'failed' });
    await expect(scanWxCode(fakeWx(() => { throw new Error('boom'); }).wx)).resolves.toEqual({ kind: 'failed' });
  });

  it.each([
    ['CODE_128,AB123456', 'AB123456'],
    ['EAN_13,6901234567892', '6901234567892'],
    ['https://film.example.org/index?code=A,B', 'https://film.example.org/index?code=A,B'],
    ['HTTP://FILM.EXAMPLE.ORG/INDEX?CODE=AB123456', 'HTTP://FILM.EXAMPLE.ORG/INDEX?CODE=AB123456'],
    ['  CT202610020001 ', 'CT202610020001'],
  ])('the text of %j is %j', (scanned, text) => {
    expect(withoutBarcodeType(scanned)).toBe(text);
  });
});
