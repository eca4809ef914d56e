import { describe, expect, it, vi } from 'vitest';
import {
  createSignInHistory,
  HISTORY_CAP,
  startIndexAfterMarker,
  stepsBackToStart,
  type BrowserHistoryPort,
} from '../../src/features/session/signInHistory';
import { safeStorage, type SafeStorage } from '../../src/shared/state/safeStorage';

const APP = 'http://app.example';
const IDP = 'http://idp.example';
const CALLBACK = '/oidc-callback?code=c&state=s';

/** A Web Storage over a map, so a test can give each page its own sessionStorage, or a copy. */
class MapStorage implements Storage {
  private readonly map: Map<string, string>;

  constructor(entries: Iterable<[string, string]> = []) {
    this.map = new Map(entries);
  }

  get length() {
    return this.map.size;
  }

  clear() {
    this.map.clear();
  }

  getItem(key: string) {
    return this.map.get(key) ?? null;
  }

  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }

  removeItem(key: string) {
    this.map.delete(key);
  }

  setItem(key: string, value: string) {
    this.map.set(key, value);
  }

  copy() {
    return new MapStorage(this.map);
  }
}

/**
 * One browser tab's session history, as browsers keep it: a navigation or pushState drops the
 * forward entries and adds one, a replace changes the current entry, at most HISTORY_CAP entries.
 */
class FakeTab {
  index: number;
  loadType = 'navigate';
  readonly reload = vi.fn();
  private readonly restoredListeners: Array<() => void> = [];

  constructor(readonly entries: string[]) {
    this.index = entries.length - 1;
  }

  get current() {
    return this.entries[this.index]!;
  }

  get previous() {
    return this.entries[this.index - 1];
  }

  /** A new document by a link, a form post or a redirect. */
  navigate(url: string) {
    this.push(url);
    this.loadType = 'navigate';
  }

  replace(url: string) {
    this.entries[this.index] = url;
    this.loadType = 'navigate';
  }

  go(delta: number) {
    this.index = Math.max(0, Math.min(this.entries.length - 1, this.index + delta));
    this.loadType = 'back_forward';
  }

  restoreFromCache() {
    this.restoredListeners.forEach((listener) => listener());
  }

  /** What the document now loaded in this tab sees of it. */
  port(): BrowserHistoryPort {
    const entries = this.entries;
    const loadType = this.loadType;
    return {
      history: {
        get length() {
          return entries.length;
        },
        state: null,
        pushState: () => this.push(this.current),
        go: (delta?: number) => this.go(delta ?? 0),
      },
      origin: APP,
      navigationType: () => loadType,
      onRestoredFromCache: (listener) => this.restoredListeners.push(listener),
      reload: this.reload,
    };
  }

  private push(url: string) {
    this.entries.splice(this.index + 1);
    this.entries.push(url);
    if (this.entries.length > HISTORY_CAP) this.entries.shift();
    this.index = this.entries.length - 1;
  }
}

function tabAt(...paths: string[]) {
  return new FakeTab(paths.map((path) => `${APP}${path}`));
}

interface RoundTripOptions {
  wrongPasswords?: number;
  providerKnowsPatient?: boolean;
  /** Chrome with its back-forward cache: pages after the cross-site hop get a copy of sessionStorage. */
  copiedSessionStorage?: boolean;
  local?: SafeStorage;
}

