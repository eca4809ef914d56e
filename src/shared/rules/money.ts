/** Yuan sign used in prices. */
export const YUAN_SIGN = '¥';

/**
 * Formats an amount in yuan as `¥12.50`: two decimals, half away from zero, minus sign before the
 * yuan sign (`-¥3.00`). An amount that rounds to zero has no sign. Returns `''` for NaN or ±Infinity,
 * so a missing price shows nothing rather than a misleading `¥0.00`.
 */
export function formatYuan(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  // toPrecision(15) strips binary noise so 1.005 becomes 100.5 cents and rounds up, as people expect.
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}${YUAN_SIGN}${(cents / 100).toFixed(2)}`;
}

/** True when an order's charge is above 0 (spec §2: the amount paid is shown only then). */
export function hasCharge(charge: number | null | undefined): boolean {
  return typeof charge === 'number' && charge > 0;
}
