/** The figures of the bench: middles and tails of small samples, and how they print. */

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The nearest-rank quantile (p in 0..1): a value that was measured, never one made between two. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`);
export const ratio = (ours: number, peer: number) => (Number.isFinite(ours / peer) ? `${(ours / peer).toFixed(2)}×` : 'n/a');
