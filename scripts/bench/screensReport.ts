/**
 * How the first-screen figures read against issue 26's budgets: the budgets (the one place they
 * are written), the medians, the tables the bench prints and the Markdown summary for the README.
 */
import { CRITICAL_PATH_BUDGET_GZIP, type criticalPath, type Sizes } from './criticalPath';
import { EVENT_TIMING_FLOOR_MS, type Interaction, type InteractionRun } from './interactions';
import type { LighthousePage } from './lighthouse';
import type { LighthouseRun } from './lighthouseResult';
import { kb, median } from './stats';

/** Issue 26's first-screen budgets, the one place they are written. */
export const BUDGETS = {
  score: { min: 95 },
  lcp: { max: 1800 },
  tbt: { max: 150 },
  cls: { max: 0.02 },
  eventMs: { max: 100 },
  tapToContentMs: { max: 1000 },
} as const;

export type Metric = 'score' | 'lcp' | 'tbt' | 'cls' | 'fcp' | 'speedIndex';
const METRICS: { key: Metric; label: string; unit: 'ms' | '' }[] = [
  { key: 'score', label: 'Performance score', unit: '' },
  { key: 'lcp', label: 'LCP', unit: 'ms' },
  { key: 'tbt', label: 'TBT', unit: 'ms' },
  { key: 'cls', label: 'CLS', unit: '' },
  { key: 'fcp', label: 'FCP', unit: 'ms' },
  { key: 'speedIndex', label: 'Speed Index', unit: 'ms' },
];

export interface PageFigures {
  page: LighthousePage;
  runs: (LighthouseRun & { retries: string[] })[];
  /** 1-minute load average before and after each run. */
  load: { before: number; after: number }[];
  medians: Record<Metric, number>;
}

export interface InteractionFigures {
  interaction: Interaction;
  runs: InteractionRun[];
  load: { before: number; after: number }[];
  medianEventMs: number;
  medianContentMs: number;
}

export function mediansOf(runs: LighthouseRun[]): Record<Metric, number> {
  return Object.fromEntries(METRICS.map(({ key }) => [key, median(runs.map((r) => r[key]))])) as Record<Metric, number>;
}

/** An event duration; Event Timing reports none under its floor, so the floor reads as an upper bound. */
const showEvent = (value: number) => `${value <= EVENT_TIMING_FLOOR_MS ? '<= ' : ''}${Math.round(value)} ms`;

const show = (value: number, unit: 'ms' | '') => (unit === 'ms' ? `${Math.round(value)} ms` : Number.isInteger(value) ? String(value) : value.toFixed(3));

/** The budget as written and the median's ratio to it (a minimum reads budget / median, so <= 1 always meets it). */
export function againstBudget(key: string, value: number): { budget: string; ratio: string; meets: string } {
  const budget = (BUDGETS as Record<string, { min?: number; max?: number }>)[key];
  if (!budget) return { budget: '-', ratio: '-', meets: '' };
  if (budget.min !== undefined) {
    return { budget: `>= ${budget.min}`, ratio: `${(budget.min / value).toFixed(2)}x`, meets: value >= budget.min ? 'yes' : 'no' };
  }
  const max = budget.max!;
  const unit = key === 'cls' ? '' : 'ms';
  return { budget: `<= ${show(max, unit)}`, ratio: `${(value / max).toFixed(2)}x`, meets: value <= max ? 'yes' : 'no' };
}

export type CriticalPathFigures = ReturnType<typeof criticalPath> & { lazy: (Sizes & { file: string })[] };

export interface ScreensFigures {
  critical: CriticalPathFigures;
  pages: PageFigures[];
  interactions: InteractionFigures[];
}

export function printCriticalPath(critical: CriticalPathFigures) {
  const { total } = critical;
  console.log(`\nCritical path of index.html (${critical.files.length} files): ${kb(total.gzip)} gzip (budget ${kb(CRITICAL_PATH_BUDGET_GZIP)}, ${(total.gzip / CRITICAL_PATH_BUDGET_GZIP).toFixed(2)}x), ${kb(total.brotli)} brotli, ${kb(total.raw)} raw`);
  for (const file of critical.files) console.log(`  ${file.file}: ${kb(file.gzip)} gzip, ${kb(file.brotli)} brotli`);
  for (const lazy of critical.lazy) console.log(`  lazy ${lazy.file.replace(/-[\w-]{8}\./, '.')}: ${kb(lazy.raw)} raw, ${kb(lazy.brotli)} brotli`);
}

