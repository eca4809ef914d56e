// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INTERACTIONS } from '../../scripts/bench/interactions';
import type { LighthouseRun } from '../../scripts/bench/lighthouseResult';
import { againstBudget, loadNote, mediansOf, summaryMarkdown, type PageFigures, type ScreensFigures } from '../../scripts/bench/screensReport';

const diagnostics: LighthouseRun['diagnostics'] = { largestScripts: [], unusedJs: [], renderBlocking: [], lcpElement: null, lcpPhases: {}, layoutShifts: [], longestChain: [], bootup: [], opportunities: [], warnings: [] };
const run = (score: number, lcp: number, tbt = 100, cls = 0): LighthouseRun & { retries: string[] } =>
  ({ score, lcp, tbt, cls, fcp: lcp - 500, speedIndex: lcp - 400, benchmarkIndex: 2000, diagnostics, retries: [] });

function page(path: string, runs: ReturnType<typeof run>[]): PageFigures {
  return { page: { name: path, path, signedIn: false }, runs, load: runs.map(() => ({ before: 1, after: 1 })), medians: mediansOf(runs) };
}

describe('the first screens against their budgets', () => {
  it('a ceiling reads median / budget, a floor (the score) budget / median: <= 1 meets either way', () => {
    expect(againstBudget('lcp', 3600)).toEqual({ budget: '<= 1800 ms', ratio: '2.00x', meets: 'no' });
    expect(againstBudget('lcp', 1800)).toMatchObject({ ratio: '1.00x', meets: 'yes' });
    expect(againstBudget('cls', 0.01)).toEqual({ budget: '<= 0.020', ratio: '0.50x', meets: 'yes' });
    expect(againstBudget('score', 76)).toEqual({ budget: '>= 95', ratio: '1.25x', meets: 'no' });
    expect(againstBudget('score', 95)).toMatchObject({ ratio: '1.00x', meets: 'yes' });
    expect(againstBudget('fcp', 2000)).toEqual({ budget: '-', ratio: '-', meets: '' });
  });

  it('each figure is the median of the runs, not their mean or the last', () => {
    expect(mediansOf([run(70, 3000), run(90, 2000), run(80, 9000)])).toMatchObject({ score: 80, lcp: 3000 });
  });

  it("the README table gives each budgeted figure at its worst page's median, and the tap to content", () => {
    const figures: ScreensFigures = {
      critical: { files: [], total: { raw: 600_000, gzip: 153_600, brotli: 130_000 }, lazy: [] },
      pages: [page('/index', [run(96, 1500), run(97, 1600), run(96, 1700)]), page('/error', [run(90, 1900, 200, 0.03), run(91, 2000, 200, 0.03), run(89, 2100, 200, 0.03)])],
      interactions: [{ interaction: INTERACTIONS.find((i) => i.opensScreen)!, runs: [], load: [], medianEventMs: 16, medianContentMs: 1200 }],
    };
    const table = summaryMarkdown(figures);
    expect(table).toContain('| Critical path of index.html (0 files), gzip | <= 150 KB | 150.0 KB | 1.00x | yes |');
    expect(table).toContain('| Lighthouse mobile Performance score, worst page median (/error) | >= 95 | 90 | 1.06x | no |');
    expect(table).toContain('| Lighthouse mobile LCP, worst page median (/error) | <= 1800 ms | 2000 ms | 1.11x | no |');
    expect(table).toContain('| Lighthouse mobile CLS, worst page median (/error) | <= 0.020 | 0.030 | 1.50x | no |');
    expect(table).toContain('| <= 16 ms | 0.16x | yes |');
    expect(table).toContain('| Tap a study card -> film detail content | <= 1000 ms | 1200 ms | 1.20x | no |');
    expect(table).toContain('| /index | 96 | 1600 ms | 100 ms | 0 | 1100 ms | 1200 ms | 3 |');
  });

  it('the load during the runs is named, and called out when it was above the core count', () => {
    const figures = (loads: number[]): ScreensFigures => ({
      critical: { files: [], total: { raw: 0, gzip: 0, brotli: 0 }, lazy: [] },
      pages: [{ ...page('/index', [run(90, 2000)]), load: loads.map((l) => ({ before: l, after: l })) }],
      interactions: [],
    });
    expect(loadNote(figures([0.5, 1.5]), 2)).toBe('1-minute load during the runs 0.5-1.5 on 2 cores.');
    expect(loadNote(figures([1.5, 6.2]), 2)).toBe('1-minute load during the runs 1.5-6.2 on 2 cores: above the core count, so TBT and event durations read high.');
  });
});
