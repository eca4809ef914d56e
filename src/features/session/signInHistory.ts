import * as z from 'zod/mini';
import type { SafeStorage } from '../../shared/state/safeStorage';
import { newUuid } from '../../shared/state/uuid';

/**
 * Keeps the sign-in round trip out of the tab's history.
 *
 * Signing in adds the provider's pages to the history (its login page, one more entry per form
 * post), and once the patient is back they have expired: the back button must not lead there.
 * So the page that starts a sign-in pushes a marker entry and leaves for the provider by replacing
 * it. Pushing drops every forward entry, so `history.length` then tells exactly where the start
 * page is. The callback page goes back over exactly the entries the round trip added, and the
 * start page completes the sign-in: the provider's pages are left ahead, out of reach of back.
 *
 * The callback hands its address to the start page in localStorage, not sessionStorage: Chrome
 * (with its back-forward cache) gives the pages after a cross-site hop a copy of sessionStorage,
 * and going back returns to the copy of before, which would not see tokens stored on the callback.
 *
 * Whenever the count cannot be trusted, the callback completes the sign-in itself and replaces its
 * entry as before: a wrong count could take the patient out of the app.
 */

/** The start page's index in the tab's history, written before leaving for the provider. */
const START_INDEX_KEY = 'cf.signIn.startIndex';
/** Which sign-in of which tab a handed-back callback belongs to. */
const SIGN_IN_ID_KEY = 'cf.signIn.id';
/** The callback address for the start page to complete, in localStorage under the sign-in's id. */
const HANDOFF_PREFIX = 'cf.signIn.handoff.';
/** A handoff older than this is dropped: authorization codes live a few minutes at most. */
const HANDOFF_TTL_MS = 10 * 60 * 1000;

/**
 * Browsers keep 50 entries per tab (Chromium, Firefox; WebKit 100). At the cap they drop the
 * oldest, so indices shift and `history.length` stops counting: nothing near it is trusted.
 */
export const HISTORY_CAP = 50;

/**
 * The start page's index, from `history.length` right after the marker was pushed: the marker is
 * then the last entry and the start page the one before it. Null when that cannot be trusted.
 */
export function startIndexAfterMarker(lengthAfterPush: number): number | null {
  if (!Number.isInteger(lengthAfterPush) || lengthAfterPush < 2 || lengthAfterPush >= HISTORY_CAP) return null;
  return lengthAfterPush - 2;
}

export interface CallbackEntry {
  /** `history.length` as the callback page loads. */
  historyLength: number;
  /** How the callback page was loaded (`navigate`, `reload`, `back_forward`), if the browser says. */
  navigationType: string | undefined;
}

/**
 * How many entries the callback page goes back to reach the start page, or null when that cannot
 * be known safely (then the callback completes the sign-in itself).
 */
export function stepsBackToStart(startIndex: number | null, callback: CallbackEntry): number | null {
  if (startIndex === null) return null;
  // Only a page the provider just navigated to is the last entry; a reloaded callback, or one
  // reached with back or forward, may have entries ahead of it that history.length counts.
  if (callback.navigationType !== 'navigate') return null;
  if (!Number.isInteger(callback.historyLength) || callback.historyLength >= HISTORY_CAP) return null;
  const steps = callback.historyLength - 1 - startIndex;
  return steps >= 1 ? steps : null;
}

