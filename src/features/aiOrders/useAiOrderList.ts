import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { connectAiOrder } from '../../../machines/aiOrder/aiOrder.connect';
import { aiOrderMachine, type AiOrderMachine } from '../../../machines/aiOrder/aiOrder.machine';
import type { OrderRef } from '../../../machines/aiOrder/aiOrder.types';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { purchaseOf } from '../../../machines/payment/payment.types';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { aiOrderRowSchema, pageSchema, type AiOrderRow } from '../../shared/api/schemas';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { useChartSnapshot } from '../../shared/charts/useChartSnapshot';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { useOrderList } from '../../shared/list/useOrderList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { useServices } from '../../shared/services';
import { useToast } from '../../shared/views/Toast';
import { useStableHandler } from '../../shared/views/useStableHandler';
import { aiResultPageHref, aiViewerHref, lookUpResult } from '../../shared/ai/aiResultLink';
import { cancelOrder } from './aiOrderCalls';
import { cardButtons, orderActionOf, type CardButton } from './cardButtons';
import { AI_ORDER_TABS, type AiOrderTabFilter } from './aiOrderTabs';

const orderPage = pageSchema(aiOrderRowSchema);
const orderListMachine = createPagedListMachine<AiOrderRow, AiOrderTabFilter>();

const TOASTS = {
  cancelSucceeded: 'toast.operationSucceeded',
  messageLost: 'toast.messageLost',
  resultRefused: 'toast.resultRefused',
  failed: 'toast.failed',
} as const satisfies Record<string, MessageKey>;


const toRef = (row: AiOrderRow): OrderRef => ({ orderId: row.orderId, id: row.id, collectFilmId: row.collectFilmId, status: row.status });

/** The order chart with the app's side effects: calls, navigation, toasts, failures by the catalogue. */
function useOrderLogic() {
  const { api, config } = useServices();
  const { t } = useI18n();
  const navigate = useNavigate();
  const toast = useToast();
  const reportFailure = useReportFailure();
  return useMemo(
    () =>
      aiOrderMachine.provide({
        actors: {
          cancelOrder: fromPromise(({ input }) => cancelOrder(api, input)),
          lookUpResult: fromPromise(({ input }) => lookUpResult(api, input, config.allowedRedirectOrigins)),
        },
        actions: {
          openFilm: (_, { order }) => void navigate(filmDetailHref(order.collectFilmId)),
          openProgress: (_, { order }) => void navigate(aiResultPageHref(order)),
          openExternalResult: (_, { url }) => window.location.assign(url),
          openViewer: (_, { viewer }) => void navigate(aiViewerHref(viewer)),
          showToast: (_, { message, serverMessage }) => toast(serverMessage ?? t(TOASTS[message])),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [api, config.allowedRedirectOrigins, navigate, toast, t, reportFailure],
  );
}

/**
 * The AI order list screen's wiring: the order list (list, AI order and purchase charts), and for
 * the view plain values and intents. Which buttons a card has is the charts' own guards.
 */
export function useAiOrderList(payment: PaymentPort) {
  const { api } = useServices();
  const load = useCallback(
    ({ filter, page, pageSize }: LoadRequest<AiOrderTabFilter>, signal: AbortSignal) =>
      api.request(ENDPOINTS.ai.OrderList, { params: { status: filter, pageIndex: page, pageLength: pageSize }, schema: orderPage, signal }),
    [api],
  );
  const { orderRef, purchase, ...screen } = useOrderList({ tabs: AI_ORDER_TABS, listMachine: orderListMachine, load, order: useOrderLogic(), port: payment });
  // The order chart of this list is the AI order chart it was handed.
  const aiOrderRef = orderRef as ActorRefFrom<AiOrderMachine>;
  const orderSnapshot = useChartSnapshot(aiOrderRef);
  const order = useMemo(() => connectAiOrder(orderSnapshot, aiOrderRef.send), [orderSnapshot, aiOrderRef]);
  const open = useStableHandler((row: AiOrderRow) => order.openFilm(toRef(row)));
  const press = useStableHandler((button: CardButton, row: AiOrderRow) => {
    if (button === 'pay') purchase.pay(purchaseOf('aiOrder', row));
    else order.act(orderActionOf(button), toRef(row));
  });

  return {
    ...screen,
    order,
    purchase,
    /** One flow at a time: while a cancel, a lookup or a payment is under way, buttons wait. */
    isBusy: order.isBusy || purchase.isBusy,
    /** The order "confirm cancelling" is about, as its card shows it. */
    cancelling: screen.list.items.find((row) => row.orderId === order.cancelling) ?? null,
    buttonsFor: (row: AiOrderRow) => cardButtons(order.actionsFor(row), purchase.canPay(row)),
    /** The same two functions on every render: the cards skip re-rendering while only a dialog changes. */
    open,
    press,
  };
}
