import { MAP_SCALE_DEFAULT, SCAN_TYPES, type Wx } from './wechat';

/** A place to show on a map. */
export interface Place {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** What scanning gave: the code's text, nothing (cancelled), or a failure. */
export type ScanResult = { kind: 'scanned'; text: string } | { kind: 'cancelled' } | { kind: 'failed' };

/** WeChat's map at MAP_SCALE_DEFAULT (spec section 9): opened, or failed (WeChat refused or has no map). */
export function openWxLocation(wx: Wx, place: Place): Promise<'opened' | 'failed'> {
  return new Promise((resolve) => {
    if (!wx.openLocation) return resolve('failed');
    try {
      wx.openLocation({
        name: place.name,
        address: place.address,
        latitude: place.latitude,
        longitude: place.longitude,
        scale: MAP_SCALE_DEFAULT,
        success: () => resolve('opened'),
        // Closing the map is the patient's doing, not a failure.
        cancel: () => resolve('opened'),
        fail: () => resolve('failed'),
      });
    } catch {
      resolve('failed');
    }
  });
}

/**
 * A barcode's answer names its type before the code ("CODE_128,CT202610020001"): the code alone.
 * A QR code's text (a URL, a bare code) is kept as it is.
 */
export function withoutBarcodeType(text: string): string {
  const barcode = /^[A-Z][A-Z0-9_]*,(.*)$/s.exec(text);
  return (barcode ? barcode[1]! : text).trim();
}

/** WeChat's scanner for SCAN_TYPES (QR code and barcode), answering the text itself (needResult 1). */
export function scanWxCode(wx: Wx): Promise<ScanResult> {
  return new Promise((resolve) => {
    if (!wx.scanQRCode) return resolve({ kind: 'failed' });
    try {
      wx.scanQRCode({
        needResult: 1,
        scanType: [...SCAN_TYPES],
        success: (result: { resultStr?: unknown }) => {
          const text = typeof result?.resultStr === 'string' ? withoutBarcodeType(result.resultStr) : '';
          resolve(text ? { kind: 'scanned', text } : { kind: 'failed' });
        },
        cancel: () => resolve({ kind: 'cancelled' }),
        fail: (reason: { errMsg?: unknown } | undefined) =>
          // Some WeChat versions report the patient closing the scanner as a failure ending in ":cancel".
          resolve(typeof reason?.errMsg === 'string' && reason.errMsg.endsWith(':cancel') ? { kind: 'cancelled' } : { kind: 'failed' }),
      });
    } catch {
      resolve({ kind: 'failed' });
    }
  });
}
