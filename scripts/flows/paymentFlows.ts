import type { EventObject } from 'xstate';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { PAY_RESULT, type PayParams } from '../../machines/payment/payment.types';
import { paymentEvents } from '../../machines/payment/payment.model';
import { outcomeStep, type Flow, type FlowSpec, type Snapshot } from './flowCatalogue';
import { paymentOracle } from '../../machines/payment/payment.oracle';

type Event = EventObject & { payWay?: number | string; output?: unknown };

const TAP_WORDS: Readonly<Record<string, string>> = {
  1: 'tap pay, WeChat pay (pay way 1)',
  2: 'tap pay, H5 pay page (pay way 2)',
  wechatNotReady: 'tap pay inside WeChat before WeChat pay is ready (the JS-SDK pending or failed)',
};

const payParamsOfTheWrongWay = (event: Event, snapshot: Snapshot) =>
  event.type === 'xstate.done.actor.getPayParams' && (event.output as PayParams).way !== snapshot.context.payWay;

const requeryDelay = paymentMachine.implementations.delays.requeryDelay as number;

/** The pay result as the server means it (PAY_RESULT). */
const RESULT_WORDS: Readonly<Record<number, string>> = {
  [PAY_RESULT.paid]: 'paid',
  [PAY_RESULT.notHeard]: 'not paid, nothing heard from the provider yet',
  [PAY_RESULT.cancelled]: 'not paid, the provider says the payer cancelled',
  [PAY_RESULT.failed]: 'not paid, the provider says the payment failed',
};

const wording: Record<string, (event: Event) => string> = {
  PAY: (e) => TAP_WORDS[String(e.payWay)] ?? `tap pay (pay way ${String(e.payWay)})`,
  RESUME_H5: () => 'the page load comes back from the H5 pay page',
  H5_PAID: () => 'patient answers "paid"',
  H5_NOT_PAID: () => 'patient answers "not paid"',
  QUERY_AGAIN: () => 'patient taps "check again"',
  RETRY_WECHAT: () => 'patient taps "try again" (WeChat pay was not ready)',
  DISMISS: () => 'patient taps "later" (or "not now")',
  'xstate.done.actor.prepareWechatPay': () => "WeChat's JS-SDK is ready: WeChat pay can start",
  'xstate.error.actor.prepareWechatPay': () => "WeChat's JS-SDK could not be configured (WeChat pay not ready)",
  'xstate.done.actor.getPayParams': (e) =>
    (e.output as PayParams).way === 1 ? 'server sends in-app pay parameters' : 'server sends H5 pay parameters',
  'xstate.error.actor.getPayParams': () => 'the pay parameters request fails',
  'xstate.done.actor.payInApp': (e) => `WeChat pay answers "${String(e.output)}"`,
  'xstate.error.actor.payInApp': () => 'the WeChat pay call fails (no answer)',
  'xstate.done.actor.queryPayResult': (e) => `server: pay result ${String(e.output)} (${RESULT_WORDS[Number(e.output)] ?? (Number(e.output) > 0 ? 'paid' : 'not paid, nothing heard yet')})`,
  'xstate.error.actor.queryPayResult': () => 'the pay result query fails (server not reached)',
  'xstate.after.requeryDelay.payment.waitingToQuery': () => `wait ${requeryDelay / 1000} s`,
};

function consequence(flow: Flow): string {
  const { before, event } = outcomeStep(flow) as { before: Snapshot; event: Event };
  switch (event.type) {
    case 'xstate.done.actor.queryPayResult':
      if (Number(event.output) > 0) return "Yes: paid, because the server's pay result is above 0.";
      if (Number(event.output) === PAY_RESULT.cancelled) return 'No: the server heard the payer cancelled (pay result -1).';
      if (Number(event.output) === PAY_RESULT.failed) return 'No: the server heard the payment failed (pay result -2).';
      return before.context.clientOutcome === 'ok'
        ? "Not confirmed: the payer said paid, the server's pay result is still 0; the server's later answer decides."
        : "No: the server's pay result is 0.";
    case 'xstate.done.actor.getPayParams':
      return 'Money may move on the H5 page; the app asks the server when the patient comes back.';
    case 'DISMISS':
      return before.matches('wechatNotReady') ? 'No: no payment was started.' : 'Unknown: the server could not be asked; money may have moved.';
    case 'xstate.error.actor.getPayParams':
      return 'No: no payment was started.';
    default:
      throw new Error(`payment flows: what does an outcome on ${event.type} mean for money?`);
  }
}

export const paymentFlowSpec: FlowSpec = {
  name: 'payment',
  title: 'Payment',
  idPrefix: 'P',
  machine: paymentMachine,
  sources: { machine: 'machines/payment/payment.machine.ts', events: 'machines/payment/payment.model.ts' },
  events: (snapshot) => (paymentEvents as Event[]).filter((event) => !payParamsOfTheWrongWay(event, snapshot)),
  constraints: [
    'The server answers a pay parameters request with in-app parameters only when the pay way is 1 and with H5 parameters only when it is 2.',
  ],
  wording,
  links: {
    settled:
      'The purchase chart, this chart\'s parent, hears the server\'s answer (SETTLED): paid or being confirmed is the order changed, for the screen to load again or show its progress ([the purchase flows](purchase.md)).',
    unsettled: 'The purchase chart hears the payment ended with no answer (UNSETTLED): the screen takes taps again; nothing is concluded.',
  },
  oracle: paymentOracle,
  consequence: { heading: 'Does money move?', of: consequence },
};
