/**
 * Edges of the API client that its main tests leave open (found by mutation testing,
 * docs/testing.md): which headers each call carries, where the anti-forgery header goes, which
 * answers count as a limit's refusal, what a refusal and a malformed answer say, a call cancelled
 * before it starts, and the timer a finished call leaves.
 */
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient, XSRF_HEADER } from '../../src/shared/api/client';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { ApiFailure } from '../../src/shared/api/failure';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';

startMswServer();
afterEach(() => void vi.useRealTimers());

const endpoint = ENDPOINTS.report.GetSyncReportStatus;
const url = `${API_BASE}${endpoint.path}`;
const schema = z.object({ synced: z.boolean() });
const signedOut = { accessToken: async () => null, unauthorized: () => {} };

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return (error as ApiFailure).failure;
}

/** The headers the server saw on one call. */
async function headersOf(call: (api: ReturnType<typeof createApiClient>) => Promise<unknown>, options: { studyPass?: () => string | null; token?: string | null } = {}) {
  let seen: Headers | null = null;
  server.use(http.get(url, ({ request }) => ((seen = request.headers), HttpResponse.json(envelope({ synced: true })))));
  const api = createApiClient({ baseURL: API_BASE, session: { accessToken: async () => options.token ?? null, unauthorized: () => {} }, studyPass: options.studyPass });
  await call(api);
  return seen! as Headers;
}

describe('API client: what each call carries', () => {
  it('asks for JSON', async () => {
    const headers = await headersOf((api) => api.request(endpoint, { schema }));
    expect(headers.get('accept')).toBe('application/json');
  });

  it("sends the tab's study pass with every call, and none when the tab holds none", async () => {
    expect((await headersOf((api) => api.request(endpoint, { schema }), { studyPass: () => 'pass-7', token: 't' })).get('x-study-pass')).toBe('pass-7');
    expect((await headersOf((api) => api.request(endpoint, { schema }), { studyPass: () => null })).get('x-study-pass')).toBeNull();
    expect((await headersOf((api) => api.request(endpoint, { schema }))).get('x-study-pass')).toBeNull();
  });

  it("sends a call's own credential in a header, beside the session's", async () => {
    const headers = await headersOf((api) => api.request(endpoint, { schema, headers: { 'X-Download-Token': 'dl-1' } }), { token: 'abc' });
    expect(headers.get('x-download-token')).toBe('dl-1');
    expect(headers.get('authorization')).toBe('Bearer abc');
  });

  it('echoes the anti-forgery cookie only to a relative base (the app\'s own API), not to an absolute one, even on the same origin', async () => {
    document.cookie = 'XSRF-TOKEN=forgery-guard; path=/';
    try {
      const seen: Array<string | null> = [];
      server.use(http.get(url, ({ request }) => (seen.push(request.headers.get(XSRF_HEADER)), HttpResponse.json(envelope({ synced: true })))));
      server.use(http.get(`${window.location.origin}/V1.0/Report/GetSyncReportStatus`, ({ request }) => (seen.push(request.headers.get(XSRF_HEADER)), HttpResponse.json(envelope({ synced: true })))));
      await createApiClient({ baseURL: API_BASE, session: signedOut }).request(endpoint, { schema });
      // An empty base is the page's own origin too.
      await createApiClient({ baseURL: '', session: signedOut }).request({ ...endpoint, path: '/V1.0/Report/GetSyncReportStatus' }, { schema });
      expect(seen).toEqual([null, 'forgery-guard']);
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});

describe('API client: what an answer says', () => {
  it('a refusal that carries numbers (tries left, seconds to wait) keeps them', async () => {
    server.use(http.get(url, () => HttpResponse.json({ statusCode: 4031, message: '验证码错误', result: { triesLeft: 2 } })));
    const api = createApiClient({ baseURL: API_BASE, session: signedOut });
    expect(await failureOf(api.request(endpoint, { schema }))).toEqual({ kind: 'business', statusCode: 4031, message: '验证码错误', result: { triesLeft: 2 } });
  });

  it('only HTTP 429 whose envelope says 429 is a limit\'s refusal: another envelope on 429, or 429 in the envelope of another HTTP status, is an HTTP failure', async () => {
    const api = createApiClient({ baseURL: API_BASE, session: signedOut });
    server.use(http.get(url, () => HttpResponse.json({ statusCode: 500, message: 'busy', result: null }, { status: 429 })));
    expect(await failureOf(api.request(endpoint, { schema }))).toEqual({ kind: 'http', status: 429 });
    server.use(http.get(url, () => HttpResponse.json({ statusCode: 429, message: 'slow down', result: { retryAfterSeconds: 5 } }, { status: 503 })));
    expect(await failureOf(api.request(endpoint, { schema }))).toEqual({ kind: 'http', status: 503 });
  });

  it('says why an answer is malformed: not an envelope, or every field of the result that is wrong, by its path', async () => {
    const api = createApiClient({ baseURL: API_BASE, session: signedOut });
    server.use(http.get(url, () => HttpResponse.text('<html>proxy login</html>')));
    expect(await failureOf(api.request(endpoint, { schema }))).toEqual({ kind: 'malformed', detail: 'not an envelope' });
    const nested = z.object({ study: z.object({ uid: z.string() }), synced: z.boolean() });
    server.use(http.get(url, () => HttpResponse.json(envelope({ study: { uid: 1 }, synced: 'yes' }))));
    expect(await failureOf(api.request(endpoint, { schema: nested }))).toEqual({ kind: 'malformed', detail: 'study.uid, synced' });
  });
});

describe('API client: cancelling and timing', () => {
  it('a call whose signal was cancelled before it started fails as aborted, without reaching the server', async () => {
    let reached = 0;
    server.use(http.get(url, () => (reached++, HttpResponse.json(envelope({ synced: true })))));
    const controller = new AbortController();
    controller.abort();
    const api = createApiClient({ baseURL: API_BASE, session: signedOut });
    expect(await failureOf(api.request(endpoint, { schema, signal: controller.signal }))).toEqual({ kind: 'aborted' });
    expect(reached).toBe(0);
  });

  it('a call that answered leaves no timeout running, and cancelling its signal afterwards changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signal: AbortSignal | undefined;
    const adapter = async (config: InternalAxiosRequestConfig) => {
      signal = config.signal as AbortSignal;
      return { data: envelope({ synced: true }), status: 200, statusText: 'OK', headers: {}, config };
    };
    // The client's idle fetch of axios is not a call's timer.
    const api = createApiClient({ baseURL: API_BASE, session: signedOut, adapter, whenIdle: () => {} });
    const caller = new AbortController();
    await expect(api.request(endpoint, { schema, signal: caller.signal })).resolves.toEqual({ synced: true });
    expect(vi.getTimerCount()).toBe(0);
    caller.abort();
    expect(signal?.aborted).toBe(false);
  });

  it('a failed call leaves no timeout running either', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const adapter = () => Promise.reject(new axios.AxiosError('down', 'ERR_NETWORK'));
    const api = createApiClient({ baseURL: API_BASE, session: signedOut, adapter, whenIdle: () => {} });
    expect(await failureOf(api.request(endpoint, { schema }))).toEqual({ kind: 'network' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands no credentials for an address it cannot read', async () => {
    const api = createApiClient({ baseURL: API_BASE, session: { accessToken: async () => 'token', unauthorized: () => {} } });
    expect(await api.credentialsFor('http://')).toStrictEqual({});
  });
});
