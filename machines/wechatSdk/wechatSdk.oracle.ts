import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern, Trace } from '../oracle';
import { payWayFor, sdkStateCode } from './wechatSdk.connect';
import type { WechatSdkMachine } from './wechatSdk.machine';

const STATES = 'spec §4, messaging SDK config state: 0 pending, 1 ready, -1 failed';
const CALLS = 'spec §7, signature config (v1.0/wechat/GetJsConfigParms) with the page URL';
const IN_WECHAT = 'issue 24 §12: inside WeChat payment never falls back to the H5 page (WeChat cannot start H5 pay); if the JS-SDK is not ready, say so and offer to retry';

/** The URL the latest signature was asked for, as the onlooker saw the calls. */
function lastSigned(trace: Trace) {
  const call = trace.flatMap((step) => step.calls).findLast((made) => made.name === 'getSignature');
  return { signedUrl: (call?.input as { url?: string } | undefined)?.url ?? null };
}

/** The app asks for the SDK once, at its start: a later START is not the app starting. */
const firstStart = (inWeChat: boolean): Pattern => ({ all: [{ input: 'START', with: { inWeChat } }, { not: { earlier: { input: 'START' } } }] });

/** What configuring WeChat's JS-SDK must do, from the specification and decisions.md. */
export const wechatSdkOracle: Oracle<SnapshotFrom<WechatSdkMachine>> = {
  chart: 'wechatSdk',
  view: (snapshot) => ({ code: sdkStateCode(snapshot), payWay: payWayFor(snapshot) }),
  derive: lastSigned,
  promises: [
    {
      id: 'outside-wechat-never-waits',
      says: 'Outside WeChat nothing is signed and nothing waits: pay way 2 (H5).',
      source: 'decisions.md, patients in phone browsers; spec §9, pay way',
      rule: {
        kind: 'always',
        if: firstStart(false),
        then: { all: [{ not: { call: 'getSignature' } }, { sees: { code: null, payWay: 2 } }] },
      },
    },
    {
      id: 'signs-the-page-url',
      says: 'Inside WeChat the signature is asked for the page URL, and the state is 0 (pending) meanwhile.',
      source: CALLS,
      rule: {
        kind: 'always',
        if: firstStart(true),
        then: { all: [{ call: 'getSignature', with: { url: { sameAs: 'input.url' } } }, { sees: { code: 0, payWay: 'wechatNotReady' } }] },
      },
    },
    {
      id: 'started-once',
      says: 'The app starts the SDK once; a second start signs nothing and changes nothing the patient sees.',
      source: 'spec §4, messaging SDK config state; decisions.md, the SDK is configured when the app starts',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'START' }, { earlier: { input: 'START' } }] },
        then: { all: [{ not: { call: 'getSignature' } }, { sees: { code: { sameAs: 'saw.code' }, payWay: { sameAs: 'saw.payWay' } } }] },
      },
    },
    {
      id: 'new-page-signed-again',
      says: 'Once configured (or failed), a page whose URL must be signed anew is signed with its own URL.',
      source: 'decisions.md, entry URL on iOS, current URL elsewhere',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PAGE_CHANGED' }, { saw: { code: { oneOf: [1, -1] } } }] },
        then: { call: 'getSignature', with: { url: { sameAs: 'input.url' } } },
      },
    },
    {
      id: 'configured-with-the-signature',
      says: 'wx.config is given the server\'s signature as it came.',
      source: CALLS,
      rule: { kind: 'always', if: { input: 'answer:getSignature' }, then: { call: 'configure', with: { sameAs: 'input.output' } } },
    },
    {
      id: 'ready-is-1',
      says: 'When wx.config succeeds the state is 1 (ready), and WeChat pay (pay way 1) is offered.',
      source: STATES,
      rule: { kind: 'always', if: { input: 'answer:configure' }, then: { sees: { code: 1, payWay: 1 } } },
    },
    {
      id: 'failure-alerts',
      says: 'When signing or wx.config fails, the state is -1 and the patient is alerted "ios registration failed".',
      source: `${STATES}; spec §8`,
      rule: {
        kind: 'always',
        if: { input: ['failure:getSignature', 'failure:configure'] },
        then: { all: [{ effect: 'alertRegistrationFailed' }, { sees: { code: -1, payWay: 'wechatNotReady' } }] },
      },
    },
    {
      id: 'alert-only-on-failure',
      says: 'The registration alert shows only when signing or wx.config failed.',
      source: 'spec §8',
      rule: { kind: 'always', if: { effect: 'alertRegistrationFailed' }, then: { input: ['failure:getSignature', 'failure:configure'] } },
    },
    {
      id: 'in-wechat-never-h5',
      says: 'Inside WeChat the pay way is never 2 (the H5 page, which WeChat cannot pay on): WeChat pay (1) once the SDK is ready, "not ready" before.',
      source: IN_WECHAT,
      rule: { kind: 'always', if: { sees: { code: { oneOf: [0, 1, -1] } } }, then: { sees: { payWay: { oneOf: [1, 'wechatNotReady'] } } } },
    },
    {
      id: 'try-again-signs-again',
      says: 'After a failure, "try again" signs the same page URL again and configures anew; the state is 0 (pending) meanwhile.',
      source: `${IN_WECHAT}; ${CALLS}`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RETRY' }, { saw: { code: -1 } }] },
        then: { all: [{ call: 'getSignature', with: { url: { sameAs: 'saw.signedUrl' } } }, { sees: { code: 0, payWay: 'wechatNotReady' } }] },
      },
    },
    {
      id: 'try-again-only-after-failure',
      says: '"Try again" changes nothing unless the configuration failed: nothing is signed twice at once, and a ready SDK stays ready.',
      source: IN_WECHAT,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RETRY' }, { not: { saw: { code: -1 } } }] },
        then: { all: [{ not: { call: 'getSignature' } }, { sees: { code: { sameAs: 'saw.code' }, payWay: { sameAs: 'saw.payWay' } } }] },
      },
    },
    {
      id: 'in-app-pay-only-when-ready',
      says: 'WeChat pay (pay way 1) is offered only with the SDK ready.',
      source: 'spec §9, pay way',
      rule: { kind: 'always', if: { sees: { payWay: 1 } }, then: { sees: { code: 1 } } },
    },
  ],
};
