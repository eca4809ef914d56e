// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import type { OrderRef } from '../../machines/aiOrder/aiOrder.types';
import { aiOrderEvents } from '../../machines/aiOrder/aiOrder.model';
import { aiOrderOracle } from '../../machines/aiOrder/aiOrder.oracle';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const order = (status: number): OrderRef => ({ orderId: `AI-${status}`, id: 100 + status, collectFilmId: `film-${status}`, status });
const events = aiOrderEvents;

function startOrders() {
  const actions = {
    openFilm: vi.fn(),
    openProgress: vi.fn(),
    openExternalResult: vi.fn(),
    openViewer: vi.fn(),
    showToast: vi.fn(),
    refreshList: vi.fn(),
    reportFailure: vi.fn(),
  };
  const started = startChart(aiOrderMachine, { provide: () => ({ actions }) });
  return { ...started, fakes: started.fakes as Record<'cancelOrder' | 'lookUpResult', ControllablePromise<unknown>>, actions };
}

describeModel({
  name: 'aiOrder',
  machine: aiOrderMachine,
  events: events as never,
  pinnedPaths: 22,
  oracle: aiOrderOracle,
  start: startOrders,
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