/** A sign-in as the app and a provider do it: mark, leave by the answered method, log in, come back. */
function roundTrip(tab: FakeTab, options: RoundTripOptions = {}) {
  const startStorage = new MapStorage();
  const local = options.local ?? safeStorage(() => new MapStorage());
  const now = () => 1_000_000;
  const stores = (storage: Storage) => ({ session: safeStorage(() => storage), local, now });

  const startPage = createSignInHistory(tab.port(), stores(startStorage));
  const method = startPage.markStart();
  const authorize = `${IDP}/auth?client_id=web`;
  if (method === 'replace') tab.replace(authorize);
  else tab.navigate(authorize);
  if (!options.providerKnowsPatient) {
    tab.replace(`${IDP}/interaction/abc`); // the authorization endpoint redirects to its login page
    for (let i = 0; i < (options.wrongPasswords ?? 0); i++) tab.navigate(`${IDP}/interaction/abc/login`);
    tab.navigate(`${IDP}/interaction/abc/login`);
  }
  tab.replace(`${APP}${CALLBACK}`); // the provider's redirects end on the callback

  const callbackStorage = options.copiedSessionStorage ? startStorage.copy() : startStorage;
  const callbackPage = createSignInHistory(tab.port(), stores(callbackStorage));
  const handedBack = callbackPage.handBack(CALLBACK);
  /** The page that loads where the tab now is, with the start page's sessionStorage. */
  const landingPage = () => createSignInHistory(tab.port(), stores(startStorage));
  return { method, handedBack, landingPage, callbackStorage, stores };
}

describe('where the start page is', () => {
  it('is the entry before the marker, while the history is under the cap', () => {
    expect(startIndexAfterMarker(2)).toBe(0);
    expect(startIndexAfterMarker(12)).toBe(10);
    expect(startIndexAfterMarker(HISTORY_CAP - 1)).toBe(HISTORY_CAP - 3);
  });

  it('is not known without a marker or at the cap, where browsers drop old entries', () => {
    expect(startIndexAfterMarker(1)).toBeNull();
    expect(startIndexAfterMarker(HISTORY_CAP)).toBeNull();
    expect(startIndexAfterMarker(Number.NaN)).toBeNull();
  });
});

describe('how far the callback goes back', () => {
  const fresh = (historyLength: number) => ({ historyLength, navigationType: 'navigate' });

  it('goes back over exactly the entries after the start page', () => {
    expect(stepsBackToStart(0, fresh(2))).toBe(1);
    expect(stepsBackToStart(3, fresh(7))).toBe(3);
  });

  it('does not go back when the count cannot be known safely', () => {
    expect(stepsBackToStart(null, fresh(4)), 'nothing recorded').toBeNull();
    expect(stepsBackToStart(0, { historyLength: 4, navigationType: 'reload' }), 'a reloaded callback').toBeNull();
    expect(stepsBackToStart(0, { historyLength: 4, navigationType: 'back_forward' }), 'a callback reached with back').toBeNull();
    expect(stepsBackToStart(0, { historyLength: 4, navigationType: undefined }), 'a browser that does not say').toBeNull();
    expect(stepsBackToStart(2, fresh(HISTORY_CAP)), 'at the cap').toBeNull();
    expect(stepsBackToStart(4, fresh(5)), 'the start page is the callback').toBeNull();
    expect(stepsBackToStart(6, fresh(5)), 'the start page lies ahead').toBeNull();
  });
});

