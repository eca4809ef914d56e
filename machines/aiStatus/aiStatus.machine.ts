import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { AI_ORDER_STATUS } from '../aiOrder/aiOrder.types';
import { purchaseOf, type PayTap } from '../payment/payment.types';
import { present } from '../present';
import { createPurchaseMachine, type PurchaseMachine } from '../purchase/purchase.machine';
import type { PurchaseEvent } from '../purchase/purchase.types';
import {
  isUnderWay,
  MAX_FAILED_POLLS,
  MAX_IDLE_POLLS,
  pollDelayMs,
  type AiStatusContext,
  type AiStatusEvent,
  type AiStatusInput,
  type InfoLike,
  type InfoOutcome,
} from './aiStatus.types';

type Answer = { event: { output: InfoOutcome } };
const infoOf = (output: InfoOutcome): InfoLike => present(output.found ? output.info : null, 'order', 'aiStatus');
const byStatus = (guard: 'isMissing' | 'isUnderWay' | 'isToBePaid' | 'isSucceeded' | 'isFailed') => ({ type: guard, params: ({ event }: Answer) => event.output });
const keep = { type: 'keepInfo', params: ({ event }: Answer) => infoOf(event.output) } as const;

/** Where an answer of AI/info leads, from `loading` or from a poll (`#aiStatus.` targets). */
const route = (following: object[]) => [
  { guard: byStatus('isMissing'), target: '#aiStatus.missing' },
  ...following,
  { guard: byStatus('isToBePaid'), target: '#aiStatus.toBePaid', actions: keep },
  { guard: byStatus('isSucceeded'), target: '#aiStatus.succeeded', description: 'Succeeded: polling stops; the result is offered.', actions: keep },
  { guard: byStatus('isFailed'), target: '#aiStatus.failed', description: 'Failed: polling stops; the reason shows, in the hospital’s words.', actions: keep },
  { target: '#aiStatus.closed', description: 'Closed: polling stops.', actions: keep },
];

/** The AI order progress chart. The app hands in the purchase chart (its payment child's side effects provided). */
export function createAiStatusMachine(purchase: PurchaseMachine = createPurchaseMachine()) {
  return setup({
    types: {
      context: {} as AiStatusContext,
      events: {} as AiStatusEvent,
      input: {} as AiStatusInput,
      children: {} as { purchase: 'purchase' },
    },
    actors: {
      loadInfo: fromPromise<InfoOutcome, { orderId: string }>(() => Promise.reject(new Error('aiStatus: no loadInfo actor provided'))),
      // The order was paid (or is being confirmed): this page hears PAID.
      purchase: purchase.provide({ actions: { orderChanged: sendParent((_, { orderId }: { orderId: string }) => ({ type: 'PAID', orderId })) } }),
    },
    actions: {
      keepInfo: assign(({ context }, info: InfoLike) => {
        const moved = context.info === null || info.status !== context.info.status || info.progress !== context.info.progress;
        return { info, idlePolls: moved ? 0 : Math.min(context.idlePolls + 1, MAX_IDLE_POLLS), failedPolls: 0, problem: null };
      }),
      countFailedPoll: assign(({ context }) => ({
        failedPolls: Math.min(context.failedPolls + 1, MAX_FAILED_POLLS),
        idlePolls: Math.min(context.idlePolls + 1, MAX_IDLE_POLLS),
      })),
      resetPolls: assign({ idlePolls: 0, failedPolls: 0 }),
      offline: assign({ problem: 'offline' as const }),
      /** Pay the order shown with the purchase child. */
      startPayment: sendTo('purchase', (_, tap: PayTap): PurchaseEvent => ({ type: 'PAY', ...tap })),
    },
    guards: {
      isMissing: (_, output: InfoOutcome) => !output.found,
      isUnderWay: (_, output: InfoOutcome) => output.found && isUnderWay(output.info.status),
      isToBePaid: (_, output: InfoOutcome) => output.found && output.info.status === AI_ORDER_STATUS.toBePaid,
      isSucceeded: (_, output: InfoOutcome) => output.found && output.info.status === AI_ORDER_STATUS.succeeded,
      isFailed: (_, output: InfoOutcome) => output.found && output.info.status === AI_ORDER_STATUS.failed,
      gaveUpPolling: ({ context }) => context.failedPolls + 1 >= MAX_FAILED_POLLS,
    },
    delays: {
      pollDelay: ({ context }) => pollDelayMs(context.idlePolls),
    },
  }).createMachine({
    id: 'aiStatus',
    context: ({ input }) => ({ orderId: input.orderId, info: null, idlePolls: 0, failedPolls: 0, problem: null }),
    invoke: { id: 'purchase', src: 'purchase' },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loadInfo',
          src: 'loadInfo',
          input: ({ context }) => ({ orderId: context.orderId }),
          // keepInfo starts the counts afresh: the order is new to the page, or it moved (paid).
          onDone: route([{ guard: byStatus('isUnderWay'), target: '#aiStatus.following', actions: keep }]),
          onError: { target: 'loadFailed', actions: 'offline' },
        },
      },
      loadFailed: {
        on: { RETRY: 'loading' },
      },
      following: {
        description: 'Queued or analysing: asked again after a wait that grows while nothing moves.',
        initial: 'waiting',
        on: { PAUSE: '.paused' },
        states: {
          waiting: {
            after: { pollDelay: 'querying' },
          },
          querying: {
            invoke: {
              id: 'loadInfo',
              src: 'loadInfo',
              input: ({ context }) => ({ orderId: context.orderId }),
              onDone: route([{ guard: byStatus('isUnderWay'), target: 'waiting', description: 'Still under way: the bar moves to what the server says.', actions: keep }]),
              onError: [
                { guard: 'gaveUpPolling', target: 'stalled', actions: ['countFailedPoll', 'offline'] },
                { target: 'waiting', description: 'One missed answer: ask again after the wait.', actions: 'countFailedPoll' },
              ],
            },
          },
          stalled: {
            description: 'No answer several times: the analysis goes on on the server; the page says the connection is gone.',
            on: { RETRY: { target: 'querying', actions: 'resetPolls' } },
          },
          paused: {
            description: 'The page is hidden: nothing is asked until it shows again.',
            on: { RESUME: { target: 'querying', actions: 'resetPolls' } },
          },
        },
      },
      toBePaid: {
        on: {
          PAY: {
            actions: {
              type: 'startPayment',
              params: ({ context, event }) => ({ purchase: purchaseOf('aiOrder', present(context.info, 'order', 'aiStatus')), payWay: event.payWay, returnUrl: event.returnUrl }),
            },
          },
          PAID: { target: 'loading', description: 'The server says it is paid: ask about the order again, and follow it.' },
        },
      },
      succeeded: {},
      failed: {},
      closed: {},
      missing: { description: 'No such order: "application message lost".' },
    },
  });
}

export type AiStatusMachine = ReturnType<typeof createAiStatusMachine>;
