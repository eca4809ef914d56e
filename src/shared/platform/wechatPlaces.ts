import type { Wx } from './wechat';

/** A place to show on a map. */
export interface Place {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** What scanning gave: the code's text, nothing (cancelled), or a failure. */
export type ScanResult = { kind: 'scanned'; text: string } | { kind: 'cancelled' } | { kind: 'failed' };

/** WeChat's map at MAP_SCALE_DEFAULT. To be written (issue 14, map). */
export async function openWxLocation(_wx: Wx, _place: Place): Promise<'opened' | 'failed'> {
  return 'failed';
}

/** WeChat's scanner for SCAN_TYPES (QR code and barcode). To be written (issue 14, scanner). */
export async function scanWxCode(_wx: Wx): Promise<ScanResult> {
  return { kind: 'failed' };
}
