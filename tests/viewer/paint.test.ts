// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { DecodedFrame, GreyFrame } from '../../src/features/viewer/dicom/decoded';
import { aheadOf, createPainter, paintId, type PaintJob, type PaintWorker } from '../../src/features/viewer/paintClient';
import { paintFrame, type PaintRequest, type PaintResponse } from '../../src/features/viewer/paintFrame';
import { createRenderer, type Scene } from '../../src/features/viewer/renderer';
import { greyToRgba } from '../../src/features/viewer/windowing';

/** The worker windowing (paintWorker.ts, paintFrame.ts), the page's painter (paintClient.ts) and the renderer that draws either's pixels (issue 26). */

const info = { windows: [], pixelSpacing: null } as unknown as DecodedFrame['info'];

function grey(columns: number, rows: number, invert = false): DecodedFrame {
  const values = new Float32Array(columns * rows).map((_, i) => i * 37 - 500);
  const frame: GreyFrame = { kind: 'grey', rows, columns, values, min: -500, max: (columns * rows - 1) * 37 - 500, invert };
  return { info, frame };
}

/** A stand-in bitmap: its size, and whether it was let go. */
function bitmap(width: number, height: number) {
  return { width, height, close: vi.fn() } as unknown as ImageBitmap & { close: ReturnType<typeof vi.fn> };
}

/** A canvas whose 2D context records what is drawn on it. */
function fakeCanvas() {
  const calls: { op: string; args: unknown[] }[] = [];
  const record = (op: string) => (...args: unknown[]) => void calls.push({ op, args });
  const context = {
    createImageData: (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }),
    putImageData: record('putImageData'),
    drawImage: record('drawImage'),
    clearRect: record('clearRect'),
    setTransform: record('setTransform'),
    strokeRect: record('strokeRect'),
    fillRect: record('fillRect'),
    fillText: record('fillText'),
    beginPath: record('beginPath'),
    arc: record('arc'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    stroke: record('stroke'),
    measureText: () => ({ width: 40 }),
  };
  const canvas = { width: 0, height: 0, style: {} as Record<string, string>, getContext: () => context, transferToImageBitmap: () => bitmap(canvas.width, canvas.height) };
  return { canvas, calls };
}

describe('paintFrame (in the worker)', () => {
  it('puts the very bytes the page would make through the window, MONOCHROME1 inverted, on a canvas of the frame\'s size', () => {
    for (const invert of [false, true]) {
      const decoded = grey(4, 3, invert);
      const window = { center: 0, width: 200 };
      const made: ReturnType<typeof fakeCanvas>[] = [];
      const result = paintFrame({ id: 1, decoded, window }, (width, height) => {
        const fake = fakeCanvas();
        Object.assign(fake.canvas, { width, height });
        made.push(fake);
        return fake.canvas as unknown as OffscreenCanvas;
      });
      expect(made).toHaveLength(1);
      const put = made[0]!.calls.find((call) => call.op === 'putImageData')!.args[0] as ImageData;
      const expected = greyToRgba(decoded.frame as GreyFrame, window, new Uint8ClampedArray(4 * 3 * 4));
      expect([...put.data]).toEqual([...expected]);
      expect([result.width, result.height]).toEqual([4, 3]);
    }
  });

  it('copies a colour frame\'s RGBA as it is', () => {
    const rgba = new Uint8ClampedArray(2 * 2 * 4).map((_, i) => i * 9);
    const decoded: DecodedFrame = { info, frame: { kind: 'colour', rows: 2, columns: 2, rgba } };
    const fake = fakeCanvas();
    paintFrame({ id: 1, decoded, window: null }, () => fake.canvas as unknown as OffscreenCanvas);
    expect([...(fake.calls[0]!.args[0] as ImageData).data]).toEqual([...rgba]);
  });
});

