import type { ApiClient } from '../api/client';
import { ENDPOINTS } from '../api/endpoints';
import type { AppSession } from '../session/appSession';
import { withTabLock } from '../platform/tabChannel';
import type { SafeStorage } from '../state/safeStorage';
import { createAnalytics, type Analytics } from './analytics';
import { createOutbox, type Outbox } from './outbox';
import { collectAnswerSchema } from './records';

/**
 * Analytics as the app runs it: records wait in localStorage and go to the analytics endpoint
 * for the signed-in patient: at once, when the browser comes back online, and when a patient signs
 * in. When a patient signs out, theirs go one last time and are forgotten.
 */
export function startAnalytics(deps: {
  api: ApiClient;
  session: AppSession;
  local: SafeStorage;
  deviceId: () => string;
  newId: () => string;
  win: Pick<Window, 'addEventListener' | 'navigator'>;
  /** When a new record is sent (the outbox's `afterStep`): the app waits until the step's frame is drawn. */
  afterStep?: (send: () => void) => void;
}): { analytics: Analytics; outbox: Outbox } {
  const outbox = createOutbox({
    storage: deps.local,
    send: (records) => deps.api.request(ENDPOINTS.analytics.Collect, { data: { records }, schema: collectAnswerSchema, background: true }),
    // Known offline: wait for the 'online' event instead of failing (onLine is only ever a hint).
    canSend: () => deps.session.status() === 'signedIn' && deps.win.navigator.onLine !== false,
    currentUser: deps.session.userId,
    exclusive: (work) => withTabLock('cloud-film-analytics-outbox', work),
    ...(deps.afterStep && { afterStep: deps.afterStep }),
  });
  const analytics = createAnalytics({ deliver: outbox.add, deviceId: deps.deviceId, userId: deps.session.userId, newId: deps.newId });

  deps.win.addEventListener('online', () => void outbox.flush());
  // Signing out: the patient's records go while their token works, and none stays behind.
  deps.session.beforeSignOut({ finish: (userId) => outbox.sendLastOf(userId), forget: (userId) => outbox.forget(userId) });
  let status = deps.session.status();
  deps.session.subscribe(() => {
    const was = status;
    status = deps.session.status();
    if (status === 'signedIn' && was !== 'signedIn') void outbox.flush();
  });
  void outbox.flush();
  return { analytics, outbox };
}
