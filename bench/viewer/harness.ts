/**
 * What every candidate page of the viewer bench shares: the series to load (a JSON manifest the
 * runner writes), the full-screen stage, and `window.__bench`, through which the runner reads the
 * time to the first image and steps through the slices.
 */

export interface Manifest {
  /** One WADO-URI address per slice, in slice order. */
  urls: string[];
  /** The slice shown first (the middle of the series, as a patient lands on it). */
  first: number;
}

/** One decoding and rendering stack under test. */
export interface Candidate {
  /** Loads and draws `manifest.first`; resolves once its pixels are on the canvas. */
  showFirst(stage: HTMLElement, manifest: Manifest): Promise<void>;
  /** Loads (fetches and decodes) every other slice; resolves when all are ready to draw. */
  loadRest(): Promise<void>;
  /**
   * Asks for slice `index`, already loaded. `drawn` resolves when its pixels are on the canvas;
   * `asked` when the stack has finished handling the request itself (before it draws).
   */
  show(index: number): { asked: Promise<void>; drawn: Promise<void> };
}

export interface BenchApi {
  /** Milliseconds from navigation start to the first image on the canvas. */
  firstImageMs: number | null;
  /** Every slice loaded. Rejects with the reason the stack failed. */
  ready: Promise<void>;
  /** Shows slice `index` and resolves when it is drawn; its frame time goes into `frameMs`. */
  scrollTo(index: number): Promise<void>;
  /** Per-slice frame times of every `scrollTo`, in ms. */
  frameMs: number[];
  /** What the stack said about itself (its rendering path, for instance). */
  notes: string[];
}

declare global {
  interface Window {
    __bench: BenchApi;
  }
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

/** Resolves in the first task after the current one: after the frame's paint and commit, which run in the same task as its animation frame callbacks. */
function afterThisTask(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });
}

/**
 * One slice's frame time: the work the stack does on the request before the frame (until `asked`),
 * plus the frame that draws it, from its start until the main thread is free again, so the
 * canvas's paint and raster count too (a 2D canvas records its drawing; the pixels are made when
 * the frame is painted). The wait for the frame itself is left out: every stack draws on the
 * next animation frame (as it would after a scroll gesture) and is not charged for idle time.
 */
async function timeOneSlice(candidate: Candidate, index: number): Promise<number> {
  const requested = performance.now();
  // Registered before the stack's own requestAnimationFrame, so it runs first in the same frame.
  const frameStart = nextFrame();
  const { asked, drawn } = candidate.show(index);
  const askedAt = asked.then(() => performance.now());
  await drawn;
  const frameDone = await afterThisTask();
  const start = await frameStart;
  const before = Math.min(await askedAt, start) - requested;
  return before + (frameDone - Math.max(start, requested));
}

export async function runHarness(candidate: Candidate, notes: string[] = []): Promise<void> {
  // When the candidate's code has arrived and run: the rest of the first image is its own work.
  notes.push(`code running at ${Math.round(performance.now())} ms`);
  const query = new URLSearchParams(location.search);
  const stage = document.getElementById('stage')!;
  const api: BenchApi = { firstImageMs: null, ready: Promise.resolve(), frameMs: [], notes, scrollTo: () => Promise.reject(new Error('not ready')) };
  window.__bench = api;
  let failed: (reason: unknown) => void = () => {};
  api.ready = new Promise<void>((resolve, reject) => {
    failed = reject;
    void (async () => {
      const manifest = (await (await fetch(query.get('manifest') ?? './manifest.json')).json()) as Manifest;
      await candidate.showFirst(stage, manifest);
      api.firstImageMs = performance.now();
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
      if (canvas) notes.push(`canvas ${canvas.width}×${canvas.height} for ${canvas.clientWidth}×${canvas.clientHeight} CSS px`);
      await candidate.loadRest();
      resolve();
    })().catch(reject);
  });
  api.ready.catch((error: unknown) => notes.push(`failed: ${String(error)}`));
  api.scrollTo = async (index) => {
    api.frameMs.push(await timeOneSlice(candidate, index));
  };
  window.addEventListener('error', (event) => failed(event.error ?? event.message));
}

/** Runs `load` on every index but `skip`, `parallel` at a time. */
export async function eachSlice(count: number, skip: number, parallel: number, load: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      if (index !== skip) await load(index);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
