// The app's preload helper: every dynamic import() of the build goes through it (scripts/build/
// modulePreload.ts puts it in the place of Vite's), to fetch the chunk's dependencies beside it.
import { nextTask } from './tasks';

/**
 * Each link's fetch costs the main thread about a millisecond (Chromium's `requestResource`, more
 * on a busy phone), and a screen needs about twenty chunks: Vite's own helper adds every link in
 * one go, so the film detail asked for while My studies is idle was one task: its fetches took
 * 15–48 ms unthrottled, the task 71–297 ms in Lighthouse's simulation (issue 26, TBT). Here the import, the style sheets (a few) and
 * the first script's link go at once, and each next script's link in a task of its own; the import
 * resolves once the chunk's style sheets have loaded, as Vite's does, so a screen never draws
 * unstyled.
 */

/** What the helper reads of the page: the document, and where the build's files are. */
export interface PreloadPage {
  document: Document;
  /** The build's base (Vite's `BASE_URL`): a dependency is named relative to it. */
  base: string;
  /** Waits for a task of its own. */
  nextTask: () => Promise<void>;
}

/** Per address: the style sheet's load still awaited, or undefined once asked for and settled. */
type Seen = Map<string, Promise<void> | undefined>;

export class PreloadError extends Error {
  constructor(readonly href: string) {
    super(`Unable to preload CSS for ${href}`);
    this.name = 'PreloadError';
  }
}

/** The addresses the page's links already ask for: all of them, and the style sheets among them. */
function linkedHrefs(document: Document) {
  const all = new Set<string>();
  const styles = new Set<string>();
  for (const link of Array.from(document.getElementsByTagName('link'))) {
    all.add(link.href);
    if (link.rel === 'stylesheet') styles.add(link.href);
  }
  return { all, styles };
}

/** A module preload where the browser has it (Safari before 17 has not), otherwise a script preload, as Vite's helper does. */
function scriptRel(document: Document): string {
  const relList = document.createElement('link').relList;
  return relList?.supports?.('modulepreload') ? 'modulepreload' : 'preload';
}

/** A link as the chunk's own request is made (Vite's crossorigin), so the import takes its fetch. */
function appendLink(document: Document, href: string, rel: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  link.crossOrigin = '';
  link.href = href;
  if (rel !== 'stylesheet') link.as = 'script';
  return document.head.appendChild(link);
}

/** A style sheet's link: settles as it loads or fails. */
function addSheet(document: Document, href: string): Promise<void> {
  const link = appendLink(document, href, 'stylesheet');
  return new Promise((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new PreloadError(href)), { once: true });
  });
}

/** The dependencies not asked for yet, by address: style sheets and scripts, each in the build's order. */
function notYetAsked(page: PreloadPage, seen: Seen, deps: readonly string[]) {
  const sheets: string[] = [];
  const scripts: string[] = [];
  const loading: Promise<void>[] = [];
  let linked: ReturnType<typeof linkedHrefs> | undefined;
  for (const dep of deps) {
    const url = new URL(page.base + dep, page.document.baseURI);
    const href = url.href;
    const isCss = url.pathname.endsWith('.css');
    if (seen.has(href)) {
      const pending = seen.get(href);
      if (pending) loading.push(pending);
      continue;
    }
    linked ??= linkedHrefs(page.document);
    // Asked for already by the page's own links (a route page names its screen's chunks).
    if ((isCss ? linked.styles : linked.all).has(href)) seen.set(href, undefined);
    else (isCss ? sheets : scripts).push(href);
  }
  return { sheets, scripts, loading };
}

/**
 * Each style sheet's link at once, in order (their order is the cascade's); resolves, once these
 * and the sheets another import is still loading (`loading`) have settled, with those that failed.
 */
function linkSheets(page: PreloadPage, seen: Seen, sheets: readonly string[], loading: readonly Promise<void>[]): Promise<unknown[]> {
  const added = sheets.map((href) => {
    const settled = addSheet(page.document, href).finally(() => seen.set(href, undefined));
    seen.set(href, settled);
    return settled;
  });
  return Promise.allSettled([...loading, ...added]).then((results) => results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : [])));
}

/** Each script's preload, the first at once and each next in a task of its own; nothing waits for them. */
async function linkScripts(page: PreloadPage, seen: Seen, scripts: readonly string[]): Promise<void> {
  const rel = scriptRel(page.document);
  for (const [index, href] of scripts.entries()) {
    if (index > 0) await page.nextTask();
    // Another import may have asked for it while this one waited.
    if (seen.has(href)) continue;
    seen.set(href, undefined);
    appendLink(page.document, href, rel);
  }
}

/**
 * A failed preload, as Vite reports one: a `vite:preloadError` event the page may cancel, and a
 * rejected import when it does not.
 */
function reportFailure(view: Window, error: unknown): void {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
  view.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}

/** The helper over a page of its own (the tests'); the build's is {@link __vitePreload}. */
export function createPreloadHelper(page: PreloadPage) {
  const seen: Seen = new Map();
  const view = page.document.defaultView!;
  return function preload<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
    if (!deps || deps.length === 0) return load();
    const { sheets, scripts, loading } = notYetAsked(page, seen, deps);
    const sheetsLoaded = linkSheets(page, seen, sheets, loading);
    // The scripts' preloads only save the import round trips: it goes at once, and neither waits
    // for the other (a hidden tab runs a timer a second at most, where a phone has no scheduler.yield).
    void linkScripts(page, seen, scripts);
    const imported = load().then(
      (module) => ({ ok: true as const, module }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    return sheetsLoaded.then(async (failures) => {
      for (const failure of failures) reportFailure(view, failure);
      const result = await imported;
      if (result.ok) return result.module;
      reportFailure(view, result.error);
      return undefined as T;
    });
  };
}

let helper: ReturnType<typeof createPreloadHelper> | undefined;

/** Vite's name for the helper: the build's dynamic imports call it (scripts/build/modulePreload.ts). */
export function __vitePreload<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  helper ??= createPreloadHelper({ document, base: import.meta.env.BASE_URL, nextTask });
  return helper(load, deps);
}
