import { useCallback, useMemo } from 'react';
import { useResource } from '../../shared/charts/useResource';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { usePurchase, type SaleEffects } from '../../shared/payment/usePurchase';
import { useServices } from '../../shared/services';
import { loadStudyStore, submitStorageOrder, type StoreBuyProblem } from './storageCalls';

/** One study's storage and plans (the resource chart). */
export function useStudyStore(collectFilmId: string) {
  const { api } = useServices();
  const load = useCallback((request: { collectFilmId: string }, signal: AbortSignal) => loadStudyStore(api, request.collectFilmId, signal), [api]);
  return useResource(load, useMemo(() => ({ collectFilmId }), [collectFilmId]));
}

/**
 * imageStore with a study: its storage and plans (the resource chart) and the purchase chart
 * (confirm, one order, pay). A payment the server calls paid (or being confirmed), and a refusal,
 * load the storage and plans again.
 */
export function useStoreBuy(collectFilmId: string, port: PaymentPort) {
  const { api } = useServices();
  const store = useStudyStore(collectFilmId);
  const { reload } = store;
  const effects = useMemo<SaleEffects<StoreBuyProblem>>(
    () => ({
      submitOrder: (planId, signal) => submitStorageOrder(api, { collectFilmId, planId }, signal),
      orderChanged: reload,
      reload,
    }),
    [api, collectFilmId, reload],
  );
  const buy = usePurchase(port, effects);
  return { store, buy };
}
export type StoreBuyView = ReturnType<typeof useStoreBuy>;
