// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startAnalytics } from '../../src/shared/analytics/startAnalytics';
import type { ApiClient, RequestOptions } from '../../src/shared/api/client';
import { ENDPOINTS, type Endpoint } from '../../src/shared/api/endpoints';
import type { AppSession, SessionStatus } from '../../src/shared/session/appSession';
import { createSignOutTasks } from '../../src/shared/session/signOutTasks';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { flush } from '../machines/modelHarness';

/** The app's wiring with a fake API, session, storage and window. */
function start() {
  const sent: Array<{ endpoint: Endpoint; options: RequestOptions<unknown> }> = [];
  let failing = false;
  const api = {
    async request(endpoint: Endpoint, options: RequestOptions<unknown>) {
      sent.push({ endpoint, options });
      if (failing) throw new Error('503');
      const ids = (options.data as { records: Array<{ id: string }> }).records.map((r) => r.id);
      return { stored: ids, duplicates: [], refused: [] };
    },
  } as ApiClient;
  let status: SessionStatus = 'pending';
  const listeners = new Set<() => void>();
  const signOutTasks = createSignOutTasks();
  const session = {
    status: () => status,
    userId: () => (status === 'signedIn' ? 'patient1' : null),
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    beforeSignOut: signOutTasks.add,
  } as unknown as AppSession;
  const setStatus = (next: SessionStatus) => {
    status = next;
    listeners.forEach((listener) => listener());
  };
  const handlers = new Map<string, () => void>();
  const navigator = { onLine: true };
  const win = { addEventListener: (type: string, handler: () => void) => handlers.set(type, handler), navigator } as unknown as Window;
  let n = 0;
  const started = startAnalytics({ api, session, local: safeStorage(() => null), deviceId: () => 'device', newId: () => `record-${String(n++).padStart(4, '0')}`, win });
  return { ...started, sent, setStatus, navigator, goOnline: () => handlers.get('online')!(), signOut: (userId: string) => signOutTasks.run(userId, 2_000), failSends: () => void (failing = true) };
}

describe('analytics as the app runs it', () => {
  it('keeps records while the session is being restored, and sends them once the patient is signed in', async () => {
    const app = start();
    app.analytics.track('payment_failed', { orderId: 'AI1', checkRecordId: 1 });
    await flush();
    expect(app.sent).toHaveLength(0);
    app.setStatus('signedIn');
    await flush();
    expect(app.sent).toHaveLength(1);
    expect(app.sent[0]!.endpoint).toBe(ENDPOINTS.analytics.Collect);
    // Background work: a 401 here must never start a sign-in.
    expect(app.sent[0]!.options.background).toBe(true);
    expect(app.outbox.pendingIds().size).toBe(0);
  });

  it('known offline: nothing is tried until the browser says it is online again', async () => {
    const app = start();
    app.setStatus('signedIn');
    app.navigator.onLine = false;
    app.analytics.audit({ machine: 'payment', event: 'PAY', from: 'idle', to: 'requestingParams', statusCode: null, result: { payWay: 1 }, orderId: 'AI1', checkRecordId: 1 });
    await flush();
    expect(app.sent).toHaveLength(0);
    app.navigator.onLine = true;
    app.goOnline();
    await flush();
    expect(app.sent).toHaveLength(1);
  });

  it('as the patient signs out (no longer "signed in"), sends their records one last time and keeps none, sent or not', async () => {
    const app = start();
    app.navigator.onLine = false;
    app.setStatus('signedIn');
    app.analytics.track('payment_cancelled', { orderId: 'AI1', checkRecordId: 1 });
    await flush();
    expect(app.outbox.pendingIds().size).toBe(1);
    app.navigator.onLine = true;
    app.setStatus('pending');
    await app.signOut('patient1');
    expect(app.sent).toHaveLength(1);
    expect(app.outbox.pendingIds().size).toBe(0);
    // Signed in again, the endpoint answering nothing: forgotten at sign-out all the same.
    app.setStatus('signedIn');
    app.navigator.onLine = false;
    app.analytics.track('payment_failed', { orderId: 'AI2', checkRecordId: 2 });
    await flush();
    app.setStatus('pending');
    app.failSends();
    await app.signOut('patient1');
    expect(app.sent).toHaveLength(2);
    expect(app.outbox.pendingIds().size).toBe(0);
  });
});
