/**
 * Candidate (a), ours: the app's own decoder (dicom/, decoded off the main thread by its worker
 * pool) and its Canvas 2D renderer, loading as the viewer does (CONCURRENCY at once), with the
 * next slices painted ahead in the paint worker as ViewerCanvas has them (`?paint=page`: the page
 * paints every slice itself, as a browser without OffscreenCanvas in workers does).
 */
import type { DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { createDecoder } from '../../src/features/viewer/dicom/decoderClient';
import { aheadOf, createPainter, type PaintJob } from '../../src/features/viewer/paintClient';
import { createRenderer } from '../../src/features/viewer/renderer';
import { frameBytes } from '../../src/features/viewer/imageStore';
import { cacheBudget, CONCURRENCY } from '../../src/features/viewer/viewerSettings';
import { planLoads } from '../../machines/viewer/loadPlan';
import type { ImageRef, ImageState, StudyStack } from '../../machines/viewer/viewer.types';
import { effectiveWindow } from '../../src/features/viewer/windowing';
import { eachSlice, runHarness, type Manifest } from './harness';
import { stageCanvases } from './stage';

const decoder = createDecoder();
const renderer = createRenderer();
const painter = createPainter(new URLSearchParams(location.search).get('paint') === 'page' ? { startWorker: () => null } : {});
/** As ViewerScreen's PAINT_AHEAD. */
const PAINT_AHEAD = 6;
const frames = new Map<number, DecodedFrame>();
let manifest: Manifest;
const notes = ['Canvas 2D'];
/** The runner reads the notes after scrolling: this one says how many frames the worker had painted ahead. */
const paintedNote = notes.push('') - 1;
let paintedFrames = 0;
let drawnFrames = 0;
let draw: (index: number) => void;

async function load(index: number): Promise<DecodedFrame> {
  const response = await fetch(manifest.urls[index]!, { credentials: 'omit', headers: { accept: 'application/dicom' } });
  if (!response.ok) throw new Error(`HTTP ${response.status} for slice ${index}`);
  const decoded = await decoder.decode(await response.arrayBuffer(), 0);
  frames.set(index, decoded);
  return decoded;
}

function onNextFrame(index: number): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(draw(index))));
}

/**
 * `window.__walk(from, to)`: the patient moving from slice `from` to `to` one step at a time, the
 * page loading and dropping slices as the viewer chart does (its own `planLoads`, with the app's
 * cache cap for a phone that does not say its memory): what a long series costs in memory.
 */
async function walk(from: number, to: number): Promise<void> {
  const images = manifest.urls.map((_, index): ImageRef => ({ key: String(index), sopUid: String(index), frame: 1, frames: 1 }));
  const study: StudyStack = { studyUid: 'bench', patientName: null, patientId: null, sex: null, age: null, studyDate: null, studyDescription: null, hospitalName: null, series: [{ seriesUid: 'bench', seriesNumber: 1, modality: 'CT', description: null, thumbnailUrl: null, images }] };
  const states: Record<string, ImageState> = Object.fromEntries([...frames].map(([index, decoded]) => [String(index), { status: 'ready', bytes: frameBytes(decoded) }]));
  for (let at = from; at <= to; at++) {
    for (;;) {
      const plan = planLoads({ study, seriesIndex: 0, sliceIndex: at, images: states, concurrency: CONCURRENCY, cacheBytes: cacheBudget(undefined) });
      for (const key of plan.evict) {
        frames.delete(Number(key));
        delete states[key];
      }
      if (plan.start.length === 0) break;
      await Promise.all(plan.start.map(async (ref) => (states[ref.key] = { status: 'ready', bytes: frameBytes(await load(Number(ref.key))) })));
    }
    await onNextFrame(at);
  }
}
(window as Window & { __walk?: typeof walk }).__walk = walk;

void runHarness(
  {
    async showFirst(stage, given) {
      manifest = given;
      const { canvases, size, dpr } = stageCanvases(stage);
      const job = (index: number): PaintJob | null => {
        const decoded = frames.get(index);
        if (!decoded) return null;
        return { key: String(index), decoded, window: effectiveWindow(decoded, { preset: 'file', window: null }) };
      };
      let last = manifest.first;
      draw = (index) => {
        const scene = { ...job(index)!, zoom: 1, pan: { x: 0, y: 0 }, findings: [], aiShown: false };
        const painted = painter.get(scene);
        if (!renderer.draw(canvases, scene, size, dpr, painted)) throw new Error('the canvas cannot draw');
        drawnFrames++;
        if (painted) paintedFrames++;
        notes[paintedNote] = `${paintedFrames} of ${drawnFrames} frames windowed ahead in the worker`;
        const direction = index >= last ? 1 : -1;
        last = index;
        painter.want([scene, ...aheadOf(index, manifest.urls.length, direction, PAINT_AHEAD).flatMap((at) => job(at) ?? [])]);
      };
      await load(manifest.first);
      await onNextFrame(manifest.first);
    },
    // `?walk=1`: the runner walks the series with __walk instead (a long series is never loaded whole).
    loadRest: async () => (new URLSearchParams(location.search).has('walk') ? undefined : eachSlice(manifest.urls.length, manifest.first, CONCURRENCY, async (index) => void (await load(index)))),
    show: (index) => ({ asked: Promise.resolve(), drawn: onNextFrame(index) }),
  },
  notes,
);

