/**
 * Lighthouse on one page, the way issue 26 measures the first screens: the default mobile form
 * factor (Moto G Power screen, 4x CPU, 150 ms RTT, 1.6 Mbps, simulated throttling), the
 * performance category only, each run a Lighthouse user flow in a fresh browser context of
 * Debian's Chromium driven by puppeteer-core. A signed-in page is signed in through the sandbox's
 * own OpenID provider first, in the same tab, then the flow navigates to it with the HTTP cache
 * cleared but the session kept (Lighthouse's own storage reset would sign the patient out).
 */
import { startFlow, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { signInPuppeteer } from './sandboxSession';

export interface LighthousePage {
  name: string;
  path: string;
  signedIn: boolean;
}

/** What one Lighthouse run says about a page: the metrics in milliseconds (CLS unitless) and what it would fix first. */
export interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  speedIndex: number;
  diagnostics: Diagnostics;
}

export interface Diagnostics {
  /** The scripts the page downloaded, largest transfer first. */
  largestScripts: { url: string; transferKb: number }[];
  /** Requests that held the first paint back, with what Lighthouse estimates each cost. */
  renderBlocking: { url: string; wastedMs: number }[];
  /** The element the LCP was, and how its time splits (time to first byte, load delay, render delay...). */
  lcpElement: string | null;
  lcpPhases: Record<string, number>;
  /** Main-thread time per script (evaluation + parse), longest first. */
  bootup: { url: string; totalMs: number }[];
  /** The audits and insights that fail, the largest estimated saving first. */
  opportunities: { id: string; title: string; display: string; savingsMs: number }[];
  /** Lighthouse's own warnings about the run (e.g. a page that redirected). */
  warnings: string[];
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchPuppeteer(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Closed network: without these Chromium keeps trying to reach Google's services.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** One Lighthouse navigation of `base + page.path`. */
export async function lighthouseRun(browser: Browser, base: string, page: LighthousePage): Promise<LighthouseRun> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    if (page.signedIn) await signInPuppeteer(tab, base);
    await clearHttpCache(tab);
    const flow = await startFlow(tab, {
      name: page.name,
      flags: { onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate', disableStorageReset: true },
    });
    await flow.navigate(`${base}${page.path}`);
    const result = await flow.createFlowResult();
    const lhr = result.steps[0]?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${page.path}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return readRun(lhr, base);
  } finally {
    await context.close();
  }
}

/** What Lighthouse's storage reset would do for the cache, without touching the signed-in session. */
async function clearHttpCache(tab: Page) {
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
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
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function diagnosticsOf(lhr: Result, base: string): Diagnostics {
  const short = (url: unknown) => str(url).replace(base, '').replace(/-[\w-]{8}(\.(?:js|css))$/, '$1');
  const largestScripts = itemsOf(lhr, 'network-requests')
    .filter((row) => row.resourceType === 'Script')
    .sort((a, b) => num(b.transferSize) - num(a.transferSize))
    .slice(0, 6)
    .map((row) => ({ url: short(row.url), transferKb: Math.round(num(row.transferSize) / 102.4) / 10 }));
  const renderBlocking = itemsOf(lhr, 'render-blocking-insight').map((row) => ({ url: short(row.url), wastedMs: Math.round(num(row.wastedMs)) }));
  const bootup = itemsOf(lhr, 'bootup-time')
    .map((row) => ({ url: short(row.url), totalMs: Math.round(num(row.total)) }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 5);
  const lcpRows = itemsOf(lhr, 'lcp-breakdown-insight');
  const lcpNode = lcpRows.find((row) => row.type === 'node') ?? lcpElementNode(lhr);
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
    renderBlocking,
    lcpElement: lcpNode ? describeNode(lcpNode) : null,
    lcpPhases,
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

/** LCP's element when the breakdown insight does not carry it. */
function lcpElementNode(lhr: Result): Item | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as { items?: Item[] } | undefined;
  return details?.items?.find((row) => row.type === 'node');
}

function describeNode(node: Item): string {
  const snippet = str(node.snippet).slice(0, 120);
  const label = str(node.nodeLabel).slice(0, 60);
  return label ? `${snippet} ("${label}")` : snippet;
}
