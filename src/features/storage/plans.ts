import dayjs from 'dayjs';
import type { StoragePlan, StudyStorage } from '../../shared/api/storageSchemas';
import type { Translate } from '../../shared/i18n/translate';
import { DATE_FORMAT, hospitalDay } from '../../shared/rules/dates';

/** A plan's length in the patient's words: whole years as years, else months. */
export function planLength(t: Translate, months: number): string {
  if (months === 12) return t('storage.planOneYear');
  if (months % 12 === 0) return t('storage.planYears', { count: months / 12 });
  return months === 1 ? t('storage.planOneMonth') : t('storage.planMonths', { count: months });
}

/**
 * The storage end a plan would give, as the sandbox computes it: the later of today and the current
 * end, plus the plan's months (a shown estimate; the server's answer after paying is what counts).
 * "Today" is the hospital's day, whatever the phone's zone.
 */
export function storageEndAfter(storage: Pick<StudyStorage, 'expireDate'>, months: number, now: Date = new Date()): string {
  const start = dayjs(hospitalDay(now));
  const from = storage.expireDate && dayjs(storage.expireDate).isAfter(start) ? dayjs(storage.expireDate) : start;
  return from.add(months, 'month').format(DATE_FORMAT);
}

/**
 * The plans panel's choice: the plan the patient chose (none until they choose: nothing that costs
 * money is chosen for them, not even the hospital's recommended plan, which is only marked) and the
 * plan whose price is being confirmed.
 */
export function planChoice(plans: readonly StoragePlan[], buy: { choice: string | null; ordering: string | null }) {
  const byId = (planId: string | null) => plans.find((plan) => plan.planId === planId) ?? null;
  return { chosen: byId(buy.choice), ordering: byId(buy.ordering) };
}
