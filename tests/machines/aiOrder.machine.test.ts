// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import type { OrderRef } from '../../machines/aiOrder/aiOrder.types';
import { aiOrderEvents, STATUSES } from '../../machines/aiOrder/aiOrder.model';
import { controllablePromise, describeModel, flush, replayPath } from './modelHarness';

const order = (status: number): OrderRef => ({ orderId: `AI-${status}`, id: 100 + status, collectFilmId: `film-${status}`, status });
const events = aiOrderEvents;

function startOrders() {
  const fakes = { cancelOrder: controllablePromise<unknown>(), lookUpResult: controllablePromise<unknown>() };
  const actions = {
    openFilm: vi.fn(),
    openProgress: vi.fn(),
    openExternalResult: vi.fn(),
    openViewer: vi.fn(),
    showToast: vi.fn(),
    refreshList: vi.fn(),
    reportFailure: vi.fn(),
  };
  const machine = aiOrderMachine.provide({ actors: { cancelOrder: fakes.cancelOrder.logic as never, lookUpResult: fakes.lookUpResult.logic as never }, actions });
  return { actor: createActor(machine).start(), fakes, actions };
}

describeModel({
  name: 'aiOrder',
  machine: aiOrderMachine,
  events: events as never,
  pinnedPaths: 22,
  async run(path) {
    const { actor, fakes, actions } = startOrders();
    await replayPath(path, actor, fakes, (expected, actual) => {
      expect(actual.context).toEqual(expected.context);
    });
    const taps = (type: string, statuses: number[]) =>
      path.steps.filter((s, i) => s.event.type === type && path.steps[i - 1]?.state.matches('idle') && statuses.includes((s.event as unknown as { order: OrderRef }).order.status)).length;
    expect(actions.openFilm).toHaveBeenCalledTimes(taps('OPEN_FILM', STATUSES));
    expect(actions.openProgress).toHaveBeenCalledTimes(taps('OPEN_PROGRESS', [0, 1, 2]) + taps('VIEW_REASON', [4]));
    const accepted = path.steps.filter((s) => s.event.type === 'xstate.done.actor.cancelOrder' && (s.event as unknown as { output: { ok: boolean } }).output.ok).length;
    expect(actions.refreshList).toHaveBeenCalledTimes(accepted);
    actor.stop();
  },
});

describe('AI order, details', () => {
  it('cancels only after "confirm cancel", then says so and refreshes the list', async () => {
    const { actor, fakes, actions } = startOrders();
    actor.send({ type: 'CANCEL', order: order(2) });
    expect(actor.getSnapshot().value).toBe('confirmingCancel');
    expect(fakes.cancelOrder.pendingRuns).toBe(0);
    actor.send({ type: 'CONFIRM_CANCEL' });
    fakes.cancelOrder.resolve({ ok: true });
    await flush();
    expect(actions.showToast).toHaveBeenCalledWith(expect.anything(), { message: 'cancelSucceeded' });
    expect(actions.refreshList).toHaveBeenCalledTimes(1);
  });

  it('shows the server message when the cancel is refused, and does not refresh', async () => {
    const { actor, fakes, actions } = startOrders();
    actor.send({ type: 'CANCEL', order: order(2) });
    actor.send({ type: 'CONFIRM_CANCEL' });
    fakes.cancelOrder.resolve({ ok: false, statusCode: 409, message: '订单状态已变化，无法取消' });
    await flush();
    expect(actions.showToast).toHaveBeenCalledWith(expect.anything(), { message: 'failed', serverMessage: '订单状态已变化，无法取消' });
    expect(actions.refreshList).not.toHaveBeenCalled();
  });

  it('ignores a second tap while a cancel is under way (one request per intent)', async () => {
    const { actor, fakes } = startOrders();
    actor.send({ type: 'CANCEL', order: order(2) });
    actor.send({ type: 'CONFIRM_CANCEL' });
    actor.send({ type: 'CANCEL', order: order(2) });
    actor.send({ type: 'CONFIRM_CANCEL' });
    expect(fakes.cancelOrder.pendingRuns).toBe(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it.each([0, 1, 3, 4, 5])('offers no cancel for status %i', (status) => {
    const { actor } = startOrders();
    actor.send({ type: 'CANCEL', order: order(status) });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
