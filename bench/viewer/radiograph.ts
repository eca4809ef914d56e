/**
 * The radiograph bench's second page (scripts/bench/radiograph.ts): our decoder and renderer as
 * ours.ts uses them, but decoding on the page's main thread, which Chromium's CPU slowdown
 * throttles (its worker threads it leaves at full speed), so the 4x figure is the decoder's too.
 */
import type { DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { createRenderer } from '../../src/features/viewer/renderer';
import { effectiveWindow } from '../../src/features/viewer/windowing';
import { runHarness } from './harness';
import { stageCanvases } from './stage';

const renderer = createRenderer();
let drawn: DecodedFrame | undefined;
let draw: () => void = () => {};
const notes = ['main-thread decode'];

void runHarness({
  async showFirst(stage, manifest) {
    const { canvases, size, dpr } = stageCanvases(stage);
    const started = performance.now();
    const response = await fetch(manifest.urls[manifest.first]!);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    const fetched = performance.now();
    const decoded = await decodeFrame(bytes, 0);
    const decodedAt = performance.now();
    drawn = decoded;
    draw = () => {
      const scene = { key: 'radiograph', decoded, window: effectiveWindow(decoded, { preset: 'file', window: null }), zoom: 1, pan: { x: 0, y: 0 }, findings: [], aiShown: false };
      if (!renderer.draw(canvases, scene, size, dpr)) throw new Error('the canvas cannot draw');
    };
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve(draw())));
    notes.push(`fetch ${Math.round(fetched - started)} ms, decode ${Math.round(decodedAt - fetched)} ms, draw ${Math.round(performance.now() - decodedAt)} ms`);
  },
  loadRest: async () => {
    if (!drawn) throw new Error('nothing decoded');
  },
  show: () => ({ asked: Promise.resolve(), drawn: new Promise((resolve) => requestAnimationFrame(() => resolve(draw()))) }),
}, notes);
