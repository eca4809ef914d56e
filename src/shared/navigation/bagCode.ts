import { withoutBarcodeType } from '../platform/wechatPlaces';
import { ROUTE, routeByPath } from './routes';

/** A film bag's code: letters and digits, 6 to 32 of them (the accession number printed as QR code and barcode). */
const BAG_CODE = /^[A-Za-z0-9]{6,32}$/;

/**
 * The film bag's code in what was scanned or typed (issue 14, scanner): an address of the app's
 * entry with `code=` (the bag's QR code `/sl/pic/qr/selfhelp?code=…`, or `/index?code=…`), a
 * barcode's answer ("CODE_128,<code>"), or the bare code. Null for anything else (another QR code,
 * a web address elsewhere in the app, a payment code, text).
 */
export function bagCodeOf(text: string, origin: string): string | null {
  const value = withoutBarcodeType(text.trim());
  if (BAG_CODE.test(value)) return value;
  if (!/^https?:\/\//i.test(value) && !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (routeByPath(url.pathname)?.name !== ROUTE.index.name) return null;
  const code = url.searchParams.get('code')?.trim() ?? '';
  return BAG_CODE.test(code) ? code : null;
}

/** The collect form for the bag with this code: index with `code=` (issue 13). */
export function bagCollectHref(code: string): string {
  return `${ROUTE.index.path}?${new URLSearchParams({ code }).toString()}`;
}
