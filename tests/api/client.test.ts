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

function client(token: string | null = 'token-1') {
  const session = { accessToken: vi.fn(async () => token), unauthorized: vi.fn() };
  return { api: createApiClient({ baseURL: API_BASE, session }), session };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return (error as ApiFailure).failure;
}

describe('API client', () => {
  it('resolves with the validated result of a 200 envelope', async () => {
    server.use(http.get(url, () => HttpResponse.json(envelope({ synced: true }))));
    await expect(client().api.request(endpoint, { schema })).resolves.toEqual({ synced: true });
  });

  it('sends the bearer token from the session port, and none when there is no token', async () => {
    const seen: Array<string | null> = [];
    server.use(http.get(url, ({ request }) => (seen.push(request.headers.get('authorization')), HttpResponse.json(envelope({ synced: true })))));
    await client('abc').api.request(endpoint, { schema });
    await client(null).api.request(endpoint, { schema });
    expect(seen).toEqual(['Bearer abc', null]);
  });

  it('gives its credentials (token and study pass) for URLs on the API\'s origin only', async () => {
    const session = { accessToken: vi.fn(async () => 'abc'), unauthorized: vi.fn() };
    const api = createApiClient({ baseURL: API_BASE, session, studyPass: () => 'pass-1' });
    const apiOrigin = new URL(API_BASE, window.location.href).origin;
    expect(await api.credentialsFor(`${apiOrigin}/sandbox/wado?studyUID=1`)).toEqual({ Authorization: 'Bearer abc', 'X-Study-Pass': 'pass-1' });
    expect(await api.credentialsFor('https://pacs.elsewhere.example/wado?studyUID=1')).toEqual({});
    // An archive the deployment configured `session` (issue 25) is sent them wherever it is.
    expect(await api.credentialsFor('https://pacs.elsewhere.example/dicom-web/studies/1', true)).toEqual({ Authorization: 'Bearer abc', 'X-Study-Pass': 'pass-1' });
    expect(await api.credentialsFor('http://[bad')).toEqual({});
    const signedOut = createApiClient({ baseURL: API_BASE, session: { accessToken: async () => null, unauthorized: vi.fn() } });
    expect(await signedOut.credentialsFor(`${apiOrigin}/sandbox/wado`)).toEqual({});
  });

  it('echoes the anti-forgery cookie in its header', async () => {
    document.cookie = 'XSRF-TOKEN=forgery-guard; path=/';
    let header: string | null = null;
    server.use(http.post(`${window.location.origin}/api/V1.0/AI/CancelOrder`, ({ request }) => ((header = request.headers.get(XSRF_HEADER)), HttpResponse.json(envelope(null)))));
    const api = createApiClient({ baseURL: '/api/', session: { accessToken: async () => null, unauthorized: () => {} } });
    // A relative base resolves against jsdom's http://localhost, the same origin as the cookie.
    await api.request(ENDPOINTS.ai.CancelOrder, { schema: z.null(), params: { orderId: 1 } });
    expect(header).toBe('forgery-guard');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('passes query parameters', async () => {
    let query = '';
    server.use(http.get(url, ({ request }) => ((query = new URL(request.url).search), HttpResponse.json(envelope({ synced: false })))));
    await client().api.request(endpoint, { schema, params: { pageIndex: 2, pageLength: 8 } });
    expect(query).toBe('?pageIndex=2&pageLength=8');
  });

  it('turns a non-200 statusCode into a business failure with the server message (message or msg)', async () => {
    server.use(http.get(url, () => HttpResponse.json({ statusCode: 7001, msg: '医院已停用', result: null })));
    expect(await failureOf(client().api.request(endpoint, { schema }))).toEqual({ kind: 'business', statusCode: 7001, message: '医院已停用' });
  });

  it('tells the session port about HTTP 401 and fails with unauthorized', async () => {
    server.use(http.get(url, () => new HttpResponse(null, { status: 401 })));
    const { api, session } = client();
    expect(await failureOf(api.request(endpoint, { schema }))).toEqual({ kind: 'unauthorized' });
    expect(session.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps a 401 of background work (analytics) from the session: no sign-in starts', async () => {
    server.use(http.get(url, () => new HttpResponse(null, { status: 401 })));
    const { api, session } = client();
    expect(await failureOf(api.request(endpoint, { schema, background: true }))).toEqual({ kind: 'unauthorized' });
    expect(session.unauthorized).not.toHaveBeenCalled();
  });

  it('reports other HTTP errors with their status', async () => {
    server.use(http.get(url, () => new HttpResponse('oops', { status: 500 })));
    expect(await failureOf(client().api.request(endpoint, { schema }))).toEqual({ kind: 'http', status: 500 });
  });

  it('reads a limit\'s refusal (HTTP 429 with its envelope) as a business failure with the wait, and a bare 429 as HTTP', async () => {
    const refusal = { statusCode: 429, message: '操作过于频繁，请稍后再试', result: { retryAfterSeconds: 90 } };
    server.use(http.get(url, () => HttpResponse.json(refusal, { status: 429, headers: { 'retry-after': '90' } })));
    expect(await failureOf(client().api.request(endpoint, { schema }))).toEqual({ kind: 'business', statusCode: 429, message: refusal.message, result: { retryAfterSeconds: 90 } });
    server.use(http.get(url, () => new HttpResponse('slow down', { status: 429 })));
    expect(await failureOf(client().api.request(endpoint, { schema }))).toEqual({ kind: 'http', status: 429 });
  });

  it('reports a dropped connection as a network failure', async () => {
    server.use(http.get(url, () => HttpResponse.error()));
    expect(await failureOf(client().api.request(endpoint, { schema }))).toEqual({ kind: 'network' });
  });

  it('rejects an answer that is not an envelope, and a result of the wrong shape, as malformed', async () => {
    server.use(http.get(url, () => HttpResponse.text('<html>proxy login</html>')));
    expect((await failureOf(client().api.request(endpoint, { schema }))).kind).toBe('malformed');
    server.use(http.get(url, () => HttpResponse.json(envelope({ synced: 'yes' }))));
    expect(await failureOf(client().api.request(endpoint, { schema }))).toMatchObject({ kind: 'malformed', detail: 'synced' });
  });

  it('reports a request it cancelled as aborted', async () => {
    server.use(http.get(url, async () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const pending = client().api.request(endpoint, { schema, signal: controller.signal });
    controller.abort();
    expect(await failureOf(pending)).toEqual({ kind: 'aborted' });
  });

  it('gives a call 120000 ms (spec §9), then aborts it and fails it as a network failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // An adapter that never answers: what the client gives axios is the signal that ends the call.
    let signal: AbortSignal | undefined;
    const adapter = (config: InternalAxiosRequestConfig) =>
      new Promise<never>((_, reject) => {
        signal = config.signal as AbortSignal;
        signal.addEventListener('abort', () => reject(new axios.CanceledError()));
      });
    const api = createApiClient({ baseURL: API_BASE, session: { accessToken: async () => null, unauthorized: () => {} }, adapter });
    const outcome = failureOf(api.request(endpoint, { schema }));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await outcome).toEqual({ kind: 'network' });
  });

  it('sends cancel order as POST, as the specification states, and the reads it names as GET', async () => {
    const seen: Record<string, string> = {};
    server.use(http.all(`${API_BASE}*`, ({ request }) => ((seen[new URL(request.url).pathname] = request.method), HttpResponse.json(envelope(null)))));
    const { api } = client();
    for (const call of [ENDPOINTS.ai.CancelOrder, ENDPOINTS.ai.OrderList, ENDPOINTS.wechat.GetJsConfigParms, endpoint, ENDPOINTS.package.HospitalStudyList]) {
      await api.request(call, { schema: z.null() });
    }
    expect(seen).toEqual({
      '/api/V1.0/AI/CancelOrder': 'POST',
      '/api/V1.0/AI/OrderList': 'GET',
      '/api/v1.0/wechat/GetJsConfigParms': 'GET',
      '/api/V1.0/Report/GetSyncReportStatus': 'GET',
      '/api/V1.0/Package/HospitalStudyList': 'GET',
    });
  });
});
