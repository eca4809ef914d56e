import axios, { type AxiosInstance } from 'axios';
import type * as z from 'zod/mini';
import { HTTP_TIMEOUT_MS } from '../rules/constants';
import type { Endpoint } from './endpoints';
import { envelopeMessage, envelopeSchema, SUCCESS_STATUS_CODE } from './envelope';
import { ApiFailure, type Failure } from './failure';
import { STUDY_PASS_HEADER } from './collectSchemas';

/** What the API client needs from the session: the token, and someone to tell about a 401. */
export interface SessionPort {
  /** Waits while the session is being restored, so a first call does not go out without it. */
  accessToken(): Promise<string | null>;
  /** HTTP 401 arrived: the session decides what happens next (sign-in, return). */
  unauthorized(): void;
}

/** The anti-forgery cookie and header pair; the server sets the cookie, we echo it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface RequestOptions<T> {
  schema: z.ZodMiniType<T>;
  params?: Record<string, string | number | boolean | undefined>;
  data?: unknown;
  signal?: AbortSignal;
  /** Work the patient did not ask for (analytics): a 401 is a failure, not a reason to sign in. */
  background?: boolean;
}

export interface ApiClient {
  /** Resolves with the envelope's result; rejects with an ApiFailure and nothing else. */
  request<T>(endpoint: Endpoint, options: RequestOptions<T>): Promise<T>;
}

export function createApiClient(options: {
  baseURL: string;
  session: SessionPort;
  /** The study pass this tab holds (issue 13), sent with every call. */
  studyPass?: () => string | null;
  adapter?: AxiosInstance['defaults']['adapter'];
}): ApiClient {
  const http = axios.create({
    baseURL: options.baseURL,
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: XSRF_HEADER,
    withXSRFToken: (config) => !config.baseURL || config.baseURL.startsWith('/'),
    headers: { accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  http.interceptors.request.use(async (config) => {
    const token = await options.session.accessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const pass = options.studyPass?.();
    if (pass) config.headers.set(STUDY_PASS_HEADER, pass);
    return config;
  });

  async function send(endpoint: Endpoint, request: RequestOptions<unknown>): Promise<unknown> {
    // One abort signal for both the caller's cancel and our timeout, so every adapter honours
    // the timeout and a timeout reads as a network failure, a cancel as an abort.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, HTTP_TIMEOUT_MS);
    const forwardAbort = () => controller.abort();
    if (request.signal?.aborted) controller.abort();
    request.signal?.addEventListener('abort', forwardAbort);
    try {
      const response = await http.request<unknown>({
        method: endpoint.method,
        url: endpoint.path,
        params: request.params,
        data: request.data,
        signal: controller.signal,
        responseType: 'json',
      });
      return response.data;
    } catch (error) {
      throw new ApiFailure(transportFailure(error, timedOut, request.background === true), endpoint);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  function transportFailure(error: unknown, timedOut: boolean, background: boolean): Failure {
    if (timedOut) return { kind: 'network' };
    if (axios.isCancel(error)) return { kind: 'aborted' };
    if (axios.isAxiosError(error) && error.response) {
      if (error.response.status === 401) {
        if (!background) options.session.unauthorized();
        return { kind: 'unauthorized' };
      }
      return { kind: 'http', status: error.response.status };
    }
    return { kind: 'network' };
  }

  return {
    async request<T>(endpoint: Endpoint, request: RequestOptions<T>): Promise<T> {
      const body = await send(endpoint, request);
      const envelope = envelopeSchema.safeParse(body);
      if (!envelope.success) throw new ApiFailure({ kind: 'malformed', detail: 'not an envelope' }, endpoint);
      if (envelope.data.statusCode !== SUCCESS_STATUS_CODE) {
        throw new ApiFailure({
          kind: 'business',
          statusCode: envelope.data.statusCode,
          message: envelopeMessage(envelope.data),
          // Some refusals carry numbers (tries left, seconds to wait: issue 13).
          ...(envelope.data.result != null && { result: envelope.data.result }),
        }, endpoint);
      }
      const result = request.schema.safeParse(envelope.data.result);
      if (!result.success) {
        throw new ApiFailure({ kind: 'malformed', detail: result.error.issues.map((i) => i.path.join('.')).join(', ') }, endpoint);
      }
      return result.data;
    },
  };
}
