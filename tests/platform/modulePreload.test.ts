/**
 * The app's preload helper (issue 26, TBT): a dynamic import's scripts are linked one per task, the
 * first at once, beside the import, and its style sheets all at once; the import resolves once the
 * style sheets have loaded, as with Vite's helper; a failure is reported as Vite reports it. jsdom loads no link, so a test
 * fires a style sheet's load or error.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreloadHelper, PreloadError } from '../../src/shared/platform/modulePreload';

/** Tasks the test runs one at a time: each `nextTask` of the helper waits for `step()`. */
function manualTasks() {
  const waiting: (() => void)[] = [];
  return {
    nextTask: () => new Promise<void>((resolve) => waiting.push(resolve)),
    pending: () => waiting.length,
    async step() {
      waiting.shift()?.();
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve));
const links = () => Array.from(document.head.querySelectorAll('link'));
const hrefs = () => links().map((link) => new URL(link.href).pathname);
const linkTo = (pathname: string) => links().find((link) => new URL(link.href).pathname === pathname)!;

function helper(tasks = manualTasks()) {
  return { preload: createPreloadHelper({ document, base: '/', nextTask: tasks.nextTask }), tasks };
}

// jsdom's link knows no module preload; Chromium's (the app's browsers) does.
beforeEach(() => {
  vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token) => token === 'modulepreload');
});

/** Listens to `vite:preloadError` until the test ends. */
const listeners: ((event: Event) => void)[] = [];
function onPreloadError(listener: (event: Event) => void) {
  window.addEventListener('vite:preloadError', listener);
  listeners.push(listener);
}
const payloadOf = (event: Event) => (event as Event & { payload: unknown }).payload;

afterEach(() => {
  for (const listener of listeners.splice(0)) window.removeEventListener('vite:preloadError', listener);
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('linking the dependencies', () => {
  it('imports at once when the import has no dependencies, and links nothing', async () => {
    const { preload } = helper();
    const load = vi.fn(() => Promise.resolve('module'));
    await expect(preload(load)).resolves.toBe('module');
    await expect(preload(load, [])).resolves.toBe('module');
    expect(links()).toHaveLength(0);
  });

  it("imports and links the first script at once, each next script's link in a task of its own", async () => {
    const { preload, tasks } = helper();
    const load = vi.fn(() => Promise.resolve('module'));
    const imported = preload(load, ['assets/a.js', 'assets/b.js', 'assets/c.js']);
    expect(hrefs()).toEqual(['/assets/a.js']);
    expect(load).toHaveBeenCalledTimes(1);
    await tasks.step();
    expect(hrefs()).toEqual(['/assets/a.js', '/assets/b.js']);
    await tasks.step();
    expect(hrefs()).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js']);
    await expect(imported).resolves.toBe('module');
    expect(tasks.pending()).toBe(0);
    expect(linkTo('/assets/a.js').rel).toBe('modulepreload');
    expect(linkTo('/assets/a.js').as).toBe('script');
    // As the module's own request is made, so the import takes the preloaded fetch.
    expect(linkTo('/assets/a.js').crossOrigin).toBe('');
  });

  it("hands over the module without waiting for the scripts' links (a hidden tab's timers run once a second)", async () => {
    const { preload, tasks } = helper();
    await expect(preload(() => Promise.resolve('module'), ['assets/a.js', 'assets/b.js', 'assets/c.js'])).resolves.toBe('module');
    expect(hrefs()).toEqual(['/assets/a.js']);
    expect(tasks.pending()).toBe(1);
  });

  it('links every style sheet at once, in the order the build gives (the cascade)', async () => {
    const { preload, tasks } = helper();
    void preload(() => Promise.resolve(), ['assets/a.js', 'assets/one.css', 'assets/b.js', 'assets/two.css']);
    expect(hrefs()).toEqual(['/assets/one.css', '/assets/two.css', '/assets/a.js']);
    expect(links().map((link) => link.rel)).toEqual(['stylesheet', 'stylesheet', 'modulepreload']);
    expect(tasks.pending()).toBe(1);
  });

  it('names each dependency under the build base', async () => {
    const preload = createPreloadHelper({ document, base: '/app/', nextTask: () => Promise.resolve() });
    await preload(() => Promise.resolve(), ['assets/a.js']);
    expect(hrefs()).toEqual(['/app/assets/a.js']);
  });

  it("skips what the page's own links already ask for (the route page's preloads), without a task", async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/assets/a.css">';
    const { preload, tasks } = helper();
    await expect(preload(() => Promise.resolve('module'), ['assets/a.js', 'assets/a.css', 'assets/b.js'])).resolves.toBe('module');
    expect(hrefs()).toEqual(['/assets/a.js', '/assets/a.css', '/assets/b.js']);
    expect(tasks.pending()).toBe(0);
  });

  it('adds a style sheet that is only preloaded: it must apply, not just arrive', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/a.css">';
    const { preload } = helper();
    const imported = preload(() => Promise.resolve('module'), ['assets/a.css']);
    const sheet = links().find((link) => link.rel === 'stylesheet')!;
    expect(new URL(sheet.href).pathname).toBe('/assets/a.css');
    sheet.dispatchEvent(new Event('load'));
    await expect(imported).resolves.toBe('module');
  });

  it('links a dependency two imports share once', async () => {
    const { preload, tasks } = helper();
    const first = preload(() => Promise.resolve(1), ['assets/a.js', 'assets/b.js', 'assets/s.css']);
    const second = preload(() => Promise.resolve(2), ['assets/b.js', 'assets/c.js', 'assets/s.css']);
    linkTo('/assets/s.css').dispatchEvent(new Event('load'));
    await tasks.step();
    await tasks.step();
    await Promise.all([first, second]);
    expect(hrefs().sort()).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/s.css']);
  });
});

