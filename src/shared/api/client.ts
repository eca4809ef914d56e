import type { AxiosInstance, AxiosStatic } from 'axios';
import { whenIdle } from '../platform/tasks';
import type * as z from 'zod/mini';
import { HTTP_TIMEOUT_MS } from '../rules/constants';
import type { Endpoint } from './endpoints';
import { envelopeMessage, envelopeSchema, RATE_LIMITED_STATUS_CODE, SUCCESS_STATUS_CODE } from './envelope';
import { ApiFailure, type Failure } from './failure';
import { FAMILY_MEMBER_HEADER, STUDY_PASS_HEADER } from './passHeader';
import { callKey, startPrefetch, type FirstCall, type Prefetched } from './prefetch';

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
  /** A credential of the call's own that must not go in the URL (a download link's token). */
  headers?: Record<string, string>;
}

export interface UploadOptions<T> {
  schema: z.ZodMiniType<T>;
  /** The multipart body: its parts as the endpoint's schema comment names them. */
  form: FormData;
  /** How much of the body has gone, 0 to 1, as the browser reports it (not at all where it cannot). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** Resolves with the envelope's result; rejects with an ApiFailure and nothing else. */
  request<T>(endpoint: Endpoint, options: RequestOptions<T>): Promise<T>;
  /**
   * POST multipart/form-data (an avatar, feedback with images), reporting upload progress; the
   * answer is checked as `request` checks it. The timeout counts from the last progress, so a
   * slow upload that keeps moving is not cut off.
   */
  upload<T>(endpoint: Endpoint, options: UploadOptions<T>): Promise<T>;
  /**
   * The headers that carry the patient's credentials (the bearer token, the study pass) to `url`,
   * when it is on the API's own origin: the sandbox's image archive asks them for every image
   * (issue 22); or when the deployment configured its archive `session` (`sessionArchive`, issue
   * 25: a proxy or archive that checks them). Nothing for any other: a token never goes where it
   * was not issued for.
   */
  credentialsFor(url: string, sessionArchive?: boolean): Promise<Record<string, string>>;
  /**
   * Sends reads the patient is about to need (the screen a finger is on: src/app/useIntentPrefetch.ts)
   * with this client's credentials; the identical calls take their answers (prefetch.ts).
   */
  prefetch(calls: readonly FirstCall[]): void;
}

