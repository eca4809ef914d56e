// @vitest-environment node
/**
 * Edges of the AI order chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): what each tap hands to the app, what each answer of a result lookup shows,
 * that every flow ends ready for the next tap, and the app's intents through the connect object.
 */
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectAiOrder } from '../../machines/aiOrder/aiOrder.connect';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import type { CancelAnswer, OrderRef, ResultLookup } from '../../machines/aiOrder/aiOrder.types';
import { effects } from './edgeFakes';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

const order = (status: number): OrderRef => ({ orderId: `AI-${status}`, id: 100 + status, collectFilmId: `film-${status}`, status });
const succeeded = order(3);
const toBePaid = order(2);
const viewer = { checkWay: '2', wadourl: 'http://pacs.example/wado', studyuid: '1.2.3', hospid: 'DEMO001' };
const EFFECTS = ['openFilm', 'openProgress', 'openExternalResult', 'openViewer', 'showToast', 'refreshList', 'reportFailure'] as const;

function startOrders() {
  const calls = { cancelOrder: controllablePromise<CancelAnswer, OrderRef>(), lookUpResult: controllablePromise<ResultLookup, OrderRef>() };
  const done = effects(EFFECTS);
  const machine = aiOrderMachine.provide({ actors: { cancelOrder: calls.cancelOrder.logic, lookUpResult: calls.lookUpResult.logic }, actions: done.spies });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  const view = () => connectAiOrder(actor.getSnapshot(), actor.send);
  return { actor, calls, done, view };
}

/** Ready for the next tap: nothing under way, no question open, and a new lookup starts at once. */
async function expectReadyForNextTap(started: ReturnType<typeof startOrders>) {
  expect(started.view()).toMatchObject({ isBusy: false, isConfirmingCancel: false });
  // The audit trail names the order a transition is about from the chart's context first, so a
  // finished flow must not leave its order there for the next tap's record.
  expect(started.actor.getSnapshot().context.order).toBeNull();
  const before = started.calls.lookUpResult.inputs.length;
  started.view().act('OPEN_RESULT', succeeded);
  expect(started.calls.lookUpResult.inputs).toHaveLength(before + 1);
  expect(started.view().isBusy).toBe(true);
}

describe('AI order: the result of a succeeded order', () => {
  it('looks up the result of exactly the order tapped', () => {
    const { view, calls } = startOrders();
    view().act('OPEN_RESULT', succeeded);
    expect(calls.lookUpResult.inputs).toEqual([succeeded]);
    expect(view().isBusy).toBe(true);
  });

  it("opens the AI service's own page at the address the lookup found", async () => {
    const started = startOrders();
    started.view().act('OPEN_RESULT', succeeded);
    started.calls.lookUpResult.resolve({ kind: 'external', url: 'https://ai.example.org/r/1' });
    await flush();
    expect(started.done.paramsOf('openExternalResult')).toEqual([{ url: 'https://ai.example.org/r/1' }]);
    expect(started.done.count('openViewer')).toBe(0);
    expect(started.done.count('showToast')).toBe(0);
    await expectReadyForNextTap(started);
  });

  it('opens the film viewer with the AI layer, with the viewer parameters the lookup found', async () => {
    const started = startOrders();
    started.view().act('OPEN_RESULT', succeeded);
    started.calls.lookUpResult.resolve({ kind: 'viewer', viewer });
    await flush();
    expect(started.done.paramsOf('openViewer')).toEqual([{ viewer }]);
    expect(started.done.count('openExternalResult')).toBe(0);
    expect(started.done.count('showToast')).toBe(0);
    await expectReadyForNextTap(started);
  });

  it('says the result was refused when its address is not an allowed origin, and opens nothing', async () => {
    const started = startOrders();
    started.view().act('OPEN_RESULT', succeeded);
    started.calls.lookUpResult.resolve({ kind: 'refused' });
    await flush();
    expect(started.done.paramsOf('showToast')).toEqual([{ message: 'resultRefused' }]);
    expect(started.done.count('openExternalResult') + started.done.count('openViewer')).toBe(0);
    await expectReadyForNextTap(started);
  });

  it('says "application message lost" when no result came back, and opens nothing', async () => {
    const started = startOrders();
    started.view().act('OPEN_RESULT', succeeded);
    started.calls.lookUpResult.resolve({ kind: 'missing' });
    await flush();
    expect(started.done.paramsOf('showToast')).toEqual([{ message: 'messageLost' }]);
    expect(started.done.count('openExternalResult') + started.done.count('openViewer')).toBe(0);
    await expectReadyForNextTap(started);
  });

  it('hands a failed lookup to the error page with its error', async () => {
    const started = startOrders();
    const offline = new Error('offline');
    started.view().act('OPEN_RESULT', succeeded);
    started.calls.lookUpResult.reject(offline);
    await flush();
    expect(started.done.paramsOf('reportFailure')).toEqual([{ error: offline }]);
    expect(started.done.count('showToast')).toBe(0);
    await expectReadyForNextTap(started);
  });
});

