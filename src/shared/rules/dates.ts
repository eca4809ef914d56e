import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

import { shownTimeZone } from './timeZone';

export { DEFAULT_TIME_ZONE, isTimeZone, showTimesIn, shownTimeZone } from './timeZone';

/** A time the server wrote with its offset (`Z`, `+08:00`, `-0500`) names an instant; without one it is the hospital's wall time. */
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Default date format (spec §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones that have kept one offset since a known instant (IANA tzdata): from then on their wall
 * clock is the instant plus the offset, read without Intl. The first Intl formatter with a zone
 * loads ICU's zone and calendar data, 30 ms on the bench machine inside a screen's first render,
 * a long task at a phone's 4x (issue 26); the hospital's zone is one of these almost always.
 */
const STEADY_ZONES: Readonly<Record<string, { offsetMinutes: number; sinceMs: number }>> = {
  // China's last summer time ended at 02:00 (+09) on 15 September 1991.
  'Asia/Shanghai': { offsetMinutes: 480, sinceMs: Date.UTC(1991, 8, 14, 17) },
  UTC: { offsetMinutes: 0, sinceMs: -Infinity },
  'Etc/UTC': { offsetMinutes: 0, sinceMs: -Infinity },
};

/**
 * The hospital's wall clock at an instant, as a dayjs in UTC mode (so nothing consults the phone's
 * zone afterwards), read from a steady zone's offset or else through Intl, never through the
 * phone's zone. dayjs's timezone plugin parses through the phone's
 * zone, and on a day that zone skipped (Kiritimati's 31 December 1994) it came out a day off.
 */
function onHospitalClock(instant: Dayjs): Dayjs {
  const zone = shownTimeZone();
  const steady = STEADY_ZONES[zone];
  if (steady && instant.valueOf() >= steady.sinceMs) return dayjs.utc(instant.valueOf() + steady.offsetMinutes * 60_000);
  let clock = wallClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClocks.set(zone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(instant.toDate()).map(({ type, value }) => [type, value]));
  return dayjs.utc(`${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`).millisecond(instant.millisecond());
}

/** The hospital's calendar day of an instant (default now), whatever the phone's zone: for date maths shown to the patient. */
export function hospitalDay(instant: Date = new Date()): string {
  return onHospitalClock(dayjs(instant)).format(DATE_FORMAT);
}

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
 * Formats `input` with a dayjs format string (default {@link DATE_FORMAT}) in the hospital's time
 * zone ({@link shownTimeZone}), never the phone's: an instant (a Date, a Dayjs, milliseconds, a
 * string with an offset) is shown as the hospital's clock read it; a string without an offset is
 * already the hospital's wall time and is shown as written. Returns `''` for null, undefined or
 * anything dayjs cannot parse. This is the one place the app turns a time into text.
 */
export function formatDate(input: DateInput, format: string = DATE_FORMAT): string {
  const parsed = toDayjs(input);
  if (!parsed) return '';
  const written = typeof input === 'string' ? input.trim() : null;
  // Already the hospital's wall time: shown as written. Read as UTC, so no zone (the phone's, with
  // its summer-time jumps) moves it.
  if (written !== null && !HAS_OFFSET.test(written)) return dayjs.utc(written).format(format);
  return onHospitalClock(parsed).format(format);
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
