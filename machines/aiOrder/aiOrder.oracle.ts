import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern } from '../oracle';
import { connectAiOrder } from './aiOrder.connect';
import type { AiOrderMachine } from './aiOrder.machine';

const STATUS = 'spec §4, AI order status (0 or 1 analysing, 2 to be paid, 3 succeeded, 4 failed, 5 closed)';
const CANCEL = 'spec §4 and §5, cancel confirmation';
const CATALOGUE = 'spec §8, error catalogue';
const RESULT = 'spec §4, after opening AI detail with status 3';

const toast = (message: string, more: Record<string, unknown> = {}): Pattern => ({ effect: 'showToast', with: { message, ...more } });
const free: Pattern = { saw: { isBusy: false, isConfirmingCancel: false } };

/** What an AI order's buttons must do, from the specification and decisions.md. */
export const aiOrderOracle: Oracle<SnapshotFrom<AiOrderMachine>> = {
  chart: 'aiOrder',
  view: (snapshot) => {
    const { isBusy, isConfirmingCancel } = connectAiOrder(snapshot, () => {});
    return { isBusy, isConfirmingCancel };
  },
  promises: [
    {
      id: 'cancel-asks-first',
      says: 'Cancel on an order to be paid first asks "confirm cancelling this order", and sends nothing yet.',
      source: CANCEL,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'CANCEL', with: { order: { status: 2 } } }, free] },
        then: { all: [{ sees: { isConfirmingCancel: true } }, { not: { call: 'cancelOrder' } }] },
      },
    },
    {
      id: 'cancel-needs-confirm',
      says: 'A cancel reaches the server only after "confirm cancel", once per confirmation.',
      source: CANCEL,
      rule: { kind: 'needs', what: { call: 'cancelOrder' }, each: { input: 'CONFIRM_CANCEL' } },
    },
    {
      id: 'cancel-is-the-confirmed-order',
      says: 'The cancel sent is for the order whose cancel was confirmed.',
      source: CANCEL,
      rule: { kind: 'always', if: { call: 'cancelOrder' }, then: { input: 'CONFIRM_CANCEL' } },
    },
    {
      id: 'cancel-only-to-be-paid',
      says: 'Only an order to be paid (status 2) can be cancelled.',
      source: STATUS,
      rule: {
        kind: 'always',
        if: { input: 'CANCEL', with: { order: { status: { not: 2 } } } },
        then: { sees: { isConfirmingCancel: { sameAs: 'saw.isConfirmingCancel' } } },
      },
    },
    {
      id: 'think-again-keeps-order',
      says: '"Think again" closes the question and sends nothing.',
      source: CANCEL,
      rule: { kind: 'always', if: { input: 'THINK_AGAIN' }, then: { all: [{ sees: { isConfirmingCancel: false } }, { not: { call: 'cancelOrder' } }] } },
    },
    {
      id: 'cancel-success-told',
      says: 'A cancel the server accepts says "operation succeeded" and refreshes the list.',
      source: `${CATALOGUE}; spec §4`,
      rule: { kind: 'always', if: { input: 'answer:cancelOrder', with: { output: { ok: true } } }, then: { all: [toast('cancelSucceeded'), { effect: 'refreshList' }] } },
    },
    {
      id: 'cancel-refusal-told',
      says: 'A cancel the server refuses shows the server\'s message, and the list stays as it is.',
      source: CATALOGUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:cancelOrder', with: { output: { ok: false } } },
        then: { all: [toast('failed', { serverMessage: { sameAs: 'input.output.message' } }), { not: { effect: 'refreshList' } }] },
      },
    },
    {
      id: 'refresh-only-after-cancel',
      says: 'The list is refreshed only after a cancel the server accepted.',
      source: 'spec §4',
      rule: { kind: 'always', if: { effect: 'refreshList' }, then: { input: 'answer:cancelOrder', with: { output: { ok: true } } } },
    },
    {
      id: 'one-flow-at-a-time',
      says: 'While a cancel or a result lookup is under way, further taps send nothing.',
      source: 'decisions.md, Money and orders',
      rule: { kind: 'always', if: { saw: { isBusy: true } }, then: { not: { any: [{ call: 'cancelOrder' }, { call: 'lookUpResult' }] } } },
    },
    {
      id: 'result-only-succeeded',
      says: 'The AI result is looked up only for a succeeded order (status 3).',
      source: RESULT,
      rule: { kind: 'always', if: { call: 'lookUpResult' }, then: { input: 'OPEN_RESULT', with: { order: { status: 3 } } } },
    },
    {
      id: 'result-external',
      says: 'A result of check way 1 opens its result URL.',
      source: RESULT,
      rule: { kind: 'always', if: { input: 'answer:lookUpResult', with: { output: { kind: 'external' } } }, then: { effect: 'openExternalResult', with: { url: { sameAs: 'input.output.url' } } } },
    },
    {
      id: 'result-viewer',
      says: 'Any other result opens the film viewer with check way, wadourl, study uid and hospital id.',
      source: RESULT,
      rule: { kind: 'always', if: { input: 'answer:lookUpResult', with: { output: { kind: 'viewer' } } }, then: { effect: 'openViewer', with: { viewer: { sameAs: 'input.output.viewer' } } } },
    },
    {
      id: 'message-lost',
      says: 'When the AI detail is missing, the patient is told "application message lost".',
      source: CATALOGUE,
      rule: { kind: 'always', if: { input: 'answer:lookUpResult', with: { output: { kind: 'missing' } } }, then: toast('messageLost') },
    },
    {
      id: 'progress-by-status',
      says: 'Apply progress opens for status 0 to 2 and the reason for status 4, nothing else.',
      source: 'spec §2, AI order buttons by status',
      rule: {
        kind: 'always',
        if: { effect: 'openProgress' },
        then: {
          any: [
            { input: 'OPEN_PROGRESS', with: { order: { status: { oneOf: [0, 1, 2] } } } },
            { input: 'VIEW_REASON', with: { order: { status: 4 } } },
          ],
        },
      },
    },
    {
      id: 'film-opens',
      says: 'Tapping an order opens its film detail.',
      source: 'spec §2, AI order card',
      rule: { kind: 'always', if: { all: [{ input: 'OPEN_FILM' }, free] }, then: { effect: 'openFilm', with: { order: { sameAs: 'input.order' } } } },
    },
    {
      id: 'failures-shown',
      says: 'A cancel or lookup that gets no answer is shown to the patient.',
      source: CATALOGUE,
      rule: { kind: 'always', if: { input: ['failure:cancelOrder', 'failure:lookUpResult'] }, then: { effect: 'reportFailure' } },
    },
  ],
};
