import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectAiStatus } from './aiStatus.connect';
import type { AiStatusMachine } from './aiStatus.machine';
import type { InfoLike } from './aiStatus.types';

const ISSUE = 'issue 14 §2 (aiStatus): follow AI/info: queued or analysing with a real progress bar and the time left, polling with back-off (2, 4, 8 s, at most 15 s); stop when it succeeds, fails (the reason, in the hospital’s words) or is closed; to be paid: a pay button; leaving stops polling, coming back resumes';
const MONEY = 'decisions.md: the client never decides that an order is paid; spec §4: pay leads to a paid state the server confirms';
const ANSWERS = ['answer:loadInfo', 'failure:loadInfo'];

/** What following an AI order must do. */
export const aiStatusOracle: Oracle<SnapshotFrom<AiStatusMachine>> = {
  chart: 'aiStatus',
  quietMs: 20_000,
  view: (snapshot) => {
    const view = connectAiStatus<InfoLike>(snapshot, () => {});
    return {
      step: view.step,
      orderId: view.info?.orderId ?? null,
      charge: view.info?.charge ?? null,
      progress: view.progress,
      secondsLeft: view.secondsLeft,
      failureReason: view.failureReason,
      stalled: view.isStalled,
      paused: view.isPaused,
      problem: view.problem,
    };
  },
  promises: [
    {
      id: 'asks-for-the-order',
      says: 'The page asks the server about the order it was opened with.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'start' }, then: { call: 'loadInfo', with: { orderId: 'AI2026112300001' } } },
    },
    {
      id: 'progress-shown',
      says: 'While it is queued or analysing, the bar and the time left are what the server said last.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:loadInfo', with: { output: { found: true, info: { status: { oneOf: [0, 1] } } } } },
        then: { sees: { step: 'following', progress: { sameAs: 'input.output.info.progress' }, secondsLeft: { sameAs: 'input.output.info.secondsLeft' } } },
      },
    },
    {
      id: 'polls-with-back-off',
      says: 'It asks again 2 s after the last answer, waiting twice as long each time nothing moved, never more than 15 s.',
      source: ISSUE,
      rule: { kind: 'timing', what: { call: 'loadInfo' }, when: [2000, 4000, 8000, 15_000].map((ms) => ({ since: { input: ANSWERS }, ms })) },
    },
    {
      id: 'stops-when-settled',
      says: 'Once the order succeeded, failed or is closed, or is not found, nothing more is asked.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'time' }, { saw: { step: { oneOf: ['succeeded', 'failed', 'closed', 'missing', 'toBePaid'] } } }] },
        then: { not: { call: 'loadInfo' } },
      },
    },
    {
      id: 'hidden-asks-nothing',
      says: 'While the page is hidden nothing is asked; when it shows again it asks at once.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { saw: { paused: true } },
        then: { any: [{ all: [{ input: 'RESUME' }, { call: 'loadInfo' }] }, { not: { call: 'loadInfo' } }] },
      },
    },
    {
      id: 'failure-reason-shown',
      says: 'A failed analysis shows its reason, in the hospital’s words.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:loadInfo', with: { output: { found: true, info: { status: 4 } } } },
        then: { sees: { step: 'failed', failureReason: { sameAs: 'input.output.info.failureReason' } } },
      },
    },
    {
      id: 'success-when-server-says',
      says: 'The result is offered only when the server says the analysis succeeded.',
      source: ISSUE,
      rule: { kind: 'always', if: { sees: { step: 'succeeded' } }, then: { any: [{ saw: { step: 'succeeded' } }, { input: 'answer:loadInfo', with: { output: { found: true, info: { status: 3 } } } }] } },
    },
    {
      id: 'lost-said',
      says: 'An order the server does not know says "application message lost".',
      source: 'spec §8: AI detail missing',
      rule: { kind: 'always', if: { input: 'answer:loadInfo', with: { output: { found: false } } }, then: { sees: { step: 'missing' } } },
    },
    {
      id: 'pays-the-order-shown',
      says: 'Pay pays the order shown, for the amount shown, the way the port says.',
      source: MONEY,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PAY' }, { saw: { step: 'toBePaid' } }] },
        then: { effect: 'startPayment', with: { purchase: { orderId: { sameAs: 'saw.orderId' }, amount: { sameAs: 'saw.charge' }, status: 2, kind: 'aiOrder' }, payWay: { sameAs: 'input.payWay' } } },
      },
    },
    {
      id: 'pays-only-to-be-paid',
      says: 'Only an order the server says waits for its money is paid.',
      source: MONEY,
      rule: { kind: 'always', if: { effect: 'startPayment' }, then: { saw: { step: 'toBePaid' } } },
    },
    {
      id: 'paid-asks-again',
      says: 'When the server says it is paid, the page asks about the order again and follows it.',
      source: MONEY,
      rule: { kind: 'always', if: { all: [{ input: 'PAID' }, { saw: { step: 'toBePaid' } }] }, then: { call: 'loadInfo', with: { orderId: 'AI2026112300001' } } },
    },
    {
      id: 'connection-loss-said',
      says: 'Several missed answers in a row say the connection is gone, and asking again is offered.',
      source: 'issue 14: a clear message and a retry for every failure',
      rule: { kind: 'always', if: { all: [{ input: 'failure:loadInfo' }, { sees: { stalled: true } }] }, then: { sees: { problem: 'offline' } } },
    },
  ],
};