export function printLighthouse(pages: PageFigures[]) {
  console.log('\nLighthouse mobile, medians (ratio: median / budget; for the score budget / median; <= 1 meets):');
  for (const { page, runs, load, medians } of pages) {
    const loads = load.flatMap((l) => [l.before, l.after]);
    console.log(`\n  ${page.name} ${page.path} (${runs.length} runs, load ${Math.min(...loads)}-${Math.max(...loads)})`);
    console.log(`  ${'Figure'.padEnd(18)} ${'Budget'.padEnd(10)} ${'Median'.padEnd(10)} ${'Ratio'.padEnd(7)} Runs`);
    for (const { key, label, unit } of METRICS) {
      const { budget, ratio } = againstBudget(key, medians[key]);
      console.log(`  ${label.padEnd(18)} ${budget.padEnd(10)} ${show(medians[key], unit).padEnd(10)} ${ratio.padEnd(7)} ${runs.map((r) => show(r[key], unit)).join(', ')}`);
    }
    const diagnostics = runs[0]!.diagnostics;
    const list = <T>(items: T[], text: (item: T) => string) => items.slice(0, 4).map(text).join(', ') || 'none';
    console.log(`  costs most (run 1): ${list(diagnostics.opportunities, (o) => `${o.title}${o.display ? ` (${o.display})` : ''}`)}`);
    console.log(`  largest JS: ${list(diagnostics.largestScripts, (s) => `${s.url} ${s.transferKb} KB`)}; unused: ${list(diagnostics.unusedJs, (s) => `${s.url} ${s.wastedKb} KB`)}`);
    console.log(`  render-blocking: ${list(diagnostics.renderBlocking, (r) => `${r.url} ~${r.wastedMs} ms`)}`);
    if (diagnostics.lcpElement) console.log(`  LCP element: ${diagnostics.lcpElement} ${JSON.stringify(diagnostics.lcpPhases)}`);
    if (diagnostics.layoutShifts.length) console.log(`  shifted: ${list(diagnostics.layoutShifts, (l) => `${l.element} ${l.score}${l.causes.length ? ` (${l.causes.join('; ')})` : ''}`)}`);
  }
}

export function printInteractions(interactions: InteractionFigures[]) {
  for (const figures of interactions) {
    const loads = figures.load.flatMap((l) => [l.before, l.after]);
    const event = againstBudget('eventMs', figures.medianEventMs);
    console.log(`  ${figures.interaction.name}: event ${showEvent(figures.medianEventMs)} (budget ${event.budget}, ${event.ratio}; runs ${figures.runs.map((r) => r.eventMs).join(', ')}; load ${Math.min(...loads)}-${Math.max(...loads)})`);
    if (figures.interaction.opensScreen) {
      const content = againstBudget('tapToContentMs', figures.medianContentMs);
      console.log(`    tap -> content ${figures.medianContentMs} ms (budget ${content.budget}, ${content.ratio}; runs ${figures.runs.map((r) => r.contentMs).join(', ')})`);
    }
  }
}

/**
 * The 1-minute load during the runs, against the machine's cores: above them, runs waited for a
 * core, and the figures that count main-thread time (TBT, event durations) read high.
 */
export function loadNote(result: ScreensFigures, cores: number): string {
  const loads = [...result.pages, ...result.interactions].flatMap((f) => f.load.flatMap((l) => [l.before, l.after]));
  if (loads.length === 0) return '';
  const [low, high] = [Math.min(...loads), Math.max(...loads)];
  const busy = high > cores ? ': above the core count, so TBT and event durations read high' : '';
  return `1-minute load during the runs ${low}-${high} on ${cores} cores${busy}.`;
}

/** The README's Performance table: one row per budgeted figure, in Markdown. */
export function summaryMarkdown(result: ScreensFigures): string {
  const rows: string[][] = [];
  const { total, files } = result.critical;
  const cp = { value: total.gzip / 1024, budget: CRITICAL_PATH_BUDGET_GZIP / 1024 };
  rows.push([`Critical path of index.html (${files.length} files), gzip`, `<= ${cp.budget} KB`, `${cp.value.toFixed(1)} KB`, `${(cp.value / cp.budget).toFixed(2)}x`, cp.value <= cp.budget ? 'yes' : 'no']);
  for (const { key, label, unit } of METRICS.filter((m) => m.key in BUDGETS)) {
    const values = result.pages.map((p) => p.medians[key]);
    const worst = key === 'score' ? Math.min(...values) : Math.max(...values);
    const worstPage = result.pages[values.indexOf(worst)]!.page.path;
    const { budget, ratio, meets } = againstBudget(key, worst);
    rows.push([`Lighthouse mobile ${label}, worst page median (${worstPage})`, budget, show(worst, unit), ratio, meets]);
  }
  for (const figures of result.interactions) {
    const event = againstBudget('eventMs', figures.medianEventMs);
    rows.push([`Event duration: ${figures.interaction.name}`, event.budget, showEvent(figures.medianEventMs), event.ratio, event.meets]);
    if (figures.interaction.opensScreen) {
      const content = againstBudget('tapToContentMs', figures.medianContentMs);
      rows.push(['Tap a study card -> film detail content', content.budget, `${figures.medianContentMs} ms`, content.ratio, content.meets]);
    }
  }
  const perPage = result.pages.map((p) => `| ${p.page.path.replace(/\?.*/, '?id=…')} | ${p.medians.score} | ${show(p.medians.lcp, 'ms')} | ${show(p.medians.tbt, 'ms')} | ${show(p.medians.cls, '')} | ${show(p.medians.fcp, 'ms')} | ${show(p.medians.speedIndex, 'ms')} | ${p.runs.length} |`);
  return [
    '| Figure | Budget | Measured (median) | Ratio | Meets |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    '| Page | Score | LCP | TBT | CLS | FCP | Speed Index | Runs |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...perPage,
  ].join('\n');
}
