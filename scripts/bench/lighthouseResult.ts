/**
 * What the bench reads from a Lighthouse result (its JSON, the "LHR"): the budgeted metrics and
 * the diagnostics worth reading to know what to fix, with the build's content hashes dropped.
 */
import type { Result } from 'lighthouse';

/** What one Lighthouse run says about a page: the metrics in milliseconds (CLS unitless) and what it would fix first. */
export interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  speedIndex: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster; a loaded machine scores lower). */
  benchmarkIndex: number;
  diagnostics: Diagnostics;
}

export interface Diagnostics {
  /** The scripts the page downloaded, largest transfer first. */
  largestScripts: { url: string; transferKb: number }[];
  /** Bytes of each script the page downloaded but did not run during the load, most first. */
  unusedJs: { url: string; wastedKb: number }[];
  /** Requests that held the first paint back, with what Lighthouse estimates each cost. */
  renderBlocking: { url: string; wastedMs: number }[];
  /** The element the LCP was, and how its time splits (time to first byte, load delay, render delay...). */
  lcpElement: string | null;
  lcpPhases: Record<string, number>;
  /** The elements that moved (CLS), with each shift's score and what Lighthouse says caused it. */
  layoutShifts: { element: string; score: number; causes: string[] }[];
  /** The longest chain of requests, each started by the one before (the round trips before content). */
  longestChain: string[];
  /** Main-thread time per script (evaluation + parse), longest first. */
  bootup: { url: string; totalMs: number }[];
  /** The audits and insights that fail, the largest estimated saving first. */
  opportunities: { id: string; title: string; display: string; savingsMs: number }[];
  /** Lighthouse's own warnings about the run (e.g. a page that redirected). */
  warnings: string[];
}

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no ${id}`);
  return value;
}

export function readRun(lhr: Result, base: string): LighthouseRun {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error('Lighthouse gave no performance score');
  return {
    score: Math.round(score * 100),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    speedIndex: numeric(lhr, 'speed-index'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    diagnostics: diagnosticsOf(lhr, base),
  };
}

type Item = Record<string, unknown>;

/** The rows of an audit's table (insights nest theirs in a list of sections). */
function itemsOf(lhr: Result, id: string): Item[] {
  const details = lhr.audits[id]?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') {
    return details.items.flatMap((section) => ((section as { items?: Item[] }).items ?? []));
  }
  return details.items as Item[];
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const toKb = (bytes: unknown) => Math.round(num(bytes) / 102.4) / 10;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function diagnosticsOf(lhr: Result, base: string): Diagnostics {
  const short = (url: unknown) => str(url).replace(base, '').replace(/-[\w-]{8}(\.(?:js|css))$/, '$1');
  const largestScripts = itemsOf(lhr, 'network-requests')
    .filter((row) => row.resourceType === 'Script')
    .sort((a, b) => num(b.transferSize) - num(a.transferSize))
    .slice(0, 6)
    .map((row) => ({ url: short(row.url), transferKb: toKb(row.transferSize) }));
  const unusedJs = itemsOf(lhr, 'unused-javascript')
    .sort((a, b) => num(b.wastedBytes) - num(a.wastedBytes))
    .slice(0, 6)
    .map((row) => ({ url: short(row.url), wastedKb: toKb(row.wastedBytes) }));
  const renderBlocking = itemsOf(lhr, 'render-blocking-insight').map((row) => ({ url: short(row.url), wastedMs: Math.round(num(row.wastedMs)) }));
  const bootup = itemsOf(lhr, 'bootup-time')
    .map((row) => ({ url: short(row.url), totalMs: Math.round(num(row.total)) }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 5);
  const lcpRows = itemsOf(lhr, 'lcp-breakdown-insight');
  const lcpNode = lcpElementNode(lhr);
  const lcpPhases = Object.fromEntries(
    lcpRows.filter((row) => typeof row.subpart === 'string').map((row) => [str(row.subpart), Math.round(num(row.duration))]),
  );
  const category = lhr.categories.performance?.auditRefs ?? [];
  const opportunities = category
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => !!audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      display: audit.displayValue ?? '',
      savingsMs: savingsMs(audit.metricSavings),
    }))
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 8);
  return {
    largestScripts,
    unusedJs,
    renderBlocking,
    lcpElement: lcpNode ? describeNode(lcpNode) : null,
    lcpPhases,
    layoutShifts: itemsOf(lhr, 'layout-shifts').slice(0, 4).map((row) => ({
      element: describeNode((row.node ?? {}) as Item),
      score: Math.round(num(row.score) * 1000) / 1000,
      causes: (((row.subItems as { items?: Item[] } | undefined)?.items) ?? []).map((cause) => str(cause.cause)).filter(Boolean),
    })),
    longestChain: longestChain(lhr).map(short),
    bootup,
    opportunities,
    warnings: lhr.runWarnings.map(String),
  };
}

/** An audit's largest estimated saving in time (CLS savings are unitless and left out). */
function savingsMs(savings: Record<string, number | undefined> | undefined): number {
  const { FCP, LCP, TBT, INP } = savings ?? {};
  return Math.round(Math.max(0, ...[FCP, LCP, TBT, INP].map(num)));
}

interface ChainNode {
  url: string;
  isLongest?: boolean;
  children?: Record<string, ChainNode>;
}

function longestChain(lhr: Result): string[] {
  const details = lhr.audits['network-dependency-tree-insight']?.details as { items?: { value?: { type?: string; chains?: Record<string, ChainNode> } }[] } | undefined;
  const tree = details?.items?.find((section) => section.value?.type === 'network-tree')?.value?.chains;
  const chain: string[] = [];
  let level = tree;
  for (;;) {
    const next = Object.values(level ?? {}).find((node) => node.isLongest);
    if (!next) return chain;
    chain.push(next.url);
    level = next.children;
  }
}

/** LCP's element, a section of its own in the breakdown insight. */
function lcpElementNode(lhr: Result): Item | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as { items?: Item[] } | undefined;
  return details?.items?.find((row) => row.type === 'node');
}

function describeNode(node: Item): string {
  const snippet = str(node.snippet).slice(0, 120);
  const label = str(node.nodeLabel).slice(0, 60);
  return label ? `${snippet} ("${label}")` : snippet;
}
