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
import { CONCURRENCY } from '../../src/features/viewer/viewerSettings';
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
    loadRest: () => eachSlice(manifest.urls.length, manifest.first, CONCURRENCY, async (index) => void (await load(index))),
    show: (index) => ({ asked: Promise.resolve(), drawn: onNextFrame(index) }),
  },
  notes,
);

