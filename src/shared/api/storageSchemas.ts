import * as z from 'zod/mini';
import { serverId as id, yuan } from './fields';
import { type OrderCreated, orderCreatedSchema } from './schemas';

/**
 * Paid storage (issue 14): V1.0/Image chargelist, CheckStorage, submmit, StorageOrderList,
 * CancelOrder; pay and WxPayResultNotify are the payment feature's (kind `storageOrder`). A study's
 * images stay online until its storage ends; a plan adds months to it. Amounts are yuan as the
 * server sends them.
 */

const text = z.string();

/** A storage order's status: 2 to be paid (the payment chart's TO_BE_PAID), 3 paid, 5 closed. */
export const STORAGE_ORDER_STATUS = { toBePaid: 2, paid: 3, closed: 5 } as const;
export type StorageOrderStatus = (typeof STORAGE_ORDER_STATUS)[keyof typeof STORAGE_ORDER_STATUS];

/** The storage order list's tabs: the `status` query value of each. */
export const STORAGE_ORDER_TABS = [
  { key: 'all', status: -1 },
  { key: 'toBePaid', status: STORAGE_ORDER_STATUS.toBePaid },
  { key: 'paid', status: STORAGE_ORDER_STATUS.paid },
  { key: 'closed', status: STORAGE_ORDER_STATUS.closed },
] as const;

/** Business status codes of the Image calls. */
export const STORAGE_CODES = {
  /** No such study, or not the patient's. */
  studyNotFound: 4401,
  /** The plan is not offered (any more). */
  planUnknown: 4402,
  /** The hospital sells no storage for this study (its images are kept for good, or the module is off). */
  notForSale: 4403,
  /** Cancel: the order is no longer to be paid. */
  notCancellable: 4404,
  orderNotFound: 4405,
} as const;

/**
 * One study's storage. `state`: active (more than 30 days left), expiring (30 days or fewer),
 * expired, or permanent (kept for good: nothing to buy). `expireDate` YYYY-MM-DD (China), null when
 * permanent. `pendingOrderId`: an order to be paid for this study, if any (buying again reuses it).
 */
export const studyStorageSchema = z.object({
  collectFilmId: id,
  studyDescription: text,
  studyDate: text,
  modality: text,
  state: z.enum(['active', 'expiring', 'expired', 'permanent']),
  expireDate: z.nullable(text),
  daysLeft: z.int(),
  canBuy: z.boolean(),
  pendingOrderId: z.nullable(text),
});
export type StudyStorage = z.infer<typeof studyStorageSchema>;

/** GET V1.0/Image/CheckStorage?id= (one study) or without id (all the patient's studies, soonest to end first). */
export const checkStorageSchema = z.object({ studies: z.array(studyStorageSchema) });
export type CheckStorage = z.infer<typeof checkStorageSchema>;

/**
 * GET V1.0/Image/chargelist?id=: the plans on sale for that study. `months` is what a plan adds;
 * `name` is the hospital's (Chinese), the app names a plan by its months in the patient's language.
 */
export const storagePlanSchema = z.object({
  planId: text,
  name: text,
  months: z.int().check(z.positive()),
  charge: yuan,
  /** The price before a discount, when there is one. */
  originalCharge: z.nullish(yuan),
  recommended: z._default(z.boolean(), false),
});
export type StoragePlan = z.infer<typeof storagePlanSchema>;
export const chargeListSchema = z.object({ plans: z.array(storagePlanSchema) });

/**
 * POST V1.0/Image/submmit { id, planId }: the order to pay. One intent, one order: an order to be
 * paid for the same study and plan is returned again (`reused`); one for another plan is closed
 * and replaced.
 */
export const storageOrderCreatedSchema = orderCreatedSchema;
export type StorageOrderCreated = OrderCreated;

/** A row of GET V1.0/Image/StorageOrderList?status=&pageIndex=&pageLength= (newest first; `status` -1 for all). */
export const storageOrderRowSchema = z.object({
  orderId: text,
  id: z.int(),
  collectFilmId: id,
  /** China wall-clock time, "YYYY-MM-DD HH:mm:ss". */
  time: text,
  studyDescription: text,
  studyDate: text,
  modality: text,
  planName: text,
  months: z.int(),
  charge: yuan,
  status: z.int(),
  /** Paid: the storage end this order bought (YYYY-MM-DD). */
  expireDate: z.nullable(text),
});
export type StorageOrderRow = z.infer<typeof storageOrderRowSchema>;
