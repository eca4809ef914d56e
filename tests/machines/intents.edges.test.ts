// @vitest-environment node
/**
 * The intents of the share and resource views (their connect objects): each tap sends the chart
 * the event it names. The model-based suites send events to the charts directly, so only the
 * view tests (not run by mutation testing) would notice a view that sent the wrong one.
 */
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectResource } from '../../machines/resource/resource.connect';
import { resourceMachine } from '../../machines/resource/resource.machine';
import { connectShare } from '../../machines/share/share.connect';
import { shareMachine } from '../../machines/share/share.machine';

describe('view intents', () => {
  it('share: choosing the expiry, creating, copying, making another each send their event', () => {
    const snapshot = createActor(shareMachine, { input: { collectFilmId: '8' } }).getSnapshot();
    const send = vi.fn();
    const view = connectShare(snapshot, send);
    view.chooseDays(30);
    view.create();
    view.copy();
    view.again();
    expect(send.mock.calls.map(([event]) => event)).toEqual([{ type: 'CHOOSE_DAYS', days: 30 }, { type: 'CREATE' }, { type: 'COPY' }, { type: 'AGAIN' }]);
  });

  it('resource: trying again sends RETRY', () => {
    const snapshot = createActor(resourceMachine, { input: { request: { id: '1' } } }).getSnapshot();
    const send = vi.fn();
    connectResource(snapshot, send).retry();
    expect(send).toHaveBeenCalledWith({ type: 'RETRY' });
  });

  it('resource: loading again (another chart changed it on the server) sends RELOAD', () => {
    const snapshot = createActor(resourceMachine, { input: { request: { id: '1' } } }).getSnapshot();
    const send = vi.fn();
    connectResource(snapshot, send).reload();
    expect(send.mock.calls).toEqual([[{ type: 'RELOAD' }]]);
  });
});
