import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/shared/api/client';
import type * as Wechat from '../../src/shared/platform/wechat';
import { startWechatSdk } from '../../src/shared/platform/wechatService';

const configured = vi.hoisted(() => ({ settle: null as ((ok: boolean) => void) | null }));
vi.mock('../../src/shared/platform/wechat', async (original) => ({
  ...(await original<typeof Wechat>()),
  // wx.config settles when the test says so.
  configureWx: () =>
    new Promise<void>((resolve, reject) => {
      configured.settle = (ok) => (ok ? resolve() : reject(new Error('wx.config failed')));
    }),
}));

const ANDROID_WECHAT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 MicroMessenger/8.0.49';
const api = { request: async () => ({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' }) } as unknown as ApiClient;

/** A port whose wx.config call is under way. */
async function start(userAgent = ANDROID_WECHAT) {
  configured.settle = null;
  const port = startWechatSdk({ api, userAgent, entryUrl: 'https://app.example/Home', currentUrl: () => 'https://app.example/Home', alertRegistrationFailed: () => {} });
  await vi.waitFor(() => expect(configured.settle).not.toBeNull());
  return port;
}

describe('the WeChat port tells its subscribers when the SDK becomes ready', () => {
  it('is not ready while wx.config is under way; once it settles, subscribers hear of it and ready() says so', async () => {
    const port = await start();
    const heard = vi.fn();
    const unsubscribe = port.subscribe(heard);
    expect(port.ready()).toBe(false);
    configured.settle!(true);
    await vi.waitFor(() => expect(port.ready()).toBe(true));
    expect(heard).toHaveBeenCalled();

    unsubscribe();
    heard.mockClear();
    port.pageChanged('https://app.example/personal');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).not.toHaveBeenCalled();
  });

  it('stays not ready when wx.config fails', async () => {
    const port = await start();
    const heard = vi.fn();
    port.subscribe(heard);
    configured.settle!(false);
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    expect(port.ready()).toBe(false);
  });
});

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

/** Issue 24 §12: inside WeChat payment never falls back to the H5 page; not ready is waited for, or said. */
describe('the WeChat port and paying', () => {
  it('outside WeChat pays on the H5 page, and WeChat pay never becomes ready', async () => {
    const port = startWechatSdk({ api, userAgent: BROWSER, entryUrl: 'https://app.example/Home', currentUrl: () => 'https://app.example/Home', alertRegistrationFailed: () => {} });
    expect(port.payWay()).toBe(2);
    await expect(port.whenPayReady(new AbortController().signal)).rejects.toThrow('not ready');
  });

  it('inside WeChat, while wx.config runs: not ready (never H5), and WeChat pay is waited for until it is ready', async () => {
    const port = await start();
    expect(port.payWay()).toBe('wechatNotReady');
    let ready = false;
    const waiting = port.whenPayReady(new AbortController().signal).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toBe(false);
    configured.settle!(true);
    await waiting;
    expect(port.payWay()).toBe(1);
    // Once ready, at once.
    await expect(port.whenPayReady(new AbortController().signal)).resolves.toBeUndefined();
  });

  it('inside WeChat, a failed wx.config: the wait fails (never H5); "try again" configures again and WeChat pay becomes ready', async () => {
    const alert = vi.fn();
    configured.settle = null;
    const port = startWechatSdk({ api, userAgent: ANDROID_WECHAT, entryUrl: 'https://app.example/Home', currentUrl: () => 'https://app.example/Home', alertRegistrationFailed: alert });
    await vi.waitFor(() => expect(configured.settle).not.toBeNull());
    const waiting = port.whenPayReady(new AbortController().signal);
    configured.settle!(false);
    await expect(waiting).rejects.toThrow('not ready');
    expect(port.payWay()).toBe('wechatNotReady');
    expect(alert).toHaveBeenCalledTimes(1);
    await expect(port.whenPayReady(new AbortController().signal)).rejects.toThrow('not ready');

    configured.settle = null;
    port.retry();
    await vi.waitFor(() => expect(configured.settle).not.toBeNull());
    expect(port.payWay()).toBe('wechatNotReady');
    const again = port.whenPayReady(new AbortController().signal);
    configured.settle!(true);
    await expect(again).resolves.toBeUndefined();
    expect(port.payWay()).toBe(1);
  });

  it('a wait no longer wanted (the payment left it) fails at once, though wx.config still runs', async () => {
    const port = await start();
    const controller = new AbortController();
    const waiting = port.whenPayReady(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('no longer wanted');
    expect(port.payWay()).toBe('wechatNotReady');
  });
});
