import { assign, fromPromise, sendParent, sendTo, setup, type ParameterizedObject } from 'xstate';
import { paymentMachine, type PaymentMachine } from '../payment/payment.machine';
import { isPayable, type PaymentContext, type PaymentEvent, type PayRequest } from '../payment/payment.types';
import { present } from '../present';
import type { AiApplyContext, AiApplyEvent, AiApplyInput, AiApplyProblem, SubmitOutcome } from './aiApply.types';

/**
 * The payment chart as a child of an AI order screen: when the server says an order is paid (or
 * being confirmed), its `refreshList` becomes PAID with that order here.
 */
export function aiPaymentChild(payment: PaymentMachine) {
  return payment.provide({
    actions: {
      refreshList: sendParent<PaymentContext, PaymentEvent, ParameterizedObject['params'], { type: 'PAID'; orderId: string }, PaymentEvent>(({ context }) => ({
        type: 'PAID',
        orderId: context.purchase?.orderId ?? '',
      })),
    },
  });
}

/**
 * The AI application chart of one study. The app hands in the payment chart with its side effects
 * provided (the payment port); this chart sends it PAY for an order to be paid, and hears PAID back.
 */
export function createAiApplyMachine(payment: PaymentMachine = paymentMachine) {
  return setup({
    types: {
      context: {} as AiApplyContext,
      events: {} as AiApplyEvent,
      input: {} as AiApplyInput,
      children: {} as { payment: 'payment' },
    },
    actors: {
      submitOrder: fromPromise<SubmitOutcome, { collectFilmId: string; channelId: string }>(() => Promise.reject(new Error('aiApply: no submitOrder actor provided'))),
      payment: aiPaymentChild(payment),
    },
    actions: {
      choose: assign(({ event }) => (event.type === 'CHOOSE' ? { channelId: event.channelId, problem: null } : {})),
      order: assign(({ event }) => (event.type === 'APPLY' ? { channelId: event.channelId, problem: null } : {})),
      keepHow: assign(({ event }) => (event.type === 'CONFIRM' ? { how: { payWay: event.payWay, returnUrl: event.returnUrl } } : {})),
      forgetHow: assign({ how: null }),
      refuse: assign((_, problem: AiApplyProblem) => ({ problem, how: null })),
      /** Pay the order with the payment child, the way the port said when the patient confirmed. */
      startPayment: sendTo('payment', (_, params: PayRequest): PaymentEvent => ({ type: 'PAY', ...params })),
      /** Go to the order's progress (aiStatus). */
      openStatus: (_, _params: { orderId: string }) => {},
      /** Load the study's channels and orders again. */
      reload: () => {},
      reportFailure: (_, _params: { error: unknown }) => {},
    },
    guards: {
      submitted: (_, outcome: SubmitOutcome) => outcome.ok,
      toBePaid: (_, outcome: SubmitOutcome) => outcome.ok && isPayable(outcome.purchase),
    },
  }).createMachine({
    id: 'aiApply',
    context: ({ input }) => ({ collectFilmId: input.collectFilmId, channelId: null, how: null, problem: null }),
    invoke: { id: 'payment', src: 'payment' },
    on: {
      PAID: {
        description: 'The server says the order is paid (or being confirmed): its progress is next.',
        actions: { type: 'openStatus', params: ({ event }) => ({ orderId: event.orderId }) },
      },
    },
    initial: 'choosing',
    states: {
      choosing: {
        on: {
          CHOOSE: { actions: 'choose' },
          APPLY: { target: 'confirming', actions: 'order' },
        },
      },
      confirming: {
        description: 'The channel and its price are shown once more; nothing is ordered until the patient confirms.',
        on: {
          CONFIRM: { target: 'submitting', actions: 'keepHow' },
          DISMISS: 'choosing',
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'submitOrder',
          src: 'submitOrder',
          input: ({ context }) => ({ collectFilmId: context.collectFilmId, channelId: present(context.channelId, 'channel', 'aiApply') }),
          onDone: [
            {
              guard: { type: 'toBePaid', params: ({ event }) => event.output },
              target: 'choosing',
              description: 'The order waits for its money (new, or the same one again): pay it with the payment chart.',
              actions: [
                {
                  type: 'startPayment',
                  params: ({ context, event }) => ({
                    purchase: (event.output as Extract<SubmitOutcome, { ok: true }>).purchase,
                    ...present(context.how, 'pay way', 'aiApply'),
                  }),
                },
                'forgetHow',
              ],
            },
            {
              guard: { type: 'submitted', params: ({ event }) => event.output },
              target: 'choosing',
              description: 'Free, or already paid and under way or done: go to its progress.',
              actions: [
                { type: 'openStatus', params: ({ event }) => ({ orderId: (event.output as Extract<SubmitOutcome, { ok: true }>).purchase.orderId }) },
                'forgetHow',
              ],
            },
            {
              target: 'choosing',
              description: 'Refused: say why, and load the channels again.',
              actions: [{ type: 'refuse', params: ({ event }) => (event.output as Extract<SubmitOutcome, { ok: false }>).problem }, 'reload'],
            },
          ],
          onError: {
            target: 'choosing',
            description: 'No answer: the error catalogue says where that goes; the choice stays.',
            actions: [{ type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetHow'],
          },
        },
      },
    },
  });
}

export type AiApplyMachine = ReturnType<typeof createAiApplyMachine>;
