/** Hospital wall-clock times are China Standard Time (UTC+8, no daylight saving). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A China wall-clock date and time (plus some hours) as an ISO instant. */
export function fromChinaWallClock(date: string, time: string, plusHours = 0): string {
  return new Date(Date.parse(`${date}T${time}+08:00`) + plusHours * 3_600_000).toISOString();
}

/** An instant as China wall-clock time, "YYYY-MM-DD HH:mm:ss". */
export function toChinaWallClock(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant as a compact China wall-clock stamp, "YYYYMMDDHHmmss", as order and record numbers use. */
export function chinaStamp(instant: string | Date): string {
  return toChinaWallClock(instant).replace(/\D/g, '');
}
