/** Messages between tabs of the same patient (same origin only). */
export type TabMessage = { type: 'renewed'; user: string } | { type: 'signedOut' };

export interface TabChannel {
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): () => void;
}

export const TAB_CHANNEL_NAME = 'cloud-film-session';

/** BroadcastChannel where the browser has it; elsewhere tabs simply do not hear each other. */
export function createTabChannel(name = TAB_CHANNEL_NAME): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, listen: () => () => {} };
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent<TabMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/** Runs `work` alone among this origin's tabs where the browser has Web Locks, else at once. */
export async function withTabLock<T>(name: string, work: () => Promise<T>, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<T> {
  if (!locks) return work();
  return locks.request(name, work) as Promise<T>;
}
