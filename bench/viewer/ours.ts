/**
 * Candidate (a), ours: the app's own decoder (dicom/, decoded off the main thread by its worker
 * pool) and its Canvas 2D renderer, loading as the viewer does (CONCURRENCY at once).
 */
import type { DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { createDecoder } from '../../src/features/viewer/dicom/decoderClient';
import { createRenderer } from '../../src/features/viewer/renderer';
import { CONCURRENCY } from '../../src/features/viewer/viewerSettings';
import { effectiveWindow } from '../../src/features/viewer/windowing';
import { eachSlice, runHarness, type Manifest } from './harness';
import { stageCanvas } from './stage';

const decoder = createDecoder();
const renderer = createRenderer();
const frames = new Map<number, DecodedFrame>();
let manifest: Manifest;
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
      const { canvas, size, dpr } = stageCanvas(stage);
      draw = (index) => {
        const decoded = frames.get(index)!;
        const window = effectiveWindow(decoded, { preset: 'file', window: null });
        const scene = { key: String(index), decoded, window, zoom: 1, pan: { x: 0, y: 0 }, findings: [], aiShown: false };
        if (!renderer.draw(canvas, scene, size, dpr)) throw new Error('the canvas cannot draw');
      };
      await load(manifest.first);
      await onNextFrame(manifest.first);
    },
    loadRest: () => eachSlice(manifest.urls.length, manifest.first, CONCURRENCY, async (index) => void (await load(index))),
    show: (index) => ({ asked: Promise.resolve(), drawn: onNextFrame(index) }),
  },
  ['Canvas 2D'],
);
