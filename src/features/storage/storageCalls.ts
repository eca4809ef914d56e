import * as z from 'zod/mini';
import type { ActionAnswer } from '../../../machines/confirmedAction/confirmedAction.types';
import { purchaseOf } from '../../../machines/payment/payment.types';
import type { SubmitOutcome as Outcome } from '../../../machines/purchase/purchase.types';
import { actionAnswer } from '../../shared/api/actionAnswer';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';
import { pageSchema } from '../../shared/api/schemas';
import {
  chargeListSchema,
  checkStorageSchema,
  STORAGE_CODES,
  storageOrderCreatedSchema,
  storageOrderRowSchema,
  type StoragePlan,
  type StorageOrderRow,
  type StudyStorage,
} from '../../shared/api/storageSchemas';

/** Why a storage order was not made: the server's refusals, as the screen words them. */
export type StoreBuyProblem = 'planUnknown' | 'notForSale' | 'studyNotFound';
type SubmitOutcome = Outcome<StoreBuyProblem>;

const PROBLEM_OF_CODE: Readonly<Record<number, StoreBuyProblem>> = {
  [STORAGE_CODES.planUnknown]: 'planUnknown',
  [STORAGE_CODES.notForSale]: 'notForSale',
  [STORAGE_CODES.studyNotFound]: 'studyNotFound',
};

/** GET V1.0/Image/CheckStorage: every study of the patient's, soonest to end first. */
export function loadAllStorage(api: ApiClient, signal: AbortSignal): Promise<{ studies: StudyStorage[] }> {
  return api.request(ENDPOINTS.image.CheckStorage, { schema: checkStorageSchema, signal });
}

/** One study's storage and the plans on sale for it (none when it cannot be bought). */
export async function loadStudyStore(api: ApiClient, collectFilmId: string, signal: AbortSignal): Promise<{ storage: StudyStorage; plans: StoragePlan[] }> {
  const { studies } = await api.request(ENDPOINTS.image.CheckStorage, { params: { id: collectFilmId }, schema: checkStorageSchema, signal });
  const storage = studies[0];
  if (!storage) throw new Error(`CheckStorage answered no study ${collectFilmId}`);
  if (!storage.canBuy) return { storage, plans: [] };
  const { plans } = await api.request(ENDPOINTS.image.chargelist, { params: { id: collectFilmId }, schema: chargeListSchema, signal });
  return { storage, plans };
}

/** POST V1.0/Image/submmit: the order to pay (the same one again for the same plan), or why not. */
export async function submitStorageOrder(api: ApiClient, request: { collectFilmId: string; planId: string }, signal: AbortSignal): Promise<SubmitOutcome> {
  try {
    const order = await api.request(ENDPOINTS.image.submmit, { data: { id: request.collectFilmId, planId: request.planId }, schema: storageOrderCreatedSchema, signal });
    return { ok: true, purchase: purchaseOf('storageOrder', order) };
  } catch (error) {
    const problem = PROBLEM_OF_CODE[businessFailure(error)?.statusCode ?? -1];
    if (problem) return { ok: false, problem };
    throw error;
  }
}

const orderPage = pageSchema(storageOrderRowSchema);

/** GET V1.0/Image/StorageOrderList: a page of orders, newest first (`status` -1 for all). */
export function loadStorageOrders(
  api: ApiClient,
  request: { status: number; pageIndex: number; pageLength: number },
  signal: AbortSignal,
): Promise<{ rows: StorageOrderRow[]; totals: number }> {
  return api.request(ENDPOINTS.image.StorageOrderList, { params: request, schema: orderPage, signal });
}

/** POST V1.0/Image/CancelOrder: done, or refused with the server's message (no longer to be paid). */
export const cancelStorageOrder = (api: ApiClient, orderId: string): Promise<ActionAnswer> =>
  actionAnswer(api.request(ENDPOINTS.image.CancelOrder, { data: { orderId }, schema: z.nullish(z.unknown()) }));
