// The hospital's zone, apart from the date formatting (dates.ts): the start of the app sets it and
// checks the configuration with it without downloading dayjs, which only the screens need.

/**
 * One clock (decisions.md): every time the app shows is in the hospital's time zone, whatever the
 * phone's. The runtime configuration names it (`timeZone`); this is the zone until it is read.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let shownZone = DEFAULT_TIME_ZONE;

/** True when `zone` is an IANA time zone this browser knows (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(zone: string): boolean {
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

