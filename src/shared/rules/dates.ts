import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/** Default date format (spec §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** One day in milliseconds: the "today" window (spec §9). */
export const ONE_DAY_MS = 86_400_000;

/** What the date helpers accept: a millisecond timestamp, a date string, a Date or a Dayjs. */
export type DateInput = string | number | Date | Dayjs | null | undefined;

function toDayjs(input: DateInput): Dayjs | null {
  // dayjs(undefined) would mean "now"; a missing value must not silently become today.
  if (input === null || input === undefined) return null;
  const parsed = dayjs(input);
  return parsed.isValid() ? parsed : null;
}

/**
 * Formats `input` with a dayjs format string (default {@link DATE_FORMAT}), in local time.
 * Numbers are milliseconds. Returns `''` for null, undefined or anything dayjs cannot parse.
 */
export function formatDate(input: DateInput, format: string = DATE_FORMAT): string {
  return toDayjs(input)?.format(format) ?? '';
}

/**
 * True when `timestampMs` is less than {@link ONE_DAY_MS} before `now` (a rolling 24-hour window,
 * not the calendar day, as the spec words it). A timestamp after `now` is not "ago" and returns
 * false, as do non-finite values.
 */
export function isToday(timestampMs: number, now: number = Date.now()): boolean {
  if (!Number.isFinite(timestampMs) || !Number.isFinite(now)) return false;
  const elapsed = now - timestampMs;
  return elapsed >= 0 && elapsed < ONE_DAY_MS;
}

/**
 * The local midnight that starts `input`'s day, as a Unix timestamp in seconds (spec §9: date
 * math uses midnight timestamps in seconds). Returns `null` when `input` is missing or invalid.
 */
export function midnightSeconds(input: DateInput): number | null {
  return toDayjs(input)?.startOf('day').unix() ?? null;
}
