import { toChinaWallClock } from './chinaTime';

/** How long a study's images stay online for free after the study. */
export const FREE_STORAGE_DAYS = 180;
/** A study whose storage ends within this many days counts as expiring (V2.0/YJPIndex/CheckExpireStorage). */
export const EXPIRING_WITHIN_DAYS = 30;

const DAY_MS = 86_400_000;

/** The hospital's calendar day (China time) at an instant, "YYYY-MM-DD". */
export function chinaDate(instant: Date): string {
  return toChinaWallClock(instant).slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface StorageState {
  /** The images are still served: `expireDate` is today or later. */
  stored: boolean;
  expireDate: string;
  /** Days from today to the last day; 0 on the last day and after it. */
  daysLeft: number;
}

export function storageState(expireDate: string, today: string): StorageState {
  const days = daysBetween(today, expireDate);
  return { stored: days >= 0, expireDate, daysLeft: Math.max(days, 0) };
}

/**
 * A calendar day some months later, "YYYY-MM-DD"; a day the later month lacks becomes its last
 * (2026-01-31 plus one month is 2026-02-28).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Kept for good (no end), more than EXPIRING_WITHIN_DAYS left, that many or fewer, or ended. */
export type StorageStateName = 'active' | 'expiring' | 'expired' | 'permanent';

/** The rule of CheckExpireStorage: expiring from today to EXPIRING_WITHIN_DAYS days on, expired before today. */
export function storageStateName(expireDate: string | null, today: string): StorageStateName {
  if (expireDate === null) return 'permanent';
  const days = daysBetween(today, expireDate);
  if (days < 0) return 'expired';
  return days <= EXPIRING_WITHIN_DAYS ? 'expiring' : 'active';
}

/**
 * Where bought storage ends: the plan's months after the current end, or after today when the
 * storage has ended already.
 */
export function extendedStorageEnd(currentEnd: string, today: string, months: number): string {
  return addMonths(currentEnd > today ? currentEnd : today, months);
}
