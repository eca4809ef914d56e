import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectAiApply } from '../../../machines/aiApply/aiApply.connect';
import { createAiApplyMachine } from '../../../machines/aiApply/aiApply.machine';
import type { SubmitOutcome } from '../../../machines/aiApply/aiApply.types';
import { connectAiStatus } from '../../../machines/aiStatus/aiStatus.connect';
import { createAiStatusMachine } from '../../../machines/aiStatus/aiStatus.machine';
import type { InfoOutcome } from '../../../machines/aiStatus/aiStatus.types';
import { connectPayment } from '../../../machines/payment/payment.connect';
import type { PaymentMachine } from '../../../machines/payment/payment.machine';
import type { AiOrderInfo } from '../../shared/api/aiApplySchemas';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useResource } from '../../shared/charts/useResource';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { useServices } from '../../shared/services';
import type { AnyActorRef } from 'xstate';
import { aiStatusHref, loadAiInfo, loadAiStudies, loadApplyPage, submitAiOrder } from './aiApplyCalls';

/** The payment child of a screen's chart, as the view and the pay dialogs need it. */
function usePaymentChild(ref: AnyActorRef | undefined, chart: string) {
  if (!ref) throw new Error(`${chart}: the payment chart is not running`);
  const snapshot = useSelector(ref, (current) => current) as ReturnType<PaymentMachine['getInitialSnapshot']>;
  return useMemo(() => connectPayment(snapshot, ref.send), [snapshot, ref]);
}

/** aiApply without a study: the studies AI can analyse, each with its latest order. */
export function useAiStudies() {
  const { api } = useServices();
  const load = useCallback((_: Record<string, never>, signal: AbortSignal) => loadAiStudies(api, signal), [api]);
  return useResource(load, useMemo(() => ({}), []));
}

/** One study's channels and latest order (the resource chart); a new `loads` loads them again. */
export function useApplyPage(collectFilmId: string) {
  const { api } = useServices();
  const load = useCallback((request: { collectFilmId: string }, signal: AbortSignal) => loadApplyPage(api, request.collectFilmId, signal), [api]);
  return useResource(load, useMemo(() => ({ collectFilmId }), [collectFilmId]));
}

/**
 * aiApply with a study: the aiApply chart (confirm, one order) with the payment chart as its child.
 * A refusal bumps `loads` (the channels are loaded again); paid or free goes to aiStatus.
 */
export function useAiApply(collectFilmId: string, port: PaymentPort) {
  const { api } = useServices();
  const navigate = useNavigate();
  const reportFailure = useReportFailure();
  const [loads, setLoads] = useState(0);
  const machine = useMemo(
    () =>
      createAiApplyMachine(port.logic).provide({
        actors: {
          submitOrder: fromPromise<SubmitOutcome, { collectFilmId: string; channelId: string }>(({ input, signal }) => submitAiOrder(api, input, signal)),
        },
        actions: {
          openStatus: (_, { orderId }) => void navigate(aiStatusHref(orderId)),
          reload: () => setLoads((count) => count + 1),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [api, navigate, port.logic, reportFailure],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { collectFilmId } });
  const { howToPay } = port;
  const apply = useMemo(() => {
    const view = connectAiApply(snapshot, send);
    // Confirming pays (when there is a price) the way the payment feature says now.
    return { ...view, confirm: () => view.confirm(howToPay()) };
  }, [snapshot, send, howToPay]);
  const payment = usePaymentChild(snapshot.children.payment, 'aiApply');
  return { apply, payment, Dialogs: port.Dialogs, loads };
}
export type AiApplyScreenView = ReturnType<typeof useAiApply>;

/**
 * aiStatus: the aiStatus chart (following the order with back-off) with the payment chart as its
 * child. A hidden page asks nothing; showing it again asks at once.
 */
export function useAiStatus(orderId: string, port: PaymentPort) {
  const { api } = useServices();
  const machine = useMemo(
    () =>
      createAiStatusMachine(port.logic).provide({
        actors: { loadInfo: fromPromise<InfoOutcome, { orderId: string }>(({ input, signal }) => loadAiInfo(api, input, signal)) },
      }),
    [api, port.logic],
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
  const payment = usePaymentChild(snapshot.children.payment, 'aiStatus');
  return { view, payment, Dialogs: port.Dialogs };
}
