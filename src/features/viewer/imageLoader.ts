import { fromCallback, type EventObject } from 'xstate';
import type { ImageProblem, ImageRequest, ViewerEvent } from '../../../machines/viewer/viewer.types';
import { ArchiveError, archiveFetcher, bodyOf, type ArchiveFetchOptions } from './archiveFetch';
import { DecodeError, type DecodedFrame } from './dicom/decoded';
import { frameBytes, type ImageStore } from './imageStore';
import { sharedRequests } from './sharedRequests';
import { SYNTAXES_TO_ASK, wadoRsRetriever } from './wadoRs';

/** What decoding needs: the worker pool of `dicom/decoderClient.ts`, or a fake in tests. */
export interface FrameDecoder {
  decode(bytes: ArrayBuffer, frameIndex: number, signal?: AbortSignal): Promise<DecodedFrame>;
  dispose(): void;
}

/** More pixels than any real image has (a 16k x 4k scan): a file that claims more is not drawn. */
const MAX_PIXELS = 64 * 1024 * 1024;

/** Instances with several frames: the last few fetched, so each frame does not fetch the whole object again. */
const SHARED_INSTANCES = 2;

/**
 * The viewer chart's `loadImage`: one image by the standard its request names (WADO-URI, or
 * WADO-RS: wadoRs.ts), decoded off the main thread, kept in the store, and answered with
 * IMAGE_LOADED or IMAGE_FAILED. Stopping the actor aborts the fetch and the decode, and nothing is
 * answered. What goes to the archive (its route, its credential) and how a failure is told apart
 * is archiveFetch.ts's.
 */
export function createImageLoader(options: ArchiveFetchOptions & { decoder: FrameDecoder; store: ImageStore }) {
  const archiveFetch = archiveFetcher(options);
  const wadoRs = wadoRsRetriever(archiveFetch);
  const instances = sharedRequests<ArrayBuffer>(SHARED_INSTANCES);

  async function download(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
    return bodyOf(await archiveFetch(url, 'application/dicom', signal), signal);
  }

  /** One fetch per multi-frame instance, shared by its frames; a copy for each, since decoding may take the buffer. */
  async function bytesOf(request: ImageRequest, signal: AbortSignal): Promise<ArrayBuffer> {
    if (request.frames <= 1) return download(request.url, signal);
    return (await instances(request.url, (shared) => download(request.url, shared), signal)).slice(0);
  }

  /** WADO-RS: the stored syntax first; explicit VR little endian when the archive will not give that one or the decoder cannot read it. */
  async function decodeWadoRs(request: ImageRequest, signal: AbortSignal): Promise<DecodedFrame> {
    for (const syntax of SYNTAXES_TO_ASK) {
      const retrieved = await wadoRs.retrieve(request.url, request.frame, request.frames, syntax, signal);
      if (!retrieved) continue;
      try {
        return await options.decoder.decode(retrieved.part10, retrieved.frameIndex, signal);
      } catch (error) {
        if (syntax === '*' && problemOf(error) === 'unsupportedSyntax') continue;
        throw error;
      }
    }
    throw new DecodeError('unsupportedSyntax', 'The archive gives this image in no transfer syntax the viewer reads');
  }

  async function decodeImage(request: ImageRequest, signal: AbortSignal): Promise<DecodedFrame> {
    if (request.protocol === 'wadoRs') return decodeWadoRs(request, signal);
    return options.decoder.decode(await bytesOf(request, signal), request.frame - 1, signal);
  }

  async function load(request: ImageRequest, signal: AbortSignal): Promise<ViewerEvent> {
    try {
      const decoded = await decodeImage(request, signal);
      signal.throwIfAborted();
      if (decoded.frame.rows * decoded.frame.columns > MAX_PIXELS) return { type: 'IMAGE_FAILED', key: request.key, problem: 'badDimensions' };
      options.store.set(request.key, decoded);
      return { type: 'IMAGE_LOADED', key: request.key, bytes: frameBytes(decoded), frameTimeMs: decoded.info.frameTimeMs };
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

const DECODE_PROBLEMS: ReadonlySet<string> = new Set<DecodeError['problem']>(['notDicom', 'truncated', 'unsupportedSyntax', 'unsupportedPixels', 'badDimensions', 'missingFrame', 'corrupt']);

/** What went wrong, in the chart's words; a decode error may have crossed from a worker as a plain object with its name and problem. */
function problemOf(error: unknown): ImageProblem {
  if (error instanceof ArchiveError || error instanceof DecodeError) return error.problem;
  const problem = (error as { name?: unknown; problem?: unknown } | null)?.problem;
  if ((error as { name?: unknown } | null)?.name === 'DecodeError' && typeof problem === 'string' && DECODE_PROBLEMS.has(problem)) return problem as ImageProblem;
  return 'corrupt';
}