function readIndex(raw: string | null): number | null {
  const value = raw === null || raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

const handoffSchema = z.object({ url: z.string(), at: z.number() });
type Handoff = z.infer<typeof handoffSchema>;

function readHandoff(raw: string | null): Handoff | null {
  if (!raw) return null;
  try {
    const parsed = handoffSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the bookkeeping needs of the browser: the window's (browserHistoryPort), or a test's fake. */
export interface BrowserHistoryPort {
  readonly history: Pick<History, 'length' | 'state' | 'pushState' | 'go'>;
  /** This page's origin, to turn the callback path into the address the start page completes. */
  readonly origin: string;
  navigationType(): string | undefined;
  /** Calls `listener` when this page is shown again from the back-forward cache. */
  onRestoredFromCache(listener: () => void): void;
  reload(): void;
}

export function browserHistoryPort(win: Window): BrowserHistoryPort {
  return {
    history: win.history,
    origin: win.location.origin,
    navigationType: () => {
      const [entry] = win.performance?.getEntriesByType?.('navigation') ?? [];
      return (entry as PerformanceNavigationTiming | undefined)?.type;
    },
    onRestoredFromCache(listener) {
      win.addEventListener('pageshow', (event) => {
        if (event.persisted) listener();
      });
    },
    reload: () => win.location.reload(),
  };
}

export interface SignInHistory {
  /**
   * Just before leaving for the provider: pushes the marker and notes where the start page is.
   * Answers how to leave: `replace` the marker, or `assign` when it could not be pushed.
   */
  markStart(): 'replace' | 'assign';
  /**
   * On the callback page: goes back to the start page and hands it `callbackPath` to complete.
   * False when the way back is not known safely; the callback then completes the sign-in itself.
   */
  handBack(callbackPath: string): boolean;
  /** On any other page, as it starts: the callback address handed back to it, once. */
  takeHandedBack(): string | null;
}

export interface SignInHistoryStores {
  /** This tab's sessionStorage: where the start page is, and the sign-in's id. */
  session: SafeStorage;
  /** localStorage: the handoff, which every page of the origin sees. */
  local: SafeStorage;
  now: () => number;
}

export function createSignInHistory(browser: BrowserHistoryPort, { session, local, now }: SignInHistoryStores): SignInHistory {
  let reloadsWhenRestored = false;

  /**
   * A page that left for the provider or the start page is stuck mid-way: shown again from the
   * back-forward cache, it loads afresh instead.
   */
  const reloadWhenRestored = () => {
    if (reloadsWhenRestored) return;
    reloadsWhenRestored = true;
    browser.onRestoredFromCache(() => browser.reload());
  };

  /** Handoffs of sign-ins whose start page never came back (a closed tab) are dropped. */
  const dropStaleHandoffs = () => {
    for (const key of local.keys(HANDOFF_PREFIX)) {
      const handoff = readHandoff(local.get(key));
      if (!handoff || now() - handoff.at > HANDOFF_TTL_MS) local.remove(key);
    }
  };

  return {
    markStart() {
      session.remove(START_INDEX_KEY);
      session.remove(SIGN_IN_ID_KEY);
      reloadWhenRestored();
      const { history } = browser;
      try {
        history.pushState(history.state, '');
      } catch {
        return 'assign';
      }
      const startIndex = startIndexAfterMarker(history.length);
      // Without a persistent localStorage the start page could not be handed the callback.
      if (startIndex !== null && session.persistent && local.persistent) {
        session.set(START_INDEX_KEY, String(startIndex));
        session.set(SIGN_IN_ID_KEY, newUuid());
      }
      return 'replace';
    },
    handBack(callbackPath) {
      const startIndex = readIndex(session.get(START_INDEX_KEY));
      // Used once: a later visit to this callback address must not go back again.
      session.remove(START_INDEX_KEY);
      const id = session.get(SIGN_IN_ID_KEY);
      const steps = stepsBackToStart(startIndex, {
        historyLength: browser.history.length,
        navigationType: browser.navigationType(),
      });
      if (steps === null || !id || !local.persistent) return false;
      const handoff: Handoff = { url: `${browser.origin}${callbackPath}`, at: now() };
      local.set(`${HANDOFF_PREFIX}${id}`, JSON.stringify(handoff));
      reloadWhenRestored();
      browser.history.go(-steps);
      return true;
    },
    takeHandedBack() {
      dropStaleHandoffs();
      const id = session.get(SIGN_IN_ID_KEY);
      if (!id) return null;
      const key = `${HANDOFF_PREFIX}${id}`;
      const handoff = readHandoff(local.get(key));
      if (!handoff) return null;
      local.remove(key);
      session.remove(SIGN_IN_ID_KEY);
      session.remove(START_INDEX_KEY);
      return handoff.url;
    },
  };
}