describe('AI order: progress and reason', () => {
  it.each([0, 1, 2])('"apply progress" on status %i opens the progress page of that order', (status) => {
    const { view, done, calls } = startOrders();
    view().act('OPEN_PROGRESS', order(status));
    expect(done.paramsOf('openProgress')).toEqual([{ order: order(status) }]);
    expect(view().isBusy).toBe(false);
    expect(calls.lookUpResult.inputs).toEqual([]);
  });

  it('"view reason" on a failed order opens its progress page, which says why', () => {
    const { view, done } = startOrders();
    view().act('VIEW_REASON', order(4));
    expect(done.paramsOf('openProgress')).toEqual([{ order: order(4) }]);
  });

  it.each([3, 4, 5])('"apply progress" on status %i opens nothing', (status) => {
    const { view, done } = startOrders();
    view().act('OPEN_PROGRESS', order(status));
    expect(done.count('openProgress')).toBe(0);
  });

  it.each([0, 1, 2, 3, 5])('"view reason" on status %i opens nothing', (status) => {
    const { view, done } = startOrders();
    view().act('VIEW_REASON', order(status));
    expect(done.count('openProgress')).toBe(0);
  });

  it.each([0, 1, 2, 4, 5])('"AI result" on status %i looks nothing up', (status) => {
    const { view, calls } = startOrders();
    view().act('OPEN_RESULT', order(status));
    expect(calls.lookUpResult.inputs).toEqual([]);
    expect(view().isBusy).toBe(false);
  });

  it('a tap on the film opens the film of that order', () => {
    const { view, done } = startOrders();
    view().openFilm(order(5));
    expect(done.paramsOf('openFilm')).toEqual([{ order: order(5) }]);
  });
});

describe('AI order: cancel', () => {
  it('asks "confirm cancel?" first, then cancels exactly that order', () => {
    const { view, calls } = startOrders();
    view().act('CANCEL', toBePaid);
    expect(view().isConfirmingCancel).toBe(true);
    expect(calls.cancelOrder.inputs).toEqual([]);
    view().confirmCancel();
    expect(calls.cancelOrder.inputs).toEqual([toBePaid]);
    expect(view()).toMatchObject({ isBusy: true, isConfirmingCancel: false });
  });

  it('names the order the question is about while it is open, and none before or once answered', () => {
    const { view } = startOrders();
    expect(view().cancelling).toBeNull();
    view().act('CANCEL', toBePaid);
    expect(view().cancelling).toBe(toBePaid.orderId);
    view().confirmCancel();
    expect(view().cancelling).toBeNull();
  });

  it('"think again" closes the question and sends nothing', async () => {
    const started = startOrders();
    started.view().act('CANCEL', toBePaid);
    started.view().thinkAgain();
    expect(started.calls.cancelOrder.inputs).toEqual([]);
    await expectReadyForNextTap(started);
  });

  it('a cancel that got no answer goes to the error page with its error, and nothing is claimed', async () => {
    const started = startOrders();
    const offline = new Error('offline');
    started.view().act('CANCEL', toBePaid);
    started.view().confirmCancel();
    started.calls.cancelOrder.reject(offline);
    await flush();
    expect(started.done.paramsOf('reportFailure')).toEqual([{ error: offline }]);
    expect(started.done.count('showToast')).toBe(0);
    expect(started.done.count('refreshList')).toBe(0);
    await expectReadyForNextTap(started);
  });

  it('an accepted cancel says so, refreshes the list and is ready for the next tap', async () => {
    const started = startOrders();
    started.view().act('CANCEL', toBePaid);
    started.view().confirmCancel();
    started.calls.cancelOrder.resolve({ ok: true });
    await flush();
    expect(started.done.paramsOf('showToast')).toEqual([{ message: 'cancelSucceeded' }]);
    expect(started.done.count('refreshList')).toBe(1);
    await expectReadyForNextTap(started);
  });

  it('a refused cancel shows the server message and is ready for the next tap', async () => {
    const started = startOrders();
    started.view().act('CANCEL', toBePaid);
    started.view().confirmCancel();
    started.calls.cancelOrder.resolve({ ok: false, statusCode: 409, message: '订单状态已变化' });
    await flush();
    expect(started.done.paramsOf('showToast')).toEqual([{ message: 'failed', serverMessage: '订单状态已变化' }]);
    expect(started.done.count('refreshList')).toBe(0);
    await expectReadyForNextTap(started);
  });
});

describe('AI order: the buttons an order has', () => {
  it.each([
    [0, ['OPEN_PROGRESS']],
    [1, ['OPEN_PROGRESS']],
    [2, ['OPEN_PROGRESS', 'CANCEL']],
    [3, ['OPEN_RESULT']],
    [4, ['VIEW_REASON']],
    [5, []],
  ])('status %i: %j', (status, buttons) => {
    const { view } = startOrders();
    expect(view().actionsFor({ status })).toEqual(buttons);
  });
});

describe('AI order: an app that forgot to provide a call', () => {
  it.each([
    ['cancelOrder', (view: ReturnType<typeof connectAiOrder>) => (view.act('CANCEL', toBePaid), view)],
    ['lookUpResult', (view: ReturnType<typeof connectAiOrder>) => view],
  ] as const)('%s: the failure names the missing call instead of passing for an answer', async (name, prepare) => {
    const done = effects(EFFECTS);
    const actor = createActor(aiOrderMachine.provide({ actions: done.spies })).start();
    const view = () => connectAiOrder(actor.getSnapshot(), actor.send);
    prepare(view());
    if (name === 'cancelOrder') view().confirmCancel();
    else view().act('OPEN_RESULT', succeeded);
    await flush();
    const [reported] = done.paramsOf('reportFailure') as Array<{ error: Error }>;
    expect(reported?.error.message).toBe(`aiOrder: no ${name} actor provided`);
    expect(done.count('showToast') + done.count('openViewer') + done.count('openExternalResult')).toBe(0);
  });
});