describe('style sheets', () => {
  it('resolves the import once the style sheet has loaded, so a screen never draws unstyled', async () => {
    const { preload } = helper();
    let resolved = false;
    const imported = preload(() => Promise.resolve('module'), ['assets/a.css']).finally(() => (resolved = true));
    await flush();
    expect(linkTo('/assets/a.css').rel).toBe('stylesheet');
    expect(resolved).toBe(false);
    linkTo('/assets/a.css').dispatchEvent(new Event('load'));
    await expect(imported).resolves.toBe('module');
  });

  it('has a second import of the same style sheet wait for the same load, then not at all', async () => {
    const { preload } = helper();
    let settled = 0;
    const one = preload(() => Promise.resolve(1), ['assets/a.css']).finally(() => settled++);
    const two = preload(() => Promise.resolve(2), ['assets/a.css']).finally(() => settled++);
    await flush();
    expect(settled).toBe(0);
    linkTo('/assets/a.css').dispatchEvent(new Event('load'));
    await expect(Promise.all([one, two])).resolves.toEqual([1, 2]);
    await expect(preload(() => Promise.resolve(3), ['assets/a.css'])).resolves.toBe(3);
    expect(links()).toHaveLength(1);
  });

  it("rejects the import when a style sheet fails, with Vite's vite:preloadError first", async () => {
    const { preload } = helper();
    const events: unknown[] = [];
    onPreloadError((event) => events.push(payloadOf(event)));
    const imported = preload(() => Promise.resolve('module'), ['assets/a.css']);
    linkTo('/assets/a.css').dispatchEvent(new Event('error'));
    await expect(imported).rejects.toBeInstanceOf(PreloadError);
    expect(events).toHaveLength(1);
    expect(events[0]).toBeInstanceOf(PreloadError);
    expect((events[0] as PreloadError).href).toMatch(/\/assets\/a\.css$/);
  });

  it('hands over the module anyway when the page handles the failure (the event cancelled)', async () => {
    const { preload } = helper();
    onPreloadError((event) => event.preventDefault());
    const imported = preload(() => Promise.resolve('module'), ['assets/a.css']);
    linkTo('/assets/a.css').dispatchEvent(new Event('error'));
    await expect(imported).resolves.toBe('module');
  });
});

describe('an import that fails', () => {
  it("rejects with the import's own error, reported as vite:preloadError", async () => {
    const { preload } = helper();
    const payloads: unknown[] = [];
    onPreloadError((event) => payloads.push(payloadOf(event)));
    const failure = new Error('offline');
    await expect(preload(() => Promise.reject(failure), ['assets/a.js'])).rejects.toBe(failure);
    expect(payloads).toEqual([failure]);
  });

  it('resolves empty when the page handles it', async () => {
    const { preload } = helper();
    onPreloadError((event) => event.preventDefault());
    await expect(preload(() => Promise.reject(new Error('offline')), ['assets/a.js'])).resolves.toBeUndefined();
  });
});

describe("a browser without module preloads (Safari before 17)", () => {
  it('preloads the script instead, as Vite does', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(false);
    const { preload } = helper();
    await preload(() => Promise.resolve(), ['assets/a.js']);
    expect(linkTo('/assets/a.js').rel).toBe('preload');
    expect(linkTo('/assets/a.js').as).toBe('script');
  });
});
