// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planLoads } from '../../machines/viewer/loadPlan';
import type { ImageRef, ImageState, StudyStack } from '../../machines/viewer/viewer.types';
import { cacheBudget } from '../../src/features/viewer/viewerSettings';

/**
 * A 1,000-slice series within the device-memory cap (issue 26): the patient scrolls from the first
 * slice to the last and back, each load answering at once with a 512 × 512 CT slice's 1 MB, the
 * chart's plan applied as the chart applies it. What is kept never grows with the series.
 */
const MB = 1024 * 1024;
const SLICES = 1000;

function series(count: number): StudyStack {
  const images = Array.from({ length: count }, (_, index): ImageRef => ({ key: `s${index}:1`, sopUid: `s${index}`, frame: 1, frames: 1 }));
  return { studyUid: 'st', patientName: null, patientId: null, sex: null, age: null, studyDate: null, studyDescription: null, hospitalName: null, series: [{ seriesUid: 'se', seriesNumber: 1, modality: 'CT', description: null, thumbnailUrl: null, images }] };
}

/** Walks `path` (slice indexes), loading and dropping by the plan; the most bytes ever kept and what was loaded again. */
function walk(cap: number, path: number[]) {
  const study = series(SLICES);
  const images: Record<string, ImageState> = {};
  const loads = new Map<string, number>();
  let most = 0;
  for (const at of path) {
    for (;;) {
      const plan = planLoads({ study, seriesIndex: 0, sliceIndex: at, images, concurrency: 3, cacheBytes: cap });
      for (const key of plan.evict) delete images[key];
      if (plan.start.length === 0) break;
      for (const ref of plan.start) {
        images[ref.key] = { status: 'ready', bytes: MB };
        loads.set(ref.key, (loads.get(ref.key) ?? 0) + 1);
      }
      most = Math.max(most, Object.values(images).reduce((sum, state) => sum + (state.status === 'ready' ? state.bytes : 0), 0));
    }
    expect(images[`s${at}:1`]?.status).toBe('ready');
  }
  return { most, loads };
}

describe('the decoded-pixel cache over a long series', () => {
  it.each([
    ['unknown memory', undefined, 160 * MB],
    ['a 2 GB phone', 2, 128 * MB],
    ['a 4 GB phone', 4, 256 * MB],
  ])('%s: scrolling 1,000 slices there and back keeps at most its cap, reloading the far slices on return', (_, deviceMemory, cap) => {
    expect(cacheBudget(deviceMemory)).toBe(cap);
    const there = Array.from({ length: SLICES }, (_, i) => i);
    const { most, loads } = walk(cap, [...there, ...there.reverse()]);
    expect(most).toBeLessThanOrEqual(cap);
    // Far more than the cap holds went through it: the far ones were dropped and loaded again on the way back.
    expect(most).toBeGreaterThan(cap - 4 * MB);
    expect(loads.get('s0:1')).toBe(2);
    expect(loads.get('s999:1')).toBe(1);
  });
});
