import axios, { type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient } from '../../src/shared/api/client';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { ApiFailure } from '../../src/shared/api/failure';
import { HTTP_TIMEOUT_MS } from '../../src/shared/rules/constants';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';

startMswServer();
afterEach(() => void vi.useRealTimers());

const endpoint = ENDPOINTS.center.UploadImage;
const url = `${API_BASE}${endpoint.path}`;
const schema = z.object({ avatarUrl: z.string() });

function client() {
  const session = { accessToken: vi.fn(async () => 'token-9'), unauthorized: vi.fn() };
  return { api: createApiClient({ baseURL: API_BASE, session }), session };
}

const form = () => {
  const body = new FormData();
  body.append('file', new File([new Uint8Array([1, 2, 3])], 'avatar.jpg', { type: 'image/jpeg' }), 'avatar.jpg');
  return body;
};

describe('API client upload (multipart)', () => {
  it('posts the form with the bearer token and resolves with the validated result', async () => {
    const seen: Array<{ auth: string | null; type: string | null; file: unknown }> = [];
    server.use(
      http.post(url, async ({ request }) => {
        const type = request.headers.get('content-type');
        const body = await request.formData();
        seen.push({ auth: request.headers.get('authorization'), type, file: body.get('file') });
        return HttpResponse.json(envelope({ avatarUrl: 'http://localhost/a.jpg' }));
      }),
    );
    await expect(client().api.upload(endpoint, { form: form(), schema })).resolves.toEqual({ avatarUrl: 'http://localhost/a.jpg' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.auth).toBe('Bearer token-9');
    expect(seen[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    // jsdom's XHR hands MSW the file part without its name or bytes (a browser sends both: e2e covers it).
    expect(seen[0]!.file).toBeTruthy();
  });

  it('fails as request does: a business refusal with the server words, a malformed answer, no answer', async () => {
    const failureOf = async (promise: Promise<unknown>) => {
      const error = await promise.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ApiFailure);
      expect((error as ApiFailure).endpoint).toBe(endpoint);
      return (error as ApiFailure).failure;
    };
    server.use(http.post(url, () => HttpResponse.json(envelope(null, 4603, '图片格式不支持'))));
    expect(await failureOf(client().api.upload(endpoint, { form: form(), schema }))).toEqual({ kind: 'business', statusCode: 4603, message: '图片格式不支持' });
    server.use(http.post(url, () => HttpResponse.json(envelope({ nope: 1 }))));
    expect((await failureOf(client().api.upload(endpoint, { form: form(), schema }))).kind).toBe('malformed');
    server.use(http.post(url, () => HttpResponse.error()));
    expect(await failureOf(client().api.upload(endpoint, { form: form(), schema }))).toEqual({ kind: 'network' });
  });

  it('tells the session about a 401', async () => {
    server.use(http.post(url, () => new HttpResponse(null, { status: 401 })));
    const { api, session } = client();
    await expect(api.upload(endpoint, { form: form(), schema })).rejects.toBeInstanceOf(ApiFailure);
    expect(session.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports progress as a fraction when the adapter reports it', async () => {
    const progress: number[] = [];
    const api = createApiClient({
      baseURL: API_BASE,
      session: { accessToken: async () => null, unauthorized: () => {} },
      adapter: async (config) => {
        config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true } as never);
        config.onUploadProgress?.({ loaded: 200, total: 200, bytes: 150, lengthComputable: true } as never);
        config.onUploadProgress?.({ loaded: 10, bytes: 10, lengthComputable: false } as never);
        return { data: envelope({ avatarUrl: 'x' }), status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    await api.upload(endpoint, { form: form(), schema, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([0.25, 1]);
  });

  it('counts the timeout from the last progress: a slow upload that keeps moving is not cut off, a stalled one is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let config: InternalAxiosRequestConfig | undefined;
    const adapter = (given: InternalAxiosRequestConfig) =>
      new Promise<never>((_, reject) => {
        config = given;
        (given.signal as AbortSignal).addEventListener('abort', () => reject(new axios.CanceledError()));
      });
    const api = createApiClient({ baseURL: API_BASE, session: { accessToken: async () => null, unauthorized: () => {} }, adapter });
    const outcome = api.upload(endpoint, { form: form(), schema, onProgress: () => {} }).then(() => null, (error: unknown) => (error as ApiFailure).failure);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    config!.onUploadProgress?.({ loaded: 1, total: 4, bytes: 1, lengthComputable: true } as never);
    // Twice the timeout since the upload began, but less than one since it last moved: still going.
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect((config!.signal as AbortSignal).aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((config!.signal as AbortSignal).aborted).toBe(true);
    expect(await outcome).toEqual({ kind: 'network' });
  });
});
