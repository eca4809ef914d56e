import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { aiOrderMachine } from '../../../machines/aiOrder/aiOrder.machine';
import type { OrderRef } from '../../../machines/aiOrder/aiOrder.types';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { aiOrderRowSchema, pageSchema, type AiOrderRow } from '../../shared/api/schemas';
import { ROUTE } from '../../shared/navigation/routes';
import { useServices } from '../../shared/services';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { usePagedList } from '../../shared/list/usePagedList';
import { useReportFailure, useReportListFailure } from '../../shared/api/useReportFailure';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import type { AiOrderAction } from './aiOrderRules';
import { AI_ORDER_TABS, type AiOrderTabFilter } from '../../shared/rules/constants';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import { PagedList } from '../../shared/list/PagedList';
import { useToast } from '../../shared/views/Toast';
import * as css from './aiOrder.css';
import { payInWeChat } from '../../shared/platform/wechat';
import { Busy } from '../../shared/views/Busy';
import { OrderCard } from './AiOrderCard';
import { cancelOrder, lookUpResult, viewerHref } from './aiOrderCalls';
import { getPayParams, queryPayResult } from '../payment/paymentCalls';

const orderPage = pageSchema(aiOrderRowSchema);
const orderListMachine = createPagedListMachine<AiOrderRow, AiOrderTabFilter>();
const listEndpoint = ENDPOINTS.ai.OrderList;

export const ACTION_EVENTS = {
  applyProgress: 'OPEN_PROGRESS',
  viewReason: 'VIEW_REASON',
  aiResult: 'OPEN_RESULT',
  cancelOrder: 'CANCEL',
  pay: 'PAY',
} as const satisfies Record<AiOrderAction, string | null>;

const TOASTS = {
  cancelSucceeded: 'toast.operationSucceeded',
  messageLost: 'toast.messageLost',
  resultRefused: 'toast.resultRefused',
  failed: 'toast.failed',
} as const satisfies Record<string, MessageKey>;

function tabFromQuery(value: string | null): AiOrderTabFilter {
  return (AI_ORDER_TABS.find((tab) => tab.key === value) ?? AI_ORDER_TABS[0]).status;
}

