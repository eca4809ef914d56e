/**
 * The page's first reads, sent as the app starts (issue 26): a screen's identical call takes the
 * answer once; a failed or late one is left to the call itself, which says what went wrong.
 */
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient } from '../../src/shared/api/client';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { callKey, PREFETCH_TTL_MS, startPrefetch } from '../../src/shared/api/prefetch';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';

startMswServer();

const list = ENDPOINTS.package.HospitalStudyList;
const schema = z.object({ n: z.number() });
const signedIn = { accessToken: async () => 't', unauthorized: vi.fn() };

function counting(answer: () => Response) {
  const seen: Request[] = [];
  server.use(http.get(`${API_BASE}${list.path}`, ({ request }) => (seen.push(request), answer())));
  return seen;
}

describe('prefetched first reads', () => {
  it('keys a call by method, path and query, whatever the order of its parameters', () => {
    expect(callKey(list, { pageLength: 8, pageIndex: 1, skip: undefined })).toBe(callKey(list, { pageIndex: 1, pageLength: 8 }));
    expect(callKey(list, { pageIndex: 2 })).not.toBe(callKey(list, { pageIndex: 1 }));
  });

  it("sends the read with the client's credentials, and hands the answer to the identical call once", async () => {
    const seen = counting(() => HttpResponse.json(envelope({ n: 1 })));
    const prefetched = startPrefetch({ baseURL: API_BASE, calls: [{ endpoint: list, params: { pageIndex: 1 } }], headers: { Authorization: 'Bearer t' } });
    const api = createApiClient({ baseURL: API_BASE, session: signedIn, prefetched });
    await expect(api.request(list, { params: { pageIndex: 1 }, schema })).resolves.toEqual({ n: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer t');
    expect(new URL(seen[0]!.url).searchParams.get('pageIndex')).toBe('1');
    // Taken once: the next call asks the server.
    await expect(api.request(list, { params: { pageIndex: 1 }, schema })).resolves.toEqual({ n: 1 });
    expect(seen).toHaveLength(2);
  });

  it('sends a read that follows another the moment that answer passes its rule, with the same credentials', async () => {
    const report = { endpoint: ENDPOINTS.report.detail, params: { CollectId: '9' } };
    const sync = { endpoint: ENDPOINTS.report.GetSyncReportStatus, params: { CollectId: '9' } };
    const asked: Request[] = [];
    server.use(
      http.get(`${API_BASE}${report.endpoint.path}`, () => HttpResponse.json(envelope({ status: 0 }))),
      http.get(`${API_BASE}${sync.endpoint.path}`, ({ request }) => (asked.push(request), HttpResponse.json(envelope({ synced: false })))),
    );
    const when = vi.fn((result: unknown) => (result as { status: number }).status === 0);
    const prefetched = startPrefetch({ baseURL: API_BASE, calls: [report, { ...sync, after: { call: report, when } }], headers: { Authorization: 'Bearer t' } });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(when).toHaveBeenCalledWith({ status: 0 });
    expect(asked[0]!.headers.get('authorization')).toBe('Bearer t');
    await expect(prefetched.take(sync.endpoint, sync.params)).resolves.toEqual(envelope({ synced: false }));
  });

  it('asks nothing when the answer before fails the rule (or the rule cannot read it), is refused or is not an envelope, and leaves nothing waiting', async () => {
    const report = { endpoint: ENDPOINTS.report.detail, params: { CollectId: '9' } };
    const sync = { endpoint: ENDPOINTS.report.GetSyncReportStatus, params: { CollectId: '9' } };
    for (const answer of [() => HttpResponse.json(envelope({ status: 2 })), () => HttpResponse.json(envelope(null)), () => new HttpResponse(null, { status: 500 }), () => HttpResponse.json({ status: 0 })]) {
      const asked: string[] = [];
      server.use(
        http.get(`${API_BASE}${report.endpoint.path}`, answer),
        http.get(`${API_BASE}${sync.endpoint.path}`, ({ request }) => (asked.push(request.url), HttpResponse.json(envelope({ synced: false })))),
      );
      const prefetched = startPrefetch({ baseURL: API_BASE, calls: [report, { ...sync, after: { call: report, when: (result) => (result as { status: number }).status === 0 } }], headers: {} });
      await prefetched.take(report.endpoint, report.params);
      await vi.waitFor(() => expect(prefetched.untaken()).toEqual([]));
      expect(asked).toEqual([]);
    }
  });

  it('leaves a refused read (401, 500) to the call, which asks again and reports as usual', async () => {
    let status = 401;
    const seen = counting(() => (status === 401 ? new HttpResponse(null, { status }) : HttpResponse.json(envelope({ n: 2 }))));
    const prefetched = startPrefetch({ baseURL: API_BASE, calls: [{ endpoint: list }], headers: {} });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    status = 200;
    const api = createApiClient({ baseURL: API_BASE, session: signedIn, prefetched });
    await expect(api.request(list, { schema })).resolves.toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it('checks a prefetched answer as any answer: a business refusal is the same failure', async () => {
    counting(() => HttpResponse.json({ statusCode: 7001, message: '无权查看', result: null }));
    const prefetched = startPrefetch({ baseURL: API_BASE, calls: [{ endpoint: list }], headers: {} });
    const api = createApiClient({ baseURL: API_BASE, session: signedIn, prefetched });
    await expect(api.request(list, { schema })).rejects.toMatchObject({ failure: { kind: 'business', statusCode: 7001 } });
  });

  it('lets an answer that waited too long go: the call asks anew', async () => {
    const seen = counting(() => HttpResponse.json(envelope({ n: 3 })));
    let now = 0;
    const prefetched = startPrefetch({ baseURL: API_BASE, calls: [{ endpoint: list }], headers: {}, now: () => now });
    now = PREFETCH_TTL_MS + 1;
    const api = createApiClient({ baseURL: API_BASE, session: signedIn, prefetched });
    await api.request(list, { schema });
    expect(seen).toHaveLength(2);
  });

  it('sends no command (POST) early: only reads are prefetched', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const prefetched = startPrefetch({ baseURL: API_BASE, calls: [{ endpoint: ENDPOINTS.package.collect }], headers: {}, fetchImpl });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(prefetched.untaken()).toEqual([]);
  });
});
