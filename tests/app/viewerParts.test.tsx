// @vitest-environment node
/** The viewer's pure parts: pointer math, the window's grey levels, where the image goes, the study list read, the cache budget. */
import { describe, expect, it } from 'vitest';
import type { DecodedFrame, GreyFrame } from '../../src/features/viewer/dicom/decoded';
import {
  beginGesture,
  dragWindow,
  followGesture,
  isDoubleTap,
  isTap,
  ONE_FINGER,
  stepPixels,
  wheelSteps,
  type ViewportNow,
} from '../../src/features/viewer/gestures';
import { frameBytes } from '../../src/features/viewer/imageStore';
import { displaySize, imageRect, labelledFindings, toScreen } from '../../src/features/viewer/renderer';
import { cacheBudget, viewerQuery } from '../../src/features/viewer/viewerSettings';
import { archiveOf, toStudyStack } from '../../src/features/viewer/viewerCalls';
import { autoWindow, effectiveWindow, greyToRgba } from '../../src/features/viewer/windowing';

const start: ViewportNow = { zoom: 1, pan: { x: 0, y: 0 }, window: { center: 40, width: 400 } };
const layout = { centre: { x: 200, y: 300 }, stepPx: 10 };
const at = (...points: Array<[number, number, number]>) => new Map(points.map(([id, x, y]) => [id, { x, y }]));

describe('gestures', () => {
  it('one finger does what the tool says', () => {
    expect(ONE_FINGER).toEqual({ scroll: 'scroll', window: 'window', zoom: 'pan' });
  });

  it('a swipe up steps on through the stack, one slice per step of travel', () => {
    const gesture = beginGesture('scroll', at([1, 100, 500]), start, layout);
    expect(followGesture(gesture, at([1, 100, 495])).stepped).toBe(0);
    expect(followGesture(gesture, at([1, 100, 470])).stepped).toBe(3);
    expect(followGesture(gesture, at([1, 100, 525])).stepped).toBe(-2);
    expect(followGesture(gesture, at([1, 100, 470])).live).toEqual(start);
  });

  it('a window drag widens to the right and raises the centre downwards, never below width 1', () => {
    const gesture = beginGesture('window', at([1, 0, 0]), start, layout);
    expect(followGesture(gesture, at([1, 64, 128])).live.window).toEqual({ center: 240, width: 500 });
    expect(dragWindow({ center: 0, width: 10 }, { x: -10_000, y: 0 })).toEqual({ center: 0, width: 1 });
    expect(dragWindow(null, { x: 5, y: 5 })).toBeNull();
  });

  it('a pan moves the image with the finger', () => {
    const gesture = beginGesture('pan', at([1, 10, 10]), { ...start, pan: { x: 5, y: -5 } }, layout);
    expect(followGesture(gesture, at([1, 40, 0])).live.pan).toEqual({ x: 35, y: -15 });
  });

  it('a pinch zooms by the fingers\' spread and keeps the point under them there', () => {
    const gesture = beginGesture('pinch', at([1, 150, 300], [2, 250, 300]), start, layout);
    const frame = followGesture(gesture, at([1, 100, 300], [2, 300, 300]));
    expect(frame.live.zoom).toBe(2);
    // The fingers' middle (200, 300) is the canvas centre, so the image stays centred.
    expect(frame.live.pan).toEqual({ x: 0, y: 0 });
    const off = followGesture(beginGesture('pinch', at([1, 250, 300], [2, 350, 300]), start, layout), at([1, 200, 300], [2, 400, 300]));
    // The point 100 px right of the centre stays under the fingers at twice the size.
    expect(off.live.pan).toEqual({ x: -100, y: 0 });
    expect(followGesture(gesture, at([1, 199, 300], [2, 201, 300])).live.zoom).toBe(1);
    expect(followGesture(gesture, at([1, 150, 300])).live).toEqual(start);
  });

  it('tells a tap and a double tap', () => {
    const first = { at: { x: 10, y: 10 }, time: 1000 };
    expect(isTap(first, { at: { x: 14, y: 12 }, time: 1200 })).toBe(true);
    expect(isTap(first, { at: { x: 40, y: 10 }, time: 1100 })).toBe(false);
    expect(isTap(first, { at: { x: 10, y: 10 }, time: 1400 })).toBe(false);
    expect(isDoubleTap(first, { at: { x: 20, y: 20 }, time: 1250 })).toBe(true);
    expect(isDoubleTap(first, { at: { x: 20, y: 20 }, time: 1400 })).toBe(false);
    expect(isDoubleTap(first, { at: { x: 80, y: 20 }, time: 1100 })).toBe(false);
    expect(isDoubleTap(null, first)).toBe(false);
  });

  it('steps slices by wheel travel, carrying what is left over', () => {
    expect(wheelSteps(0, 120, 0)).toEqual({ steps: 2, carried: 20 });
    expect(wheelSteps(20, 30, 0)).toEqual({ steps: 1, carried: 0 });
    expect(wheelSteps(0, -3, 1)).toEqual({ steps: 0, carried: -48 });
    expect(wheelSteps(0, 1, 2)).toEqual({ steps: 8, carried: 0 });
  });

  it('spreads a stack over the canvas height, between 4 and 24 px a slice', () => {
    expect(stepPixels(600, 300)).toBe(4);
    expect(stepPixels(600, 50)).toBe(12);
    expect(stepPixels(600, 2)).toBe(24);
    expect(stepPixels(0, 0)).toBe(4);
  });
});

