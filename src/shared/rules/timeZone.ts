// The hospital's zone, apart from the date formatting (dates.ts): the start of the app sets it and
// checks the configuration with it without downloading dayjs, which only the screens need.

/**
 * One clock (decisions.md): every time the app shows is in the hospital's time zone, whatever the
 * phone's. The runtime configuration names it (`timeZone`); this is the zone until it is read.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let shownZone = DEFAULT_TIME_ZONE;

/** The zones the engine lists by their canonical names, read once. */
let listedZones: ReadonlySet<string> | null = null;

/**
 * True when `zone` is an IANA time zone this browser knows (`Asia/Shanghai`, `UTC`). The engine's
 * list answers for a canonical name in about 2 ms; only another name (an alias such as
 * `Asia/Calcutta`) is tried on a formatter, whose first construction loads ICU's date data, 13 to
 * 22 ms in Chromium, at 4x CPU a long task of the phone's start (issue 26).
 */
export function isTimeZone(zone: string): boolean {
  listedZones ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  if (listedZones.has(zone)) return true;
  try {
    // An empty or unknown zone throws (RangeError).
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The hospital's zone, from the runtime configuration, once at start (src/main.tsx). */
export function showTimesIn(zone: string): void {
  shownZone = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The zone every shown time is in. */
export function shownTimeZone(): string {
  return shownZone;
}

