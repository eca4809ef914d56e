import { assign, fromPromise, setup } from 'xstate';
import type { Purchase } from '../payment/payment.types';
import { present } from '../present';
import type { StoreBuyContext, StoreBuyEvent, StoreBuyProblem, SubmitOutcome } from './storeBuy.types';

/**
 * The storage purchase chart: choose a plan, confirm the price, submit one order (a second tap
 * while it is under way sends nothing), then hand the order to the payment chart (`startPayment`).
 * A refusal is said and the plans are loaded again, as they may have changed.
 */
export const storeBuyMachine = setup({
  types: { context: {} as StoreBuyContext, events: {} as StoreBuyEvent },
  actors: {
    submitOrder: fromPromise<SubmitOutcome, { planId: string }>(() => Promise.reject(new Error('storeBuy: no submitOrder actor provided'))),
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'CHOOSE' ? { planId: event.planId, problem: null } : {})),
    order: assign(({ event }) => (event.type === 'BUY' ? { planId: event.planId, problem: null } : {})),
    refuse: assign((_, problem: StoreBuyProblem) => ({ problem })),
    /** Pay the order with the payment chart (the screen's wiring sends it PAY). */
    startPayment: (_, _purchase: Purchase) => {},
    /** Load the study's storage and plans again. */
    reload: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    submitted: (_, outcome: SubmitOutcome) => outcome.ok,
  },
}).createMachine({
  id: 'storeBuy',
  context: { planId: null, problem: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: { actions: 'choose' },
        BUY: { target: 'confirming', actions: 'order' },
      },
    },
    confirming: {
      description: 'The price is shown once more; nothing is ordered until the patient confirms.',
      on: {
        CONFIRM: 'submitting',
        DISMISS: 'choosing',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitOrder',
        src: 'submitOrder',
        input: ({ context }) => ({ planId: present(context.planId, 'plan', 'storeBuy') }),
        onDone: [
          {
            guard: { type: 'submitted', params: ({ event }) => event.output },
            target: 'choosing',
            description: 'The order exists (or the same one came back): pay it.',
            actions: { type: 'startPayment', params: ({ event }) => (event.output as { purchase: Purchase }).purchase },
          },
          {
            target: 'choosing',
            description: 'Refused: say why, and load the plans again.',
            actions: [{ type: 'refuse', params: ({ event }) => (event.output as { problem: StoreBuyProblem }).problem }, 'reload'],
          },
        ],
        onError: {
          target: 'choosing',
          description: 'No answer: the error catalogue says where that goes; the choice stays.',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type StoreBuyMachine = typeof storeBuyMachine;
