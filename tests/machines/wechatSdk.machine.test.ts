// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { payWayFor, sdkStateCode } from '../../machines/wechatSdk/wechatSdk.connect';
import { wechatSdkMachine } from '../../machines/wechatSdk/wechatSdk.machine';
import { wechatSdkEvents, wechatSdkFixtures } from '../../machines/wechatSdk/wechatSdk.model';
import { wechatSdkOracle } from '../../machines/wechatSdk/wechatSdk.oracle';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const { config } = wechatSdkFixtures;
const events = wechatSdkEvents;

function startSdk() {
  const alertRegistrationFailed = vi.fn();
  const started = startChart(wechatSdkMachine, { provide: () => ({ actions: { alertRegistrationFailed } }) });
  return { ...started, fakes: started.fakes as Record<'getSignature' | 'configure', ControllablePromise<unknown>>, alertRegistrationFailed };
}

describeModel({
  name: 'wechatSdk',
  machine: wechatSdkMachine,
  events: events as never,
  pinnedPaths: 16,
  oracle: wechatSdkOracle,
  start: startSdk,
});

describe('WeChat SDK, details', () => {
  it('goes 0 -> 1 with the signature of the page URL, and then pays in-app', async () => {
    const { actor, fakes } = startSdk();
    actor.send({ type: 'START', inWeChat: true, url: 'https://film.example.org/index' });
    expect(sdkStateCode(actor.getSnapshot())).toBe(0);
    // Inside WeChat, never the H5 page: WeChat pay is not ready yet.
    expect(payWayFor(actor.getSnapshot())).toBe('wechatNotReady');
    fakes.getSignature.resolve(config);
    await flush();
    fakes.configure.resolve(undefined);
    await flush();
    expect(sdkStateCode(actor.getSnapshot())).toBe(1);
    expect(payWayFor(actor.getSnapshot())).toBe(1);
  });

  it('outside WeChat never waits: no signature call, H5 pay', () => {
    const { actor, fakes } = startSdk();
    actor.send({ type: 'START', inWeChat: false, url: 'https://film.example.org/index' });
    expect(fakes.getSignature.pendingRuns).toBe(0);
    expect(sdkStateCode(actor.getSnapshot())).toBeNull();
    expect(payWayFor(actor.getSnapshot())).toBe(2);
  });

  it('-1 and the alert when the configuration fails', async () => {
    const { actor, fakes, alertRegistrationFailed } = startSdk();
    actor.send({ type: 'START', inWeChat: true, url: 'https://film.example.org/index' });
    fakes.getSignature.resolve(config);
    await flush();
    fakes.configure.reject(new Error('invalid signature'));
    await flush();
    expect(sdkStateCode(actor.getSnapshot())).toBe(-1);
    expect(alertRegistrationFailed).toHaveBeenCalledTimes(1);
    expect(payWayFor(actor.getSnapshot())).toBe('wechatNotReady');
  });

  it('"try again" after a failure signs the same URL again, and can become ready', async () => {
    const { actor, fakes, alertRegistrationFailed } = startSdk();
    actor.send({ type: 'START', inWeChat: true, url: 'https://film.example.org/index' });
    fakes.getSignature.reject(new Error('offline'));
    await flush();
    expect(sdkStateCode(actor.getSnapshot())).toBe(-1);
    actor.send({ type: 'RETRY' });
    expect(sdkStateCode(actor.getSnapshot())).toBe(0);
    expect(fakes.getSignature.inputs).toEqual([{ url: 'https://film.example.org/index' }, { url: 'https://film.example.org/index' }]);
    // A second "try again" while it runs signs nothing more.
    actor.send({ type: 'RETRY' });
    expect(fakes.getSignature.pendingRuns).toBe(1);
    fakes.getSignature.resolve(config);
    await flush();
    fakes.configure.resolve(undefined);
    await flush();
    expect(payWayFor(actor.getSnapshot())).toBe(1);
    expect(alertRegistrationFailed).toHaveBeenCalledTimes(1);
  });
});
