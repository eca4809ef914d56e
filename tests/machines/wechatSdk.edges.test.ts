// @vitest-environment node
/**
 * Edges of the WeChat JS-SDK chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): which URL is signed, that wx.config gets that signature, the state
 * code at every step, and signing again after a navigation.
 */
import { existsSync } from 'node:fs';
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { payWayFor, sdkStateCode } from '../../machines/wechatSdk/wechatSdk.connect';
import { wechatSdkMachine } from '../../machines/wechatSdk/wechatSdk.machine';
import type { JsConfig } from '../../machines/wechatSdk/wechatSdk.types';
import { effects } from './edgeFakes';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

const entry = 'https://film.example.org/index?id=1';
const next = 'https://film.example.org/aiOrder';
const signed = (url: string): JsConfig => ({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: `sig:${url}` });

function startSdk() {
  const calls = { getSignature: controllablePromise<JsConfig, { url: string }>(), configure: controllablePromise<void, JsConfig>() };
  const done = effects(['alertRegistrationFailed'] as const);
  const machine = wechatSdkMachine.provide({ actors: { getSignature: calls.getSignature.logic, configure: calls.configure.logic }, actions: done.spies });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  const code = () => sdkStateCode(actor.getSnapshot());
  return { actor, calls, done, code };
}
type Started = ReturnType<typeof startSdk>;

async function configure(started: Started, url: string) {
  started.calls.getSignature.resolve(signed(url));
  await flush();
  started.calls.configure.resolve(undefined);
  await flush();
}

describe('WeChat SDK: signing and configuring', () => {
  it('is pending (0) before the app starts it', () => {
    const { code, actor } = startSdk();
    expect(code()).toBe(0);
    expect(payWayFor(actor.getSnapshot())).toBe('wechatNotReady');
  });

  it('signs the URL the app started on, and configures with that signature', async () => {
    const started = startSdk();
    started.actor.send({ type: 'START', inWeChat: true, url: entry });
    expect(started.calls.getSignature.inputs).toEqual([{ url: entry }]);
    expect(started.code()).toBe(0);
    started.calls.getSignature.resolve(signed(entry));
    await flush();
    expect(started.calls.configure.inputs).toEqual([signed(entry)]);
    expect(started.code()).toBe(0); // wx.config is under way
    expect(payWayFor(started.actor.getSnapshot())).toBe('wechatNotReady');
    started.calls.configure.resolve(undefined);
    await flush();
    expect(started.code()).toBe(1);
    expect(payWayFor(started.actor.getSnapshot())).toBe(1);
    expect(started.done.count('alertRegistrationFailed')).toBe(0);
  });

  it('a failed signature call is -1 with the alert, and wx.config is not run', async () => {
    const started = startSdk();
    started.actor.send({ type: 'START', inWeChat: true, url: entry });
    started.calls.getSignature.reject(new Error('offline'));
    await flush();
    expect(started.code()).toBe(-1);
    expect(started.done.count('alertRegistrationFailed')).toBe(1);
    expect(started.calls.configure.inputs).toEqual([]);
    expect(payWayFor(started.actor.getSnapshot())).toBe('wechatNotReady');
  });
});

