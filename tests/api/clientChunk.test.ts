/**
 * axios is a chunk of its own (issue 26: off the entry's critical path). The client asks for it
 * on the first call that needs it or once the page is idle, never as it is made (the first screen's
 * reads come prefetched, and its bytes would compete with them); a chunk that does not arrive
 * (offline) fails the call as the network would, and the next call asks for it again.
 */
import axios, { type AxiosStatic } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient } from '../../src/shared/api/client';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { ApiFailure } from '../../src/shared/api/failure';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';

startMswServer();

const endpoint = ENDPOINTS.report.GetSyncReportStatus;
const schema = z.object({ synced: z.boolean() });
const signedOut = { accessToken: async () => null, unauthorized: () => {} };

describe('API client: axios as a chunk of its own', () => {
  it('asks for the chunk on the first call that needs it, once for every call, and not as it is made', async () => {
    server.use(http.get(`${API_BASE}${endpoint.path}`, () => HttpResponse.json(envelope({ synced: true }))));
    const loadAxios = vi.fn(async () => axios);
    const api = createApiClient({ baseURL: API_BASE, session: signedOut, loadAxios, whenIdle: () => {} });
    expect(loadAxios).not.toHaveBeenCalled();
    await expect(api.request(endpoint, { schema })).resolves.toEqual({ synced: true });
    await expect(api.request(endpoint, { schema })).resolves.toEqual({ synced: true });
    expect(loadAxios).toHaveBeenCalledTimes(1);
  });

  it('asks for the chunk once the page is idle, so a later call finds it there', async () => {
    let idle: (() => void) | undefined;
    const loadAxios = vi.fn(async () => axios);
    createApiClient({ baseURL: API_BASE, session: signedOut, loadAxios, whenIdle: (work) => void (idle = work) });
    expect(loadAxios).not.toHaveBeenCalled();
    idle!();
    expect(loadAxios).toHaveBeenCalledTimes(1);
  });

  it('a call the prefetch answered needs no axios', async () => {
    const loadAxios = vi.fn(async () => axios);
    const prefetched = { take: () => Promise.resolve(envelope({ synced: true })), untaken: () => [] };
    const api = createApiClient({ baseURL: API_BASE, session: signedOut, loadAxios, whenIdle: () => {}, prefetched });
    await expect(api.request(endpoint, { schema })).resolves.toEqual({ synced: true });
    expect(loadAxios).not.toHaveBeenCalled();
  });

  it('fails a call as the network would when the chunk does not arrive, and asks again on the next', async () => {
    server.use(http.get(`${API_BASE}${endpoint.path}`, () => HttpResponse.json(envelope({ synced: true }))));
    const loadAxios = vi.fn<() => Promise<AxiosStatic>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(axios);
    const api = createApiClient({ baseURL: API_BASE, session: signedOut, loadAxios });
    const error = await api.request(endpoint, { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).failure).toEqual({ kind: 'network' });
    await expect(api.request(endpoint, { schema })).resolves.toEqual({ synced: true });
    expect(loadAxios).toHaveBeenCalledTimes(2);
  });
});