/** A worker stand-in: what was asked, answered by the test. */
function fakeWorker() {
  const asked: PaintRequest[] = [];
  const worker: PaintWorker & { terminated: boolean } = {
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage: (request) => void asked.push(request),
    terminate() {
      this.terminated = true;
    },
  };
  const answer = (response: PaintResponse) => worker.onmessage!({ data: response } as MessageEvent<PaintResponse>);
  return { worker, asked, answer };
}

const job = (index: number, decoded = grey(4, 4)): PaintJob => ({ key: String(index), decoded, window: { center: 0, width: 100 } });

describe('createPainter (on the page)', () => {
  it('asks the most wanted slices first, three at a time, and hands out each bitmap for its slice and window only', () => {
    const { worker, asked, answer } = fakeWorker();
    const painter = createPainter({ startWorker: () => worker });
    const jobs = [0, 1, 2, 3, 4].map((i) => job(i));
    painter.want(jobs);
    expect(asked.map((request) => request.decoded)).toEqual(jobs.slice(0, 3).map((j) => j.decoded));
    const painted = bitmap(4, 4);
    answer({ id: asked[0]!.id, ok: true, bitmap: painted });
    expect(painter.get(jobs[0]!)).toBe(painted);
    expect(painter.get({ ...jobs[0]!, window: { center: 1, width: 100 } })).toBeUndefined();
    // The answer made room: the fourth is asked.
    expect(asked).toHaveLength(4);
    expect(asked[3]!.decoded).toBe(jobs[3]!.decoded);
  });

  it('keeps no more than its budget, lets go of slices no longer wanted, and of answers that come for them', () => {
    const { worker, asked, answer } = fakeWorker();
    // Room for two 4 × 4 RGBA slices.
    const painter = createPainter({ startWorker: () => worker, budgetBytes: 2 * 4 * 4 * 4 });
    const jobs = [0, 1, 2].map((i) => job(i));
    painter.want(jobs);
    expect(asked).toHaveLength(2);
    const first = bitmap(4, 4);
    answer({ id: asked[0]!.id, ok: true, bitmap: first });
    painter.want([job(5), job(6)]);
    expect(first.close).toHaveBeenCalled();
    expect(painter.get(jobs[0]!)).toBeUndefined();
    const late = bitmap(4, 4);
    answer({ id: asked[1]!.id, ok: true, bitmap: late });
    expect(late.close).toHaveBeenCalled();
    expect(painter.get(jobs[1]!)).toBeUndefined();
  });

  it('stops for good where the worker cannot paint (no OffscreenCanvas in it), and never starts without workers', () => {
    const { worker, asked, answer } = fakeWorker();
    const painter = createPainter({ startWorker: () => worker });
    painter.want([job(0), job(1)]);
    answer({ id: asked[0]!.id, ok: false, message: 'No OffscreenCanvas' });
    expect(worker.terminated).toBe(true);
    painter.want([job(2)]);
    expect(asked).toHaveLength(2);

    const start = vi.fn(() => null);
    const none = createPainter({ startWorker: start });
    none.want([job(0)]);
    none.want([job(1)]);
    expect(start).toHaveBeenCalledTimes(1);
    expect(none.get(job(0))).toBeUndefined();
  });

  it('disposed (the screen closing, or React\'s strict mode trying it), ends its worker and starts a new one when next asked', () => {
    const workers = [fakeWorker(), fakeWorker()];
    let started = 0;
    const painter = createPainter({ startWorker: () => workers[started++]!.worker });
    const painted = bitmap(4, 4);
    painter.want([job(0)]);
    workers[0]!.answer({ id: workers[0]!.asked[0]!.id, ok: true, bitmap: painted });
    painter.dispose();
    expect(workers[0]!.worker.terminated).toBe(true);
    expect(painted.close).toHaveBeenCalled();
    expect(painter.get(job(0))).toBeUndefined();
    painter.want([job(1)]);
    expect(workers[1]!.asked).toHaveLength(1);
  });

  it('names a slice by its key and window', () => {
    expect(paintId(job(3))).toBe('3|0/100');
    expect(paintId({ ...job(3), window: null })).toBe('3|colour');
  });
});

