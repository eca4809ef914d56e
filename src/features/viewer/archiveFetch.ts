import type { ImageProblem } from '../../../machines/viewer/viewer.types';
import { routeArchive } from '../../shared/config/imageArchives';
import type { ImageArchive } from '../../shared/config/runtimeConfig';

/** Why an archive's answer is not an image, in the chart's words. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

export interface ArchiveFetchOptions {
  fetch: typeof fetch;
  /** The runtime configuration's `imageArchives`: where each archive is fetched and what it is sent. */
  archives?: readonly ImageArchive[];
  /** The app's origin: a routed archive is fetched there, and a failure there is never CORS. */
  appOrigin?: string;
  /**
   * The patient's credential headers for a URL (ApiClient.credentialsFor): for an archive
   * configured `session` always, else only on the API's own origin.
   */
  credentialsFor?: (url: string, sessionArchive: boolean) => Promise<Record<string, string>>;
  /** Whether the browser believes it is online (navigator.onLine). */
  online?: () => boolean;
}

/**
 * Fetches from an image archive as the deployment configured it (issue 25 §2, §3): through its
 * same-origin route if it has one; the bearer token or study pass in headers only for a
 * `session` archive (or the API's own origin), cookies only for a `cookie` one, nothing for a
 * `signed` or `none` one; never a credential in the URL. Resolves with any HTTP answer whose
 * status `accept` allows (the WADO-RS negotiation reads 400 and 406), else rejects with the
 * ArchiveError that tells the failures apart: the archive refused this app cross-origin (CORS)
 * or the network is down, the archive refused access (401, 403), has no such object (404), or
 * failed (any other status).
 */
export function archiveFetcher(options: ArchiveFetchOptions) {
  const appOrigin = options.appOrigin ?? globalThis.location?.origin ?? 'http://localhost';

  /** A fetch that threw: a cross-origin archive that answers a no-cors request is up and refused this app; else the network. */
  async function unreachable(url: string, signal: AbortSignal): Promise<ImageProblem> {
    if (options.online?.() === false || new URL(url, appOrigin).origin === appOrigin) return 'network';
    try {
      await options.fetch(url, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer', signal });
      return 'crossOrigin';
    } catch {
      return 'network';
    }
  }

  return async function archiveFetch(address: string, accept: string, signal: AbortSignal, answered: (status: number) => boolean = () => false): Promise<Response> {
    const { url, credential } = routeArchive(address, options.archives ?? [], appOrigin);
    let response: Response;
    try {
      const sends = credential === null || credential === 'session';
      const credentials = sends ? ((await options.credentialsFor?.(url, credential === 'session')) ?? {}) : {};
      response = await options.fetch(url, {
        signal,
        credentials: credential === 'cookie' ? 'include' : 'omit',
        referrerPolicy: 'no-referrer',
        headers: { accept, ...credentials },
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ArchiveError(await unreachable(url, signal));
    }
    if (response.ok || answered(response.status)) return response;
    if (response.status === 401 || response.status === 403) throw new ArchiveError('denied');
    if (response.status === 404) throw new ArchiveError('notFound');
    throw new ArchiveError('archiveError');
  };
}

export type ArchiveFetch = ReturnType<typeof archiveFetcher>;

/** The body of an answer; a body cut off by the network is the network's problem. */
export async function bodyOf(response: Response, signal: AbortSignal): Promise<ArrayBuffer> {
  try {
    return await response.arrayBuffer();
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ArchiveError('network');
  }
}