/** The AI order list (spec section 2): four tabs, cards, the buttons each status allows. */
export default function AiOrderListScreen() {
  const { api, config, wechat, analytics, pendingPayments } = useServices();
  const { t } = useI18n();
  const navigate = useNavigate();
  const toast = useToast();
  const [query, setQuery] = useSearchParams();
  const reportListFailure = useReportListFailure(listEndpoint);
  const reportFailure = useReportFailure(ENDPOINTS.package.HospitalStudyImageList);

  const load = useCallback(
    ({ filter, page, pageSize }: LoadRequest<AiOrderTabFilter>, signal: AbortSignal) =>
      api.request(listEndpoint, { params: { status: filter, pageIndex: page, pageLength: pageSize }, schema: orderPage, signal }),
    [api],
  );
  const list = usePagedList({ machine: orderListMachine, filter: tabFromQuery(query.get('tab')), load, reportFailure: reportListFailure });
  const sendToList = list.send;

  const orderLogic = useMemo(
    () =>
      aiOrderMachine.provide({
        actors: {
          cancelOrder: fromPromise(({ input }) => cancelOrder(api, input)),
          lookUpResult: fromPromise(({ input }) => lookUpResult(api, input, config.allowedRedirectOrigins)),
        },
        actions: {
          openFilm: (_, { order }) => void navigate(`${ROUTE.index.path}?id=${encodeURIComponent(order.collectFilmId)}`),
          openProgress: (_, { order }) => void navigate(`${ROUTE.aiResult.path}?id=${encodeURIComponent(order.collectFilmId)}`),
          openExternalResult: (_, { url }) => window.location.assign(url),
          openViewer: (_, { lookup }) => void navigate(viewerHref(lookup)),
          showToast: (_, { message, serverMessage }) => toast(serverMessage ?? t(TOASTS[message])),
          refreshList: () => sendToList({ type: 'REFRESH' }),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [api, config.allowedRedirectOrigins, navigate, toast, t, sendToList, reportFailure],
  );
  const [order, sendToOrder] = useAppMachine(orderLogic);

  const tabKey = AI_ORDER_TABS.find((tab) => tab.status === list.view.filter)?.key ?? 'all';
  const paymentLogic = useMemo(
    () =>
      paymentMachine.provide({
        actors: {
          getPayParams: fromPromise(({ input }) =>
            getPayParams(api, input.intent, input.payWay, `${window.location.origin}${ROUTE.aiOrder.path}?tab=${tabKey}`),
          ),
          payInApp: fromPromise(({ input }) => (input.way === 1 ? payInWeChat(input.params) : Promise.resolve('fail' as const))),
          queryPayResult: fromPromise(({ input }) => queryPayResult(api, input)),
        },
        actions: {
          openH5Page: (_, { params, intent }) => {
            pendingPayments.save(intent);
            if (params.way === 2) window.location.assign(params.params.h5_url);
          },
          forgetPendingPayment: () => pendingPayments.clear(),
          showOutcome: (_, { message }) => toast(t(`payment.${message}`)),
          refreshList: () => sendToList({ type: 'REFRESH' }),
          logToAnalytics: (_, { outcome, intent }) => analytics.track(outcome === 'cancel' ? 'payment_cancelled' : 'payment_failed', { ...intent }),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [api, tabKey, pendingPayments, toast, t, sendToList, analytics, reportFailure],
  );
  const [payment, sendToPayment] = useAppMachine(paymentLogic);

  // Coming back from the H5 pay page is a new page load, or this page restored by the back
  // button (back-forward cache): either way, resume that payment.
  useEffect(() => {
    const resume = () => {
      const pending = pendingPayments.load();
      if (pending) sendToPayment({ type: 'RESUME_H5', intent: pending });
    };
    resume();
    const onPageShow = (event: PageTransitionEvent) => event.persisted && resume();
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [pendingPayments, sendToPayment]);

  const current = list.view.filter;
  const switchTab = (key: string, status: AiOrderTabFilter) => {
    if (status === current) return;
    setQuery({ tab: key }, { replace: true });
    sendToList({ type: 'SWITCH_FILTER', filter: status });
  };

  return (
    <div data-testid="ai-order-list" data-order-state={order.value as string} data-payment-state={payment.value as string}>
      <div className={css.tabs} role="tablist">
        {AI_ORDER_TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            className={css.tab}
            aria-selected={tab.status === current}
            data-testid={`tab-${tab.key}`}
            onClick={() => switchTab(tab.key, tab.status)}
          >
            {t(`aiOrder.tab.${tab.key}`)}
          </button>
        ))}
      </div>
      <PagedList
        testId="order-list"
        view={list.view}
        onLoadMore={() => sendToList({ type: 'LOAD_MORE' })}
        onRefresh={() => sendToList({ type: 'REFRESH' })}
        onRetry={() => sendToList({ type: 'RETRY' })}
        itemKey={(row) => row.orderId}
        renderItem={(row) => (
          <OrderCard
            row={row}
            busy={order.hasTag('busy') || payment.hasTag('busy')}
            onOpen={() => sendToOrder({ type: 'OPEN_FILM', order: toRef(row) })}
            onAction={(action) => {
              const type = ACTION_EVENTS[action];
              if (type === 'PAY') sendToPayment({ type, intent: { checkRecordId: row.id, orderId: row.orderId }, payWay: wechat.payWay() });
              else sendToOrder({ type, order: toRef(row) });
            }}
          />
        )}
      />
      {payment.hasTag('busy') && (
        <div className={css.overlay}>
          <Busy label={t('payment.confirming')} />
        </div>
      )}
      {payment.matches('askingH5Result') && (
        <ConfirmDialog
          testId="h5-dialog"
          message={t('payment.isComplete')}
          confirmLabel={t('payment.paid')}
          dismissLabel={t('payment.notPaid')}
          onConfirm={() => sendToPayment({ type: 'H5_PAID' })}
          onDismiss={() => sendToPayment({ type: 'H5_NOT_PAID' })}
        />
      )}
      {payment.matches('queryFailed') && (
        <ConfirmDialog
          testId="query-failed-dialog"
          message={t('payment.queryFailed')}
          confirmLabel={t('payment.queryAgain')}
          dismissLabel={t('payment.later')}
          onConfirm={() => sendToPayment({ type: 'QUERY_AGAIN' })}
          onDismiss={() => sendToPayment({ type: 'DISMISS' })}
        />
      )}
      {order.matches('confirmingCancel') && (
        <ConfirmDialog
          testId="cancel-dialog"
          message={t('aiOrder.cancelConfirm')}
          confirmLabel={t('aiOrder.confirmCancel')}
          dismissLabel={t('aiOrder.thinkAgain')}
          onConfirm={() => sendToOrder({ type: 'CONFIRM_CANCEL' })}
          onDismiss={() => sendToOrder({ type: 'THINK_AGAIN' })}
        />
      )}
    </div>
  );
}

function toRef(row: AiOrderRow): OrderRef {
  return { orderId: row.orderId, id: row.id, collectFilmId: row.collectFilmId, status: row.status };
}