describe('aheadOf', () => {
  it('goes the way the patient goes, with one step back, within the stack', () => {
    expect(aheadOf(10, 300, 1, 5)).toEqual([11, 9, 12, 13, 14]);
    expect(aheadOf(10, 300, -1, 5)).toEqual([9, 11, 8, 7, 6]);
    expect(aheadOf(298, 300, 1, 4)).toEqual([299, 297]);
    expect(aheadOf(0, 1, 1, 4)).toEqual([]);
  });
});

describe('createRenderer', () => {
  const scene = (decoded: DecodedFrame, extra: Partial<Scene> = {}): Scene => ({ key: 'a', decoded, window: { center: 0, width: 100 }, zoom: 1, pan: { x: 0, y: 0 }, findings: [], aiShown: false, ...extra });
  const size = { width: 100, height: 200 };

  it('draws the worker\'s bitmap when it fits the frame, else windows on the page, and writes the image only when the slice or window changes', () => {
    const renderer = createRenderer();
    const image = fakeCanvas();
    const marks = fakeCanvas();
    const canvases = { image: image.canvas as unknown as HTMLCanvasElement, marks: marks.canvas as unknown as HTMLCanvasElement };
    const decoded = grey(4, 4);
    const painted = bitmap(4, 4);
    expect(renderer.draw(canvases, scene(decoded), size, 2, painted)).toBe(true);
    expect(image.calls.map((call) => call.op)).toEqual(['drawImage']);
    expect(image.calls[0]!.args).toEqual([painted, 0, 0]);
    // Zoom: no drawing, only the image's box.
    renderer.draw(canvases, scene(decoded, { zoom: 2 }), size, 2, painted);
    expect(image.calls).toHaveLength(1);
    expect(image.canvas.style).toMatchObject({ left: '-50px', top: '0px', width: '200px', height: '200px', visibility: 'visible' });
    // Another slice, its bitmap of the wrong size: windowed here, with the same bytes.
    renderer.draw(canvases, scene(decoded, { key: 'b' }), size, 2, bitmap(8, 8));
    const put = image.calls[1]!;
    expect(put.op).toBe('putImageData');
    expect([...(put.args[0] as ImageData).data]).toEqual([...greyToRgba(decoded.frame as GreyFrame, { center: 0, width: 100 }, new Uint8ClampedArray(64))]);
  });

  it('keeps pixels crisp from three times enlarged, and draws the AI marks only while they are shown', () => {
    const renderer = createRenderer();
    const image = fakeCanvas();
    const marks = fakeCanvas();
    const canvases = { image: image.canvas as unknown as HTMLCanvasElement, marks: marks.canvas as unknown as HTMLCanvasElement };
    const decoded = grey(4, 4);
    renderer.draw(canvases, scene(decoded), size, 2);
    expect(image.canvas.style.imageRendering).toBe('pixelated');
    expect(marks.calls).toEqual([]);
    const finding = { sopUid: 's', frame: 1, shape: 'box', x: 1, y: 1, width: 2, height: 2, label: 'Nodule' } as unknown as Scene['findings'][number];
    renderer.draw(canvases, scene(decoded, { findings: [finding], aiShown: true }), size, 2);
    expect([marks.canvas.width, marks.canvas.height]).toEqual([200, 400]);
    expect(marks.calls.some((call) => call.op === 'strokeRect')).toBe(true);
    marks.calls.length = 0;
    renderer.draw(canvases, scene(decoded, { findings: [finding], aiShown: false }), size, 2);
    expect(marks.calls.map((call) => call.op)).toEqual(['setTransform', 'clearRect']);
    marks.calls.length = 0;
    renderer.draw(canvases, scene(decoded, { zoom: 1.5 }), size, 2);
    expect(marks.calls).toEqual([]);

    const big = grey(400, 400);
    renderer.draw(canvases, scene(big, { key: 'big' }), size, 2);
    expect(image.canvas.style.imageRendering).toBe('auto');
  });
});
