import { createHash } from 'node:crypto';

/** The UID root pydicom offers for generated UIDs; DICOM UIDs are at most 64 characters. */
export const SANDBOX_UID_ROOT = '1.2.826.0.1.3680043.8.498.';
const MAX_UID_LENGTH = 64;

/** A stable DICOM UID derived from a name, so a reseeded sandbox gets the same UIDs. */
export function uidFor(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const suffix = BigInt(`0x${hex}`).toString().slice(0, MAX_UID_LENGTH - SANDBOX_UID_ROOT.length);
  // A UID component must not start with 0; a decimal BigInt never does.
  return SANDBOX_UID_ROOT + suffix;
}

/** DICOM Age String (AS): three digits and a unit, e.g. "045Y", "008M", "003W", "006D". */
export function dicomAge(birthDate: string, onDate: string): string {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  const months = (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
  const pad = (n: number) => String(n).padStart(3, '0');
  if (months >= 12) return `${pad(Math.floor(months / 12))}Y`;
  if (months >= 1) return `${pad(months)}M`;
  const days = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
  return days >= 7 ? `${pad(Math.floor(days / 7))}W` : `${pad(Math.max(days, 0))}D`;
}
