import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectAiStatus } from '../../../machines/aiStatus/aiStatus.connect';
import { createAiStatusMachine } from '../../../machines/aiStatus/aiStatus.machine';
import type { InfoOutcome } from '../../../machines/aiStatus/aiStatus.types';
import type { AiOrderInfo } from '../../shared/api/aiApplySchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useResource } from '../../shared/charts/useResource';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { usePurchase, usePurchaseActor, usePurchaseLogic, type SaleEffects } from '../../shared/payment/usePurchase';
import { useServices } from '../../shared/services';
import { loadAiInfo, loadAiStudies, loadApplyPage, submitAiOrder, type AiApplyProblem } from './aiApplyCalls';
import { aiStatusHref } from './aiApplyLinks';

/** aiApply without a study: the studies AI can analyse, each with its latest order. */
export function useAiStudies() {
  const { api } = useServices();
  const load = useCallback((_: Record<string, never>, signal: AbortSignal) => loadAiStudies(api, signal), [api]);
  return useResource(load, useMemo(() => ({}), []));
}

/** One study's channels and latest order (the resource chart). */
export function useApplyPage(collectFilmId: string) {
  const { api } = useServices();
  const load = useCallback((request: { collectFilmId: string }, signal: AbortSignal) => loadApplyPage(api, request.collectFilmId, signal), [api]);
  return useResource(load, useMemo(() => ({ collectFilmId }), [collectFilmId]));
}

/**
 * aiApply with a study: its channels and latest order (the resource chart) and the purchase chart
 * (confirm, one order, pay). A refusal loads the channels again; an order paid, being confirmed
 * or free opens its progress.
 */
export function useAiApply(collectFilmId: string, port: PaymentPort) {
  const { api } = useServices();
  const navigate = useNavigate();
  const page = useApplyPage(collectFilmId);
  const { reload } = page;
  const effects = useMemo<SaleEffects<AiApplyProblem>>(
    () => ({
      submitOrder: (channelId, signal) => submitAiOrder(api, { collectFilmId, channelId }, signal),
      orderChanged: (orderId) => void navigate(aiStatusHref(orderId)),
      reload,
    }),
    [api, collectFilmId, navigate, reload],
  );
  const purchase = usePurchase(port, effects);
  return { page, purchase };
}
export type AiApplyScreenView = ReturnType<typeof useAiApply>;

/**
 * aiStatus: the aiStatus chart (following the order with back-off) with the payment chart as its
 * child. A hidden page asks nothing; showing it again asks at once.
 */
export function useAiStatus(orderId: string, port: PaymentPort) {
  const { api } = useServices();
  const purchaseLogic = usePurchaseLogic(port);
  const machine = useMemo(
    () =>
      createAiStatusMachine(purchaseLogic).provide({
        actors: { loadInfo: fromPromise<InfoOutcome, { orderId: string }>(({ input, signal }) => loadAiInfo(api, input, signal)) },
      }),
    [api, purchaseLogic],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { orderId } });
  const { howToPay } = port;
  const view = useMemo(() => {
    const status = connectAiStatus<AiOrderInfo>(snapshot, send);
    return { ...status, pay: () => status.pay(howToPay()) };
  }, [snapshot, send, howToPay]);
  useEffect(() => {
    const onVisibility = () => send({ type: document.visibilityState === 'hidden' ? 'PAUSE' : 'RESUME' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [send]);
  const purchaseRef = snapshot.children.purchase;
  if (!purchaseRef) throw new Error('aiStatus: the purchase chart is not running');
  const purchase = usePurchaseActor(purchaseRef, port);
  return { view, purchase };
}
