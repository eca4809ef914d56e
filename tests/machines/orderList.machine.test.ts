// @vitest-environment node
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import { createOrderListMachine } from '../../machines/orderList/orderList.machine';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { createPagedListMachine } from '../../machines/pagedList/pagedList.machine';
import type { ListPage, LoadRequest } from '../../machines/pagedList/pagedList.types';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import { orderListEvents, orderListInput } from '../../machines/orderList/orderList.model';
import { orderListOracle } from '../../machines/orderList/orderList.oracle';
import { createRecorder } from '../../machines/replay';
import { controllablePromise, describeModel, flush } from './modelHarness';

const { purchase, returnUrl } = paymentFixtures;
const order = { orderId: purchase.orderId, id: purchase.checkRecordId, collectFilmId: 'F2', status: 2 };

/** The screen's chart with its real children; the servers are fakes the test answers. */
function startScreen() {
  const pages: Array<LoadRequest<number>> = [];
  const list = createPagedListMachine<{ id: number }, number>().provide({
    actors: { load: fromPromise<ListPage<{ id: number }>, LoadRequest<number>>(async ({ input }) => (pages.push(input), { rows: [{ id: 1 }], totals: 1 })) },
  });
  const fakes = { cancelOrder: controllablePromise<unknown>(), getPayParams: controllablePromise<unknown>(), queryPayResult: controllablePromise<unknown>() };
  const effects = { showToast: vi.fn(), showOutcome: vi.fn(), forgetPendingPayment: vi.fn(), logToAnalytics: vi.fn() };
  const machine = createOrderListMachine({
    list,
    order: aiOrderMachine.provide({ actors: { cancelOrder: fakes.cancelOrder.logic as never }, actions: { showToast: effects.showToast } }),
    purchase: createPurchaseMachine(
      paymentMachine.provide({
        actors: { getPayParams: fakes.getPayParams.logic as never, queryPayResult: fakes.queryPayResult.logic as never },
        actions: { showOutcome: effects.showOutcome, forgetPendingPayment: effects.forgetPendingPayment, logToAnalytics: effects.logToAnalytics },
      }),
    ),
  });
  const recorder = createRecorder();
  const actor = createActor(machine, { input: { filter: -1, pageSize: 8 }, inspect: recorder.inspect }).start();
  const running = <T,>(ref: T | undefined, id: string): T => {
    if (!ref) throw new Error(`no ${id} child`);
    return ref;
  };
  const children = {
    order: () => running(actor.getSnapshot().children.order, 'order'),
    purchase: () => running(actor.getSnapshot().children.purchase, 'purchase'),
    payment: () => running(actor.getSnapshot().children.purchase?.getSnapshot().children.payment, 'payment'),
  };
  return { actor, children, pages, fakes, effects, recorder };
}

/** How many times the list asked for page 1 again after its first load. */
const reloads = (pages: ReadonlyArray<LoadRequest<number>>) => pages.filter((request) => request.page === 1).length - 1;

describeModel({
  name: 'orderList',
  machine: createOrderListMachine(),
  events: orderListEvents,
  input: orderListInput,
  pinnedPaths: 1,
  oracle: orderListOracle,
  start: startScreen,
  run: async (path, { pages }) => {
    await flush();
    expect(reloads(pages)).toBe(path.steps.filter((step) => step.event.type === 'ORDERS_CHANGED').length);
  },
});

describe('aiOrderList: the children reach the list through the chart, not through a view', () => {
  it('a payment the server calls paid reloads the list once', async () => {
    const { children, pages, fakes } = startScreen();
    await flush();
    children.purchase().send({ type: 'PAY', purchase, payWay: 2, returnUrl });
    fakes.getPayParams.resolve(paymentFixtures.h5);
    await flush();
    children.purchase().send({ type: 'RESUME_H5', purchase });
    children.payment().send({ type: 'H5_PAID' });
    fakes.queryPayResult.resolve(1);
    await flush();
    expect(reloads(pages)).toBe(1);
  });

  it('a payment the server calls not paid leaves the list as it is', async () => {
    const { children, pages, fakes } = startScreen();
    await flush();
    children.purchase().send({ type: 'RESUME_H5', purchase });
    children.payment().send({ type: 'H5_NOT_PAID' });
    fakes.queryPayResult.resolve(0);
    await flush();
    expect(reloads(pages)).toBe(0);
  });

  it('a cancel the server accepts reloads the list once; a refused one does not', async () => {
    const { children, pages, fakes } = startScreen();
    await flush();
    children.order().send({ type: 'CANCEL', order });
    children.order().send({ type: 'CONFIRM_CANCEL' });
    fakes.cancelOrder.resolve({ ok: false, statusCode: 409, message: 'changed' });
    await flush();
    expect(reloads(pages)).toBe(0);
    children.order().send({ type: 'CANCEL', order });
    children.order().send({ type: 'CONFIRM_CANCEL' });
    fakes.cancelOrder.resolve({ ok: true });
    await flush();
    expect(reloads(pages)).toBe(1);
  });

  it('stops its children when the screen closes', async () => {
    const { actor, children } = startScreen();
    const payment = children.payment();
    actor.stop();
    expect(payment.getSnapshot().status).toBe('stopped');
  });
});
