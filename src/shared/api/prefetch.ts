import type { Endpoint } from './endpoints';
import { envelopeSchema, SUCCESS_STATUS_CODE } from './envelope';

/** A read the page is about to make: a GET, with its query. */
export interface FirstCall {
  endpoint: Endpoint;
  params?: Record<string, string | number | boolean | undefined>;
  /**
   * A read the screen makes only after another of these, on what that one answered: sent the
   * moment that answer is here and its result passes `when` (the screen's own rule for asking
   * next), instead of after the screen has rendered it (and fetched axios for it).
   */
  after?: { call: FirstCall; when: (result: unknown) => boolean };
}

/** How long a prefetched answer waits for its call: a screen that asks later asks anew. */
export const PREFETCH_TTL_MS = 10_000;

/** One key per call: the method, the path and the query, in a fixed order. */
export function callKey(endpoint: Endpoint, params: FirstCall['params'] = {}): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${endpoint.method} ${endpoint.path}?${query}`;
}

export interface Prefetched {
  /**
   * The body of the prefetched answer to this call, once: undefined when none was prefetched, or
   * it failed (then the call is made as usual, and says what went wrong as usual).
   */
  take(endpoint: Endpoint, params?: FirstCall['params']): Promise<unknown> | undefined;
  /** The prefetched calls no call has taken yet (their keys): what a test checks is empty. */
  untaken(): string[];
}

/**
 * The first reads of the page, sent as the app starts, beside the screen's chunk instead of after
 * it (issue 26: two round trips to content). Plain fetch, so they need neither axios nor the
 * screen: the API client hands the screen's identical call the answer (client.ts), checked there
 * as every answer is. Only GETs, only with the credentials the client would send itself.
 */
export function startPrefetch(options: {
  baseURL: string;
  calls: readonly FirstCall[];
  /** The headers the client would send (the bearer token, the study pass), or their promise. */
  headers: Record<string, string> | Promise<Record<string, string>>;
  fetchImpl?: typeof fetch;
  now?: () => number;
}): Prefetched {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const sentAt = now();
  const waiting = new Map<string, Promise<unknown>>();
  const send = (call: FirstCall): Promise<unknown> => {
    const url = new URL(call.endpoint.path, new URL(options.baseURL, window.location.href));
    for (const [name, value] of Object.entries(call.params ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return Promise.resolve(options.headers)
      .then((headers) => fetchImpl(url, { headers: { accept: 'application/json', ...headers }, credentials: 'same-origin' }))
      .then(
        async (response) => (response.ok ? ((await response.json()) as unknown) : undefined),
        () => undefined,
      );
  };
  for (const call of options.calls) {
    if (call.endpoint.method !== 'GET') continue;
    const key = callKey(call.endpoint, call.params);
    let answer: Promise<unknown>;
    if (call.after) {
      const { when } = call.after;
      // Listed earlier in `calls`, so still waiting: nothing can have taken it yet.
      const before = waiting.get(callKey(call.after.call.endpoint, call.after.call.params)) ?? Promise.resolve(undefined);
      answer = before
        .then((body) => {
          const envelope = envelopeSchema.safeParse(body);
          return envelope.success && envelope.data.statusCode === SUCCESS_STATUS_CODE && when(envelope.data.result);
        })
        .catch(() => false)
        .then((asks) => {
          if (asks) return send(call);
          // Not asked: the screen will not make this call either, so nothing waits for it.
          waiting.delete(key);
          return undefined;
        });
    } else {
      answer = send(call);
    }
    waiting.set(key, answer);
  }
  return {
    take(endpoint, params) {
      const key = callKey(endpoint, params);
      const answer = waiting.get(key);
      if (!answer) return undefined;
      waiting.delete(key);
      return now() - sentAt > PREFETCH_TTL_MS ? undefined : answer;
    },
    untaken: () => [...waiting.keys()],
  };
}
