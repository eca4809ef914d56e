// @vitest-environment node
import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../scripts/bench/lighthouseResult';

const BASE = 'http://127.0.0.1:5420';

/** The parts of a Lighthouse 13 result the bench reads, in the shapes Lighthouse gives them. */
function lhr(overrides: { score?: number | null; runtimeWarnings?: string[] } = {}): Result {
  const metric = (id: string, numericValue: number) => ({ id, title: id, score: 0.5, numericValue });
  const audits = {
    'first-contentful-paint': metric('first-contentful-paint', 2430.4),
    'largest-contentful-paint': metric('largest-contentful-paint', 3072.2),
    'total-blocking-time': metric('total-blocking-time', 267),
    'cumulative-layout-shift': metric('cumulative-layout-shift', 0.027),
    'speed-index': metric('speed-index', 2500),
    'network-requests': {
      id: 'network-requests', title: 'Network requests', score: null,
      details: { type: 'table', items: [
        { url: `${BASE}/index`, resourceType: 'Document', transferSize: 1475 },
        { url: `${BASE}/assets/routes-UYJsmOE0.js`, resourceType: 'Script', transferSize: 30892 },
        { url: `${BASE}/assets/index-BHlKc_nW.js`, resourceType: 'Script', transferSize: 126359 },
        { url: `${BASE}/assets/ui.css.ts-BxNGiPOm.css`, resourceType: 'Stylesheet', transferSize: 2879 },
      ] },
    },
    'render-blocking-insight': {
      id: 'render-blocking-insight', title: 'Render-blocking requests', score: 0, metricSavings: { FCP: 300, LCP: 300 },
      details: { type: 'table', items: [{ url: `${BASE}/assets/index-BmXvoSXE.css`, totalBytes: 1231, wastedMs: 324.4 }] },
    },
    'lcp-breakdown-insight': {
      id: 'lcp-breakdown-insight', title: 'LCP breakdown', score: null,
      details: { type: 'list', items: [
        { type: 'table', items: [{ subpart: 'timeToFirstByte', duration: 27.7 }, { subpart: 'elementRenderDelay', duration: 673.9 }] },
        { type: 'node', snippet: '<p class="_13ko8lih">', nodeLabel: 'No account needed' },
      ] },
    },
    'network-dependency-tree-insight': {
      id: 'network-dependency-tree-insight', title: 'Network dependency tree', score: 0,
      details: { type: 'list', items: [{ type: 'list-section', value: { type: 'network-tree', chains: {
        a: { url: `${BASE}/aiOrder`, isLongest: true, children: {
          b: { url: `${BASE}/assets/index-BHlKc_nW.js`, isLongest: true, children: {
            c: { url: `${BASE}/config.json`, children: {} },
            d: { url: `${BASE}/api/V1.0/AI/OrderList?status=-1`, isLongest: true, children: {} },
          } },
          e: { url: `${BASE}/assets/index-BmXvoSXE.css`, children: {} },
        } },
      } } }] },
    },
    'layout-shifts': {
      id: 'layout-shifts', title: 'Avoid large layout shifts', score: 0,
      details: { type: 'table', items: [{ node: { type: 'node', snippet: '<img class="qr">', nodeLabel: 'QR code' }, score: 0.02712, subItems: { type: 'subitems', items: [{ cause: 'Media element lacking an explicit size' }] } }] },
    },
    'bootup-time': {
      id: 'bootup-time', title: 'JavaScript execution time', score: 1,
      details: { type: 'table', items: [{ url: `${BASE}/assets/routes-UYJsmOE0.js`, total: 120.6 }, { url: `${BASE}/assets/index-BHlKc_nW.js`, total: 880.2 }] },
    },
    'unused-javascript': {
      id: 'unused-javascript', title: 'Reduce unused JavaScript', score: 0, displayValue: 'Est savings of 82 KiB', metricSavings: { FCP: 150, LCP: 450 },
      details: { type: 'opportunity', items: [{ url: `${BASE}/assets/routes-UYJsmOE0.js`, wastedBytes: 10240 }, { url: `${BASE}/assets/index-BHlKc_nW.js`, wastedBytes: 61440 }] },
    },
    'mainthread-work-breakdown': { id: 'mainthread-work-breakdown', title: 'Minimize main-thread work', score: 0, displayValue: '2.7 s', metricSavings: { TBT: 700, CLS: 0.5 } },
    'dom-size-insight': { id: 'dom-size-insight', title: 'Optimize DOM size', score: 1, metricSavings: { INP: 900 } },
  };
  const ref = (id: string, group?: string) => ({ id, weight: 1, group });
  return {
    categories: { performance: { id: 'performance', title: 'Performance', score: overrides.score === undefined ? 0.854 : overrides.score, auditRefs: [
      ref('first-contentful-paint', 'metrics'), ref('largest-contentful-paint', 'metrics'), ref('total-blocking-time', 'metrics'),
      ref('render-blocking-insight', 'insights'), ref('unused-javascript', 'diagnostics'), ref('mainthread-work-breakdown', 'diagnostics'),
      ref('dom-size-insight', 'insights'), ref('bootup-time', 'diagnostics'), ref('network-dependency-tree-insight', 'insights'),
    ] } },
    audits,
    environment: { benchmarkIndex: 2804.5 },
    runWarnings: overrides.runtimeWarnings ?? [],
  } as unknown as Result;
}