export function createApiClient(options: {
  baseURL: string;
  session: SessionPort;
  /** The study pass this tab holds (issue 13), sent with every call. */
  studyPass?: () => string | null;
  /** The family member this tab acts for (issue 27 §2), named in every call; null: the patient themself. */
  actingMember?: () => string | null;
  adapter?: AxiosInstance['defaults']['adapter'];
  /** The page's first reads, sent as the app started (prefetch.ts): a call that matches one takes its answer. */
  prefetched?: Prefetched;
  /** Where axios comes from (its own chunk; a test's stand-in that fails, say). */
  loadAxios?: () => Promise<AxiosStatic>;
  /** When the page is idle enough to fetch axios before a call needs it (platform/tasks.ts). */
  whenIdle?: (work: () => void) => void;
}): ApiClient {
  // Answers sent ahead: the start's (main.tsx), then whatever the patient's taps asked for.
  const prefetched: Prefetched[] = options.prefetched ? [options.prefetched] : [];
  const takePrefetched = (endpoint: Endpoint, params: RequestOptions<unknown>['params']) => {
    for (const source of prefetched) {
      const answer = source.take(endpoint, params);
      if (answer) return answer;
    }
    return undefined;
  };
  const loadAxios = options.loadAxios ?? (() => import('axios').then((m) => m.default));
  /**
   * axios is a chunk of its own, off the entry. It is asked for by the first call that needs it, or
   * once the page is idle: the first screen's reads are prefetched with plain fetch (prefetch.ts),
   * so on a cheap phone its bytes never compete with that screen's chunk and answers.
   */
  let loading: Promise<{ axios: AxiosStatic; http: AxiosInstance }> | null = null;
  const client = () =>
    (loading ??= loadAxios().then(
      (axios) => {
        const http = axios.create({
          baseURL: options.baseURL,
          xsrfCookieName: XSRF_COOKIE,
          xsrfHeaderName: XSRF_HEADER,
          withXSRFToken: (config) => !config.baseURL || config.baseURL.startsWith('/'),
          headers: { accept: 'application/json' },
          ...(options.adapter ? { adapter: options.adapter } : {}),
        });
        http.interceptors.request.use(async (config) => {
          for (const [name, value] of Object.entries(await credentials())) config.headers.set(name, value);
          return config;
        });
        return { axios, http };
      },
      (error: unknown) => {
        // Offline: the next call tries again.
        loading = null;
        throw error;
      },
    ));
  (options.whenIdle ?? whenIdle)(() => void client().catch(() => {}));

  async function credentials(): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    const token = await options.session.accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const pass = options.studyPass?.();
    if (pass) headers[STUDY_PASS_HEADER] = pass;
    const member = options.actingMember?.();
    if (member) headers[FAMILY_MEMBER_HEADER] = member;
    return headers;
  }

  /** Where the API answers: its base URL's origin (the page's own for a relative one). */
  const apiOrigin = () => new URL(options.baseURL, window.location.href).origin;

  interface Sending {
    params?: RequestOptions<unknown>['params'];
    headers?: Record<string, string>;
    data?: unknown;
    signal?: AbortSignal;
    background?: boolean;
    onProgress?: (fraction: number) => void;
  }

  async function send(endpoint: Endpoint, request: Sending): Promise<unknown> {
    let loaded: Awaited<ReturnType<typeof client>>;
    try {
      loaded = await client();
    } catch {
      throw new ApiFailure({ kind: 'network' }, endpoint);
    }
    const { axios, http } = loaded;
    // One abort signal for both the caller's cancel and our timeout, so every adapter honours
    // the timeout and a timeout reads as a network failure, a cancel as an abort.
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, HTTP_TIMEOUT_MS);
    };
    startTimer();
    const forwardAbort = () => controller.abort();
    if (request.signal?.aborted) controller.abort();
    request.signal?.addEventListener('abort', forwardAbort);
    const { onProgress } = request;
    try {
      const response = await http.request<unknown>({
        method: endpoint.method,
        url: endpoint.path,
        params: request.params,
        ...(request.headers && { headers: request.headers }),
        data: request.data,
        signal: controller.signal,
        responseType: 'json',
        ...(onProgress && {
          onUploadProgress: (progress: { loaded: number; total?: number }) => {
            startTimer();
            if (progress.total) onProgress(Math.min(1, Math.max(0, progress.loaded / progress.total)));
          },
        }),
      });
      return response.data;
    } catch (error) {
      throw new ApiFailure(transportFailure(axios, error, timedOut, request.background === true), endpoint);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  function transportFailure(axios: AxiosStatic, error: unknown, timedOut: boolean, background: boolean): Failure {
    if (timedOut) return { kind: 'network' };
    if (axios.isCancel(error)) return { kind: 'aborted' };
    if (axios.isAxiosError(error) && error.response) {
      if (error.response.status === 401) {
        if (!background) options.session.unauthorized();
        return { kind: 'unauthorized' };
      }
      // A limit's refusal (HTTP 429) carries an envelope that says how long to wait.
      const envelope = envelopeSchema.safeParse(error.response.data);
      if (error.response.status === RATE_LIMITED_STATUS_CODE && envelope.success && envelope.data.statusCode === RATE_LIMITED_STATUS_CODE) {
        return { kind: 'business', statusCode: RATE_LIMITED_STATUS_CODE, message: envelopeMessage(envelope.data), result: envelope.data.result };
      }
      return { kind: 'http', status: error.response.status };
    }
    return { kind: 'network' };
  }

  /** The envelope's result by the schema, or the ApiFailure that says why not. */
  function unwrap<T>(endpoint: Endpoint, body: unknown, schema: z.ZodMiniType<T>): T {
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
    const result = schema.safeParse(envelope.data.result);
    if (!result.success) {
      throw new ApiFailure({ kind: 'malformed', detail: result.error.issues.map((i) => i.path.join('.')).join(', ') }, endpoint);
    }
    return result.data;
  }

  return {
    async request<T>(endpoint: Endpoint, request: RequestOptions<T>): Promise<T> {
      const early = request.data === undefined && !request.headers ? takePrefetched(endpoint, request.params) : undefined;
      const body = early && (await early);
      if (body !== undefined && !request.signal?.aborted) return unwrap(endpoint, body, request.schema);
      return unwrap(endpoint, await send(endpoint, request), request.schema);
    },
    async upload<T>(endpoint: Endpoint, upload: UploadOptions<T>): Promise<T> {
      // Axios sets multipart/form-data with its boundary for a FormData body.
      const body = await send(endpoint, { data: upload.form, signal: upload.signal, onProgress: upload.onProgress });
      return unwrap(endpoint, body, upload.schema);
    },
    prefetch(calls) {
      // A read already on its way is not sent again (a press, then the click of the same tap).
      const waiting = new Set(prefetched.flatMap((source) => source.untaken()));
      const fresh = calls.filter((call) => !waiting.has(callKey(call.endpoint, call.params)));
      if (fresh.length === 0) return;
      // Sources whose answers are all taken are let go.
      for (let i = prefetched.length - 1; i >= 0; i--) if (prefetched[i]!.untaken().length === 0) prefetched.splice(i, 1);
      prefetched.push(startPrefetch({ baseURL: options.baseURL, calls: fresh, headers: credentials() }));
    },
    async credentialsFor(url: string, sessionArchive = false): Promise<Record<string, string>> {
      if (sessionArchive) return credentials();
      let origin: string | null = null;
      try {
        origin = new URL(url, window.location.href).origin;
      } catch {
        // An address that cannot be read is no address of the API: no credentials.
      }
      return origin === apiOrigin() ? credentials() : {};
    },
  };
}
