import { useCallback, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { connectStoreBuy } from '../../../machines/storeBuy/storeBuy.connect';
import { storeBuyMachine } from '../../../machines/storeBuy/storeBuy.machine';
import type { SubmitOutcome } from '../../../machines/storeBuy/storeBuy.types';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useResource } from '../../shared/charts/useResource';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { useStandalonePayment } from '../../shared/payment/useStandalonePayment';
import { useServices } from '../../shared/services';
import { loadStudyStore, submitStorageOrder } from './storageCalls';

/** One study's storage and plans (the resource chart). A new `loads` key on its view loads them again. */
export function useStudyStore(collectFilmId: string) {
  const { api } = useServices();
  const load = useCallback((request: { collectFilmId: string }, signal: AbortSignal) => loadStudyStore(api, request.collectFilmId, signal), [api]);
  return useResource(load, useMemo(() => ({ collectFilmId }), [collectFilmId]));
}

/**
 * imageStore with a study: buying (the storeBuy chart: confirm, one order) and paying (the payment
 * chart). `loads` changes after a payment or a refusal: the storage and plans are loaded again.
 */
export function useStoreBuy(collectFilmId: string, port: PaymentPort) {
  const { api } = useServices();
  const reportFailure = useReportFailure();
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((count) => count + 1), []);
  const payment = useStandalonePayment(port, reload);
  const { pay } = payment;
  const machine = useMemo(
    () =>
      storeBuyMachine.provide({
        actors: {
          submitOrder: fromPromise<SubmitOutcome, { planId: string }>(({ input, signal }) => submitStorageOrder(api, { collectFilmId, planId: input.planId }, signal)),
        },
        actions: {
          startPayment: (_, purchase) => pay(purchase),
          reload,
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [api, collectFilmId, pay, reload, reportFailure],
  );
  const [snapshot, send] = useAppMachine(machine);
  const buy = useMemo(() => connectStoreBuy(snapshot, send), [snapshot, send]);
  return { buy, payment, loads };
}