describe('WeChat SDK: "try again" (WeChat pay was not ready)', () => {
  it('after a failure on a later page, signs that page URL again, not the first', async () => {
    const started = startSdk();
    started.actor.send({ type: 'START', inWeChat: true, url: entry });
    await configure(started, entry);
    started.actor.send({ type: 'PAGE_CHANGED', url: next });
    started.calls.getSignature.reject(new Error('offline'));
    await flush();
    expect(started.code()).toBe(-1);
    started.actor.send({ type: 'RETRY' });
    expect(started.calls.getSignature.inputs).toEqual([{ url: entry }, { url: next }, { url: next }]);
    await configure(started, next);
    expect(started.code()).toBe(1);
    expect(payWayFor(started.actor.getSnapshot())).toBe(1);
  });

  it('changes nothing while the SDK is ready, signing or outside WeChat', async () => {
    const started = startSdk();
    started.actor.send({ type: 'RETRY' });
    expect(started.calls.getSignature.inputs).toEqual([]);
    started.actor.send({ type: 'START', inWeChat: true, url: entry });
    started.actor.send({ type: 'RETRY' });
    expect(started.calls.getSignature.inputs).toEqual([{ url: entry }]);
    await configure(started, entry);
    started.actor.send({ type: 'RETRY' });
    expect(started.code()).toBe(1);
    expect(started.calls.getSignature.inputs).toEqual([{ url: entry }]);

    const outside = startSdk();
    outside.actor.send({ type: 'START', inWeChat: false, url: entry });
    outside.actor.send({ type: 'RETRY' });
    expect(outside.calls.getSignature.inputs).toEqual([]);
    expect(outside.code()).toBeNull();
    expect(payWayFor(outside.actor.getSnapshot())).toBe(2);
  });
});

describe('WeChat SDK: after a navigation', () => {
  it('when ready, signs the new page URL and configures again', async () => {
    const started = startSdk();
    started.actor.send({ type: 'START', inWeChat: true, url: entry });
    await configure(started, entry);
    started.actor.send({ type: 'PAGE_CHANGED', url: next });
    expect(started.code()).toBe(0);
    expect(started.calls.getSignature.inputs).toEqual([{ url: entry }, { url: next }]);
    await configure(started, next);
    expect(started.calls.configure.inputs).toEqual([signed(entry), signed(next)]);
    expect(started.code()).toBe(1);
  });

  it('after a failure, signs the new page URL and can still become ready', async () => {
    const started = startSdk();
    started.actor.send({ type: 'START', inWeChat: true, url: entry });
    started.calls.getSignature.resolve(signed(entry));
    await flush();
    started.calls.configure.reject(new Error('invalid signature'));
    await flush();
    expect(started.code()).toBe(-1);
    started.actor.send({ type: 'PAGE_CHANGED', url: next });
    expect(started.calls.getSignature.inputs.at(-1)).toEqual({ url: next });
    await configure(started, next);
    expect(started.code()).toBe(1);
  });

  it('outside WeChat a navigation signs nothing', () => {
    const started = startSdk();
    started.actor.send({ type: 'START', inWeChat: false, url: entry });
    started.actor.send({ type: 'PAGE_CHANGED', url: next });
    expect(started.calls.getSignature.inputs).toEqual([]);
    expect(started.code()).toBeNull();
  });
});

describe('WeChat SDK: an app that forgot to provide a call', () => {
  it('getSignature: -1 and the alert, never ready', async () => {
    const done = effects(['alertRegistrationFailed'] as const);
    const configureCall = controllablePromise<void, JsConfig>();
    const actor = createActor(wechatSdkMachine.provide({ actors: { configure: configureCall.logic }, actions: done.spies })).start();
    actor.send({ type: 'START', inWeChat: true, url: entry });
    await flush();
    expect(sdkStateCode(actor.getSnapshot())).toBe(-1);
    expect(done.count('alertRegistrationFailed')).toBe(1);
    expect(configureCall.inputs).toEqual([]);
  });

  it('configure: -1 and the alert, never ready', async () => {
    const done = effects(['alertRegistrationFailed'] as const);
    const getSignature = controllablePromise<JsConfig, { url: string }>();
    const actor = createActor(wechatSdkMachine.provide({ actors: { getSignature: getSignature.logic }, actions: done.spies })).start();
    actor.send({ type: 'START', inWeChat: true, url: entry });
    getSignature.resolve(signed(entry));
    await flush();
    await flush();
    expect(sdkStateCode(actor.getSnapshot())).toBe(-1);
    expect(done.count('alertRegistrationFailed')).toBe(1);
  });
});

describe('WeChat SDK: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startSdk();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
