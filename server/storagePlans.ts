import { fenToYuan } from './money';
import type { Hospital } from './repositories/hospitals';
import type { StudyRecord } from './repositories/studies';
import type { StoragePlan } from '../src/shared/api/storageSchemas';

/** A storage plan as the sandbox keeps it: amounts in fen. */
export interface StoragePlanRecord {
  /** Stable: orders keep it, and the app sends it back. */
  planId: string;
  /** The hospital's own name for it (Chinese). */
  name: string;
  months: number;
  chargeFen: number;
  originalChargeFen: number | null;
  recommended: boolean;
}

/** What the demo hospital sells (V1.0/Image/chargelist), shortest first. */
export const STORAGE_PLANS: readonly StoragePlanRecord[] = [
  { planId: 'storage-12m', name: '1年', months: 12, chargeFen: 3000, originalChargeFen: null, recommended: false },
  { planId: 'storage-36m', name: '3年', months: 36, chargeFen: 6800, originalChargeFen: 9000, recommended: true },
  { planId: 'storage-60m', name: '5年', months: 60, chargeFen: 9800, originalChargeFen: null, recommended: false },
];

export function findStoragePlan(planId: string): StoragePlanRecord | undefined {
  return STORAGE_PLANS.find((plan) => plan.planId === planId);
}

/** Storage can be bought for a study when its hospital sells it and the images are not kept for good already. */
export function storageForSale(study: StudyRecord, hospital: Hospital | undefined): boolean {
  return hospital?.modules.imageStore === true && study.storageExpiresOn !== null;
}

/** A plan as chargelist answers it: yuan. */
export function storagePlanView(plan: StoragePlanRecord): StoragePlan {
  return {
    planId: plan.planId,
    name: plan.name,
    months: plan.months,
    charge: fenToYuan(plan.chargeFen),
    originalCharge: plan.originalChargeFen === null ? null : fenToYuan(plan.originalChargeFen),
    recommended: plan.recommended,
  };
}
