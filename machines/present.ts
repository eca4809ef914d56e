/**
 * A context field the current state is sure to hold. Its absence is a bug in the chart, so it
 * throws with the chart's name instead of letting a `null` travel on (charts use no `!` casts).
 */
export function present<T>(value: T | null | undefined, what: string, chart: string): T {
  if (value === null || value === undefined) throw new Error(`${chart}: no ${what} in this state`);
  return value;
}