const grey = (values: number[], more: Partial<GreyFrame> = {}): GreyFrame => ({
  kind: 'grey',
  rows: 1,
  columns: values.length,
  values: Float32Array.from(values),
  min: Math.min(...values),
  max: Math.max(...values),
  invert: false,
  ...more,
});
const levels = (frame: GreyFrame, window: { center: number; width: number }) =>
  [...greyToRgba(frame, window, new Uint8ClampedArray(frame.values.length * 4))].filter((_, i) => i % 4 === 0);

describe('windowing', () => {
  it('maps values through the linear VOI function: black below, white above, grey between', () => {
    expect(levels(grey([-1000, -160, 40, 240, 3000]), { center: 40, width: 400 })).toEqual([0, 0, 128, 255, 255]);
  });

  it('inverts MONOCHROME1 and gives every pixel full alpha', () => {
    const frame = grey([-1000, 3000], { invert: true });
    const rgba = greyToRgba(frame, { center: 40, width: 400 }, new Uint8ClampedArray(8));
    expect([...rgba]).toEqual([255, 255, 255, 255, 0, 0, 0, 255]);
  });

  it('maps values too wide for a table one by one, the same way', () => {
    expect(levels(grey([-1e6, 0, 1e6]), { center: 0, width: 1001 })).toEqual([0, 128, 255]);
  });

  it('draws with the viewport\'s window, else the file\'s, else the range', () => {
    const decoded = { frame: grey([0, 1000]), info: { windows: [{ center: 300, width: 600 }] } } as unknown as DecodedFrame;
    expect(effectiveWindow(decoded, { preset: 'lung', window: { center: -600, width: 1500 } })).toEqual({ center: -600, width: 1500 });
    expect(effectiveWindow(decoded, { preset: 'file', window: null })).toEqual({ center: 300, width: 600 });
    expect(effectiveWindow(decoded, { preset: 'auto', window: null })).toEqual({ center: 500, width: 1000 });
    const noWindows = { ...decoded, info: { windows: [] } } as unknown as DecodedFrame;
    expect(effectiveWindow(noWindows, { preset: 'file', window: null })).toEqual(autoWindow({ min: 0, max: 1000 }));
    expect(autoWindow({ min: 5, max: 5 })).toEqual({ center: 5, width: 1 });
    const colour = { frame: { kind: 'colour', rows: 1, columns: 1, rgba: new Uint8ClampedArray(4) }, info: { windows: [] } } as unknown as DecodedFrame;
    expect(effectiveWindow(colour, { preset: 'lung', window: { center: 1, width: 2 } })).toBeNull();
  });
});

