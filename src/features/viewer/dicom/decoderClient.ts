import type { DecodedFrame } from './decoded';
import { errorOf, type DecodeRequest, type DecodeResponse } from './decodeProtocol';

export interface Decoder {
  /**
   * Decodes one frame in a worker. The bytes are copied to the worker, so the caller keeps them
   * (for the next frame of a multi-frame file); the decoded arrays are transferred back. Rejects
   * with DecodeError for a file that cannot be shown, with the signal's reason when aborted.
   */
  decode(bytes: ArrayBuffer, frameIndex: number, signal?: AbortSignal): Promise<DecodedFrame>;
  /** Ends the workers; what is still pending rejects with an AbortError. */
  dispose(): void;
}

interface Job {
  request: DecodeRequest;
  settle: (outcome: { frame: DecodedFrame } | { error: unknown }) => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

function defaultPoolSize(): number {
  const cores = typeof navigator === 'object' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  // One core stays with the page (scrolling, drawing); two workers are enough for one viewer.
  return Math.min(2, Math.max(1, cores - 1));
}

function abortError(signal: AbortSignal | undefined, message: string): unknown {
  return signal?.reason ?? new DOMException(message, 'AbortError');
}

/** A small pool of decode workers, started when first needed. */
export function createDecoder(options: { workers?: number } = {}): Decoder {
  const size = Math.max(1, options.workers ?? defaultPoolSize());
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let disposed = false;

  function finish(slot: Slot, outcome: Parameters<Job['settle']>[0]): void {
    const job = slot.job;
    slot.job = null;
    job?.settle(outcome);
    pump();
  }

  function startWorker(): Slot {
    const worker = new Worker(new URL('./decodeWorker.ts', import.meta.url), { type: 'module', name: 'dicom-decoder' });
    const slot: Slot = { worker, job: null };
    worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
      const response = event.data;
      if (slot.job?.request.id !== response.id) return;
      finish(slot, response.ok ? { frame: response.decoded } : { error: errorOf(response) });
    };
    // A worker that failed to start or crashed is replaced; its frame fails, the queue goes on.
    const crashed = (event: Event) => {
      event.preventDefault();
      worker.terminate();
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const message = (event as Partial<ErrorEvent>).message;
      const detail = message ? `: ${message}` : '';
      finish(slot, { error: new Error(`The DICOM decoder stopped${detail}`) });
    };
    worker.onerror = crashed;
    worker.onmessageerror = crashed;
    slots.push(slot);
    return slot;
  }

  function pump(): void {
    while (!disposed && queue.length > 0) {
      const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < size ? startWorker() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  }

  return {
    decode(bytes, frameIndex, signal) {
      return new Promise<DecodedFrame>((resolve, reject) => {
        if (disposed) return reject(abortError(undefined, 'The decoder was disposed'));
        if (signal?.aborted) return reject(abortError(signal, 'Aborted'));
        const onAbort = () => {
          const queued = queue.indexOf(job);
          if (queued >= 0) queue.splice(queued, 1);
          // A frame already in a worker runs to its end there; its answer is dropped.
          job.settle({ error: abortError(signal, 'Aborted') });
        };
        const job: Job = {
          request: { id: nextId++, bytes, frameIndex },
          settled: false,
          settle: (outcome) => {
            if (job.settled) return;
            job.settled = true;
            signal?.removeEventListener('abort', onAbort);
            if ('frame' in outcome) resolve(outcome.frame);
            else reject(outcome.error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    dispose() {
      disposed = true;
      const error = abortError(undefined, 'The decoder was disposed');
      for (const slot of slots) {
        slot.worker.terminate();
        slot.job?.settle({ error });
      }
      for (const job of queue) job.settle({ error });
      slots.length = 0;
      queue.length = 0;
    },
  };
}
