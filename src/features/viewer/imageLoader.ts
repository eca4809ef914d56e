import { fromCallback, type EventObject } from 'xstate';
import type { ImageProblem, ImageRequest, ViewerEvent } from '../../../machines/viewer/viewer.types';
import { DecodeError, type DecodedFrame, type FrameInfo } from './dicom/decoded';
import { frameBytes, type ImageStore } from './imageStore';

/** What decoding needs: the worker pool of `dicom/decoderClient.ts`, or a fake in tests. */
export interface FrameDecoder {
  decode(bytes: ArrayBuffer, frameIndex: number, signal?: AbortSignal): Promise<DecodedFrame>;
  dispose(): void;
}

/** Why an HTTP answer is not an image. */
class ArchiveError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/** More pixels than any real image has (a 16k x 4k scan): a file that claims more is not drawn. */
const MAX_PIXELS = 64 * 1024 * 1024;

/** Instances with several frames: the last few fetched, so each frame does not fetch the whole object again. */
const SHARED_INSTANCES = 2;

/**
 * The viewer chart's `loadImage`: one WADO-URI request, decoded off the main thread, kept in the
 * store, and answered with IMAGE_LOADED or IMAGE_FAILED. Stopping the actor aborts the fetch and
 * the decode, and nothing is answered. The patient's credentials go in headers, and only where
 * `credentialsFor` says (the API's own archive); never cookies, never in the URL.
 */
export function createImageLoader(options: {
  fetch: typeof fetch;
  decoder: FrameDecoder;
  store: ImageStore;
  /** The credential headers for an image's URL (ApiClient.credentialsFor); none when absent. */
  credentialsFor?: (url: string) => Promise<Record<string, string>>;
}) {
  const shared = new Map<string, Promise<ArrayBuffer>>();

  async function download(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
    let response: Response;
    try {
      const credentials = (await options.credentialsFor?.(url)) ?? {};
      response = await options.fetch(url, { signal, credentials: 'omit', referrerPolicy: 'no-referrer', headers: { accept: 'application/dicom', ...credentials } });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ArchiveError('network');
    }
    if (response.status === 404) throw new ArchiveError('notFound');
    if (!response.ok) throw new ArchiveError('archiveError');
    try {
      return await response.arrayBuffer();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ArchiveError('network');
    }
  }

  /** One fetch per multi-frame instance, shared by its frames; a copy for each, since decoding may take the buffer. */
  async function bytesOf(request: ImageRequest, signal: AbortSignal): Promise<ArrayBuffer> {
    if (request.frames <= 1) return download(request.url, signal);
    let pending = shared.get(request.url);
    if (!pending) {
      // Not tied to one frame's signal: another frame may still want it.
      pending = download(request.url, new AbortController().signal);
      pending.catch(() => shared.delete(request.url));
      shared.set(request.url, pending);
      if (shared.size > SHARED_INSTANCES) shared.delete(shared.keys().next().value!);
    }
    return (await pending).slice(0);
  }

  async function load(request: ImageRequest, signal: AbortSignal): Promise<ViewerEvent> {
    try {
      const bytes = await bytesOf(request, signal);
      const decoded = await options.decoder.decode(bytes, request.frame - 1, signal);
      signal.throwIfAborted();
      if (decoded.frame.rows * decoded.frame.columns > MAX_PIXELS) return { type: 'IMAGE_FAILED', key: request.key, problem: 'badDimensions' };
      options.store.set(request.key, decoded);
      return { type: 'IMAGE_LOADED', key: request.key, bytes: frameBytes(decoded), frameTimeMs: frameTimeOf(decoded.info) };
    } catch (error) {
      return { type: 'IMAGE_FAILED', key: request.key, problem: problemOf(error) };
    }
  }

  return fromCallback<EventObject, ImageRequest>(({ input, sendBack }) => {
    const controller = new AbortController();
    void load(input, controller.signal).then((answer) => {
      if (!controller.signal.aborted) sendBack(answer);
    });
    return () => controller.abort();
  });
}

/**
 * The file's frame time for cine (issue 25 §4, shared interface 1: Frame Time, else Cine Rate,
 * else Recommended Display Frame Rate). The decoder adds `FrameInfo.frameTimeMs`; until that is
 * merged this reads it when present, and afterwards it is simply `info.frameTimeMs`.
 */
const frameTimeOf = (info: FrameInfo): number | null => (info as FrameInfo & { frameTimeMs?: number | null }).frameTimeMs ?? null;

const DECODE_PROBLEMS: ReadonlySet<string> = new Set<DecodeError['problem']>(['notDicom', 'truncated', 'unsupportedSyntax', 'badDimensions', 'missingFrame', 'corrupt']);

/** What went wrong, in the chart's words; a decode error may have crossed from a worker as a plain object with its name and problem. */
function problemOf(error: unknown): ImageProblem {
  if (error instanceof ArchiveError || error instanceof DecodeError) return error.problem;
  const problem = (error as { name?: unknown; problem?: unknown } | null)?.problem;
  if ((error as { name?: unknown } | null)?.name === 'DecodeError' && typeof problem === 'string' && DECODE_PROBLEMS.has(problem)) return problem as ImageProblem;
  return 'corrupt';
}
