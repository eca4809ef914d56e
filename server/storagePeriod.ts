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
