// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { payWayFor, sdkStateCode } from '../../machines/wechatSdk/wechatSdk.connect';
import { wechatSdkMachine } from '../../machines/wechatSdk/wechatSdk.machine';
import { controllablePromise, describeModel, flush, replayPath } from './modelHarness';

const config = { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' };
const events = [
  { type: 'START', inWeChat: true, url: 'https://film.example.org/index?id=1' },
  { type: 'START', inWeChat: false, url: 'https://film.example.org/index' },
  { type: 'PAGE_CHANGED', url: 'https://film.example.org/aiOrder' },
  { type: 'xstate.done.actor.getSignature', output: config },
  { type: 'xstate.error.actor.getSignature', error: new Error('offline') },
  { type: 'xstate.done.actor.configure' },
  { type: 'xstate.error.actor.configure', error: new Error('invalid signature') },
];

function startSdk() {
  const fakes = { getSignature: controllablePromise<unknown>(), configure: controllablePromise<unknown>() };
  const alertRegistrationFailed = vi.fn();
  const machine = wechatSdkMachine.provide({ actors: { getSignature: fakes.getSignature.logic as never, configure: fakes.configure.logic as never }, actions: { alertRegistrationFailed } });
  return { actor: createActor(machine).start(), fakes, alertRegistrationFailed };
}

describeModel({
  name: 'wechatSdk',
  machine: wechatSdkMachine,
  events: events as never,
  pinnedPaths: 14,
  async run(path) {
    const { actor, fakes, alertRegistrationFailed } = startSdk();
    await replayPath(path, actor, fakes, (expected, actual) => {
      expect(actual.context).toEqual(expected.context);
      expect(sdkStateCode(actual)).toBe(sdkStateCode(expected));
    });
    const failures = path.steps.filter((s) => s.event.type.startsWith('xstate.error.actor.')).length;
    expect(alertRegistrationFailed).toHaveBeenCalledTimes(failures);
    actor.stop();
  },
});

describe('WeChat SDK, details', () => {
  it('goes 0 -> 1 with the signature of the page URL, and then pays in-app', async () => {
    const { actor, fakes } = startSdk();
    actor.send({ type: 'START', inWeChat: true, url: 'https://film.example.org/index' });
    expect(sdkStateCode(actor.getSnapshot())).toBe(0);
    expect(payWayFor(actor.getSnapshot())).toBe(2);
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
  });
});