describe('the sign-in round trip leaves no provider page in the history', () => {
  it('goes back to the page that asked for sign-in, which completes it; back then leaves to what was before', () => {
    const tab = tabAt('/help', '/aiOrder');
    const { method, handedBack, landingPage } = roundTrip(tab);
    expect(method).toBe('replace');
    expect(handedBack).toBe(true);
    expect(tab.current).toBe(`${APP}/aiOrder`);
    expect(tab.previous).toBe(`${APP}/help`);
    const landing = landingPage();
    expect(landing.takeHandedBack()).toBe(`${APP}${CALLBACK}`);
    expect(landing.takeHandedBack(), 'once').toBeNull();
  });

  it('hands the callback over where Chrome gives the callback a copy of sessionStorage', () => {
    const tab = tabAt('/help', '/aiOrder');
    const { handedBack, landingPage } = roundTrip(tab, { copiedSessionStorage: true });
    expect(handedBack).toBe(true);
    expect(tab.current).toBe(`${APP}/aiOrder`);
    expect(landingPage().takeHandedBack()).toBe(`${APP}${CALLBACK}`);
  });

  it('goes back over every form post after a wrong password', () => {
    const tab = tabAt('/help', '/personal?tab=2');
    roundTrip(tab, { wrongPasswords: 2 });
    expect(tab.current).toBe(`${APP}/personal?tab=2`);
    expect(tab.index).toBe(1);
  });

  it('goes back one entry when the provider answers at once', () => {
    const tab = tabAt('/Home', '/myStudyList');
    roundTrip(tab, { providerKnowsPatient: true });
    expect(tab.current).toBe(`${APP}/myStudyList`);
    expect(tab.previous).toBe(`${APP}/Home`);
  });

  it('lands on the start page of a sign-in started there (which then goes on to Home)', () => {
    const tab = tabAt('/');
    roundTrip(tab);
    expect(tab.entries.slice(0, tab.index + 1)).toEqual([`${APP}/`]);
  });

  it('counts right from a page the patient went back to (the entries ahead of it are dropped)', () => {
    const tab = tabAt('/Home', '/myStudyList', '/personal');
    tab.go(-1);
    roundTrip(tab);
    expect(tab.current).toBe(`${APP}/myStudyList`);
    expect(tab.previous).toBe(`${APP}/Home`);
  });

  it('lets the callback complete the sign-in itself when the history is full', () => {
    const tab = tabAt(...Array.from({ length: HISTORY_CAP }, (_, i) => `/page${i}`));
    const { handedBack } = roundTrip(tab);
    expect(handedBack).toBe(false);
    expect(tab.current).toBe(`${APP}${CALLBACK}`);
  });

  it('lets the callback complete the sign-in itself without a localStorage that keeps the handoff', () => {
    const tab = tabAt('/help', '/aiOrder');
    const { handedBack } = roundTrip(tab, { local: safeStorage(() => null) });
    expect(handedBack).toBe(false);
    expect(tab.current).toBe(`${APP}${CALLBACK}`);
  });

  it('does not go back from a reloaded callback, nor from a later visit to the used address', () => {
    const tab = tabAt('/help', '/aiOrder');
    const { callbackStorage, stores } = roundTrip(tab, { copiedSessionStorage: true });
    tab.go(2);
    tab.loadType = 'reload';
    expect(createSignInHistory(tab.port(), stores(callbackStorage)).handBack(CALLBACK)).toBe(false);
    tab.navigate(`${APP}${CALLBACK}`);
    expect(createSignInHistory(tab.port(), stores(callbackStorage)).handBack(CALLBACK)).toBe(false);
  });

  it('takes no handoff of another tab, and drops the ones no start page came back for', () => {
    const local = safeStorage(() => new MapStorage());
    const tab = tabAt('/aiOrder');
    roundTrip(tab, { local });
    const otherTab = createSignInHistory(tabAt('/Home').port(), { session: safeStorage(() => new MapStorage()), local, now: () => 1_000_000 });
    expect(otherTab.takeHandedBack()).toBeNull();
    expect(local.keys('cf.signIn.handoff.')).toHaveLength(1);
    const muchLater = createSignInHistory(tabAt('/Home').port(), { session: safeStorage(() => new MapStorage()), local, now: () => 1_000_000 + 11 * 60_000 });
    expect(muchLater.takeHandedBack()).toBeNull();
    expect(local.keys('cf.signIn.handoff.')).toEqual([]);
  });

  it('reloads a page that left for the provider when the browser restores it from its cache', () => {
    const tab = tabAt('/aiOrder');
    createSignInHistory(tab.port(), { session: safeStorage(() => new MapStorage()), local: safeStorage(() => new MapStorage()), now: Date.now }).markStart();
    tab.restoreFromCache();
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });

  it('leaves as the library does by default when the marker cannot be pushed', () => {
    const port = tabAt('/aiOrder').port();
    const refusing: BrowserHistoryPort = {
      ...port,
      history: { length: 1, state: null, go: port.history.go, pushState: () => { throw new DOMException('too many calls', 'SecurityError'); } },
    };
    const history = createSignInHistory(refusing, { session: safeStorage(() => new MapStorage()), local: safeStorage(() => new MapStorage()), now: Date.now });
    expect(history.markStart()).toBe('assign');
  });
});
