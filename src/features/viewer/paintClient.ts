import type { Window } from '../../../machines/viewer/viewerViewport.types';
import type { DecodedFrame } from './dicom/decoded';
import type { PaintRequest, PaintResponse } from './paintFrame';

/**
 * Slices windowed ahead, off the main thread (issue 26): while the patient scrolls, a worker
 * windows the slices next to the one on screen into bitmaps, with the very bytes the page's
 * renderer would make, and the page only draws the one it needs, fitted, zoomed and panned as
 * before. Windowing a 512 × 512 slice on the page's main thread was about half of a 20 ms frame at
 * 4x CPU. A slice not windowed yet (the first one, a window being dragged) the page windows
 * itself, as before; so does a browser without OffscreenCanvas in workers (old WeChat webviews,
 * jsdom): there the painter stays idle.
 */

/** One windowed slice: the image and the window it is seen through. */
export interface PaintJob {
  key: string;
  decoded: DecodedFrame;
  window: Window | null;
}

/** What the painter needs of a worker (a real one, or a test's stand-in). */
export interface PaintWorker {
  postMessage(message: PaintRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<PaintResponse>) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface Painter {
  /** The slice windowed for this job, when the worker has it ready. */
  get(job: PaintJob): ImageBitmap | undefined;
  /** The slices to have ready, most wanted first (the one on screen, then its neighbours), as many as the budget holds; the others are let go. */
  want(jobs: readonly PaintJob[]): void;
  dispose(): void;
}

/** Windowed slices kept at most, in bytes: 32 slices of 512 × 512 (RGBA). */
export const PAINT_BUDGET = 32 * 1024 * 1024;

/** Everything a windowed slice depends on: two jobs with the same id make the same pixels. */
export function paintId(job: PaintJob): string {
  return `${job.key}|${job.window ? `${job.window.center}/${job.window.width}` : 'colour'}`;
}

/** Whether this browser can paint in a worker: module workers, OffscreenCanvas and ImageBitmap. */
export function canPaintInWorker(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

function startPaintWorker(): PaintWorker | null {
  if (!canPaintInWorker()) return null;
  return new Worker(new URL('./paintWorker.ts', import.meta.url), { type: 'module', name: 'frame-painter' }) as unknown as PaintWorker;
}

/**
 * Slice indexes to paint ahead of `index` in a stack of `count`, nearest first: mostly the way
 * the patient is going (`direction`, +1 or -1), one step back for a change of mind.
 */
export function aheadOf(index: number, count: number, direction: 1 | -1, take: number): number[] {
  const order: number[] = [];
  for (let step = 1; order.length < take && step < count; step++) {
    for (const at of step === 2 ? [index - direction, index + direction * step] : [index + direction * step]) {
      if (at >= 0 && at < count && order.length < take) order.push(at);
    }
  }
  return order;
}

/** Slices asked of the worker at once: it windows the next while the page takes the last (a slow phone's main thread answers late). */
const IN_FLIGHT = 3;

/** One worker, the most wanted slices first, a few asked at once; started on the first slice wanted. */
export function createPainter(options: { startWorker?: () => PaintWorker | null; budgetBytes?: number } = {}): Painter {
  const startWorker = options.startWorker ?? startPaintWorker;
  const budget = options.budgetBytes ?? PAINT_BUDGET;
  const ready = new Map<string, ImageBitmap>();
  let wanted: { id: string; job: PaintJob }[] = [];
  let worker: PaintWorker | null = null;
  let disabled = false;
  /** Frames asked of the worker and not answered yet: request id to paint id. */
  const asked = new Map<number, string>();
  let nextRequest = 1;

  /** Ends the worker and lets go of every bitmap; `disabled` when this browser cannot paint in a worker. */
  function stop(disable = true): void {
    disabled = disable;
    worker?.terminate();
    worker = null;
    asked.clear();
    for (const bitmap of ready.values()) bitmap.close();
    ready.clear();
    wanted = [];
  }

  function answered(response: PaintResponse): void {
    const id = asked.get(response.id);
    if (id === undefined) return;
    asked.delete(response.id);
    // A worker that cannot paint here: the page paints every frame itself from now on.
    if (!response.ok) return stop();
    if (wanted.some((entry) => entry.id === id)) ready.set(id, response.bitmap);
    else response.bitmap.close();
    pump();
  }

  function pump(): void {
    const pending = new Set(asked.values());
    for (const { id, job } of wanted) {
      if (disabled || asked.size >= IN_FLIGHT) return;
      if (ready.has(id) || pending.has(id)) continue;
      if (!worker) {
        worker = startWorker();
        if (!worker) return stop();
        worker.onmessage = (event) => answered(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          stop();
        };
      }
      const requestId = nextRequest++;
      asked.set(requestId, id);
      worker.postMessage({ id: requestId, decoded: job.decoded, window: job.window });
    }
  }

  return {
    get: (job) => ready.get(paintId(job)),
    want(jobs) {
      if (disabled) return;
      const kept: { id: string; job: PaintJob }[] = [];
      let bytes = 0;
      for (const job of jobs) {
        bytes += job.decoded.frame.columns * job.decoded.frame.rows * 4;
        if (kept.length > 0 && bytes > budget) break;
        kept.push({ id: paintId(job), job });
      }
      const keep = new Set(kept.map((entry) => entry.id));
      for (const [id, bitmap] of ready) {
        if (keep.has(id)) continue;
        bitmap.close();
        ready.delete(id);
      }
      wanted = kept;
      pump();
    },
    // The screen closing (or React's strict mode trying it): a later want starts afresh.
    dispose: () => stop(false),
  };
}