describe('where the image goes', () => {
  const decoded = { frame: grey(Array(200).fill(0), { rows: 100, columns: 200 }), info: { pixelSpacing: [0.5, 0.5] } } as unknown as DecodedFrame;

  it('fits and centres the image, then zooms about the centre and pans', () => {
    expect(imageRect({ width: 400, height: 400 }, displaySize(decoded), 1, { x: 0, y: 0 })).toEqual({ x: 0, y: 100, width: 400, height: 200 });
    expect(imageRect({ width: 400, height: 400 }, displaySize(decoded), 2, { x: 10, y: -20 })).toEqual({ x: -190, y: -20, width: 800, height: 400 });
  });

  it('makes non-square pixels square', () => {
    const tall = { ...decoded, info: { pixelSpacing: [1, 0.5] } } as unknown as DecodedFrame;
    expect(displaySize(tall)).toEqual({ width: 200, height: 200 });
  });

  it('puts an AI finding\'s image pixels on screen', () => {
    const rect = imageRect({ width: 400, height: 400 }, displaySize(decoded), 1, { x: 0, y: 0 });
    expect(toScreen(rect, decoded, { x: 100, y: 50 })).toEqual({ x: 200, y: 200 });
  });

  it('counts a frame\'s memory as its pixel values', () => {
    expect(frameBytes(decoded)).toBe(800);
  });
});

describe('the viewer\'s link and study list', () => {
  it('reads the query of spec section 4, and the series a thumbnail opens', () => {
    expect(viewerQuery('?checkWay=2&result=2&showAi=true&wadourl=%2Fsandbox%2Fwado&studyuid=1.2&hospid=H&series=1.2.3')).toEqual({
      checkWay: '2',
      result: '2',
      showAi: 'true',
      wadourl: '/sandbox/wado',
      studyuid: '1.2',
      hospid: 'H',
      series: '1.2.3',
    });
  });

  it('orders series and instances by number, expands frames and leaves empty series out', () => {
    const study = toStudyStack({
      studyUId: '1.2',
      age: 45,
      series: [
        { seriesUid: 's2', seriesNumber: 2, modality: 'US', instances: [{ sopUid: 'u', instanceNumber: 1, frames: 2 }] },
        { seriesUid: 's0', seriesNumber: 3, modality: 'SR', instances: [] },
        { seriesUid: 's1', seriesNumber: 1, modality: 'CT', thumbnailUrl: '/t.jpg', instances: [{ sopUid: 'b', instanceNumber: 2, frames: 1 }, { sopUid: 'a', instanceNumber: 1, frames: 1 }] },
      ],
    });
    expect(study.age).toBe('45');
    expect(study.series.map((s) => [s.seriesUid, s.thumbnailUrl, s.images.map((i) => i.key)])).toEqual([
      ['s1', '/t.jpg', ['a:1', 'b:1']],
      ['s2', null, ['u:1', 'u:2']],
    ]);
    expect(study.series[1]!.images[1]).toEqual({ key: 'u:2', sopUid: 'u', frame: 2, frames: 2, position: null });
  });

  it('takes the archive the image list names: a DICOMweb root before a WADO-URI address, else none (the link\'s)', () => {
    expect(archiveOf({ dicomWebRoot: 'https://pacs/dicom-web', wadoUrl: 'https://pacs/wado' })).toEqual({ protocol: 'wadoRs', root: 'https://pacs/dicom-web' });
    expect(archiveOf({ dicomWebRoot: null, wadoUrl: 'https://pacs/wado' })).toEqual({ protocol: 'wadoUri', url: 'https://pacs/wado' });
    expect(archiveOf({ dicomWebRoot: '', wadoUrl: undefined })).toBeNull();
  });

  it('keeps fewer decoded images on a phone with less memory', () => {
    const MB = 1024 * 1024;
    expect([cacheBudget(1), cacheBudget(2), cacheBudget(4), cacheBudget(8), cacheBudget(undefined)]).toEqual([128 * MB, 128 * MB, 256 * MB, 384 * MB, 160 * MB]);
  });
});

describe('AI labels', () => {
  const place = { seriesUid: '1.2', sopUid: '1.2.3', frame: 1, x: 10, y: 10, width: 8, height: 8 };
  it('labels each box, and a mark only when no box says the same', () => {
    const box = { ...place, shape: 'box' as const, label: 'Nodule 4 mm' };
    const sameMark = { ...place, shape: 'mark' as const, label: 'Nodule 4 mm' };
    const otherMark = { ...place, shape: 'mark' as const, label: 'Calcification' };
    expect([...labelledFindings([box, sameMark, otherMark])]).toEqual([box, otherMark]);
    expect([...labelledFindings([sameMark])]).toEqual([sameMark]);
  });
});