describe('what the bench reads from a Lighthouse result', () => {
  it('the score out of 100 and the budgeted metrics as Lighthouse measured them', () => {
    const run = readRun(lhr(), BASE);
    expect(run).toMatchObject({ score: 85, lcp: 3072.2, tbt: 267, cls: 0.027, fcp: 2430.4, speedIndex: 2500, benchmarkIndex: 2805 });
  });

  it('a result without a performance score is an error, not a zero', () => {
    expect(() => readRun(lhr({ score: null }), BASE)).toThrow(/no performance score/);
  });

  it('the largest scripts first, by their paths without the content hash', () => {
    expect(readRun(lhr(), BASE).diagnostics.largestScripts).toEqual([
      { url: '/assets/index.js', transferKb: 123.4 },
      { url: '/assets/routes.js', transferKb: 30.2 },
    ]);
  });

  it('the scripts downloaded and not run, most wasted first', () => {
    expect(readRun(lhr(), BASE).diagnostics.unusedJs).toEqual([{ url: '/assets/index.js', wastedKb: 60 }, { url: '/assets/routes.js', wastedKb: 10 }]);
  });

  it('the LCP element with its phases, the render-blocking requests, what shifted and why, the longest chain of requests', () => {
    const { diagnostics } = readRun(lhr(), BASE);
    expect(diagnostics.lcpElement).toBe('<p class="_13ko8lih"> ("No account needed")');
    expect(diagnostics.lcpPhases).toEqual({ timeToFirstByte: 28, elementRenderDelay: 674 });
    expect(diagnostics.renderBlocking).toEqual([{ url: '/assets/index.css', wastedMs: 324 }]);
    expect(diagnostics.longestChain).toEqual(['/aiOrder', '/assets/index.js', '/api/V1.0/AI/OrderList?status=-1']);
    expect(diagnostics.layoutShifts).toEqual([{ element: '<img class="qr"> ("QR code")', score: 0.027, causes: ['Media element lacking an explicit size'] }]);
    expect(diagnostics.bootup.map((b) => b.url)).toEqual(['/assets/index.js', '/assets/routes.js']);
  });

  it('what costs most: failing audits only, never the metrics, the largest saving in time first (CLS savings are no time)', () => {
    const ids = readRun(lhr(), BASE).diagnostics.opportunities.map((o) => [o.id, o.savingsMs]);
    expect(ids).toEqual([['mainthread-work-breakdown', 700], ['unused-javascript', 450], ['render-blocking-insight', 300], ['network-dependency-tree-insight', 0]]);
  });
});
