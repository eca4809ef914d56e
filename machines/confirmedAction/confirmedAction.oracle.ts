import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectConfirmedAction } from './confirmedAction.connect';
import type { ConfirmedActionMachine } from './confirmedAction.machine';

const CONFIRM = 'spec §4–5: an action that changes an order or a list waits for confirmation (cancel: confirm, think again)';
const ONCE = 'decisions.md: an action cannot be started twice for the same item while one is under way';
const TOASTS = 'spec §8: non-200 → toast with the server msg; success → toast "operation succeeded", list refreshed';

/** What an action done after confirmation must do. */
export const confirmedActionOracle: Oracle<SnapshotFrom<ConfirmedActionMachine>> = {
  chart: 'confirmedAction',
  view: (snapshot) => {
    const view = connectConfirmedAction(snapshot, () => {});
    return { confirming: view.isConfirming, busy: view.isBusy, itemId: view.itemId, lastDone: view.lastDoneId };
  },
  promises: [
    {
      id: 'asks-before-acting',
      says: 'Asking about an item opens the question and sends nothing.',
      source: CONFIRM,
      rule: { kind: 'always', if: { all: [{ input: 'ASK' }, { saw: { busy: false, confirming: false } }] }, then: { all: [{ sees: { confirming: true, itemId: { sameAs: 'input.item.id' } } }, { not: { call: 'act' } }] } },
    },
    {
      id: 'confirm-acts-on-the-item',
      says: 'Confirming does it to the item asked about.',
      source: CONFIRM,
      rule: { kind: 'always', if: { all: [{ input: 'CONFIRM' }, { saw: { confirming: true } }] }, then: { call: 'act', with: { id: { sameAs: 'saw.itemId' } } } },
    },
    {
      id: 'only-confirmed-acts',
      says: 'Nothing is done without a confirmation, and one confirmation does it once.',
      source: `${CONFIRM}; ${ONCE}`,
      rule: { kind: 'needs', what: { call: 'act' }, each: { input: 'CONFIRM' } },
    },
    {
      id: 'done-shows-at-once',
      says: 'An item the server accepted the action on is marked done at once (a revoked share\'s link and codes disappear), before the list loads again.',
      source: 'issue 24 §5: a revoked share\'s link, code and QR disappear at once from the owner\'s screen',
      rule: { kind: 'always', if: { input: 'answer:act', with: { output: { ok: true } } }, then: { sees: { lastDone: { sameAs: 'saw.itemId' } } } },
    },
    {
      id: 'refused-not-done',
      says: 'An item the server refused, or did not answer about, is not marked done.',
      source: 'issue 24 §5',
      rule: { kind: 'always', if: { input: ['answer:act', 'failure:act'], with: { output: { not: { ok: true } } } }, then: { sees: { lastDone: { sameAs: 'saw.lastDone' } } } },
    },
    {
      id: 'thinking-again-closes',
      says: 'Thinking again closes the question.',
      source: CONFIRM,
      rule: { kind: 'always', if: { input: 'DISMISS' }, then: { sees: { confirming: false } } },
    },
    {
      id: 'no-second-while-busy',
      says: 'While one is under way, asking about another item opens nothing.',
      source: ONCE,
      rule: { kind: 'always', if: { all: [{ input: 'ASK' }, { saw: { busy: true } }] }, then: { sees: { confirming: false, busy: true } } },
    },
    {
      id: 'done-says-and-refreshes',
      says: 'Done: "operation succeeded", and the list is loaded again.',
      source: TOASTS,
      rule: { kind: 'always', if: { input: 'answer:act', with: { output: { ok: true } } }, then: { all: [{ effect: 'showToast', with: { message: 'done' } }, { effect: 'refreshList' }] } },
    },
    {
      id: 'refusal-shows-server-message',
      says: 'Refused: the server\'s message is shown.',
      source: TOASTS,
      rule: { kind: 'always', if: { input: 'answer:act', with: { output: { ok: false } } }, then: { effect: 'showToast', with: { message: 'refused', serverMessage: { sameAs: 'input.output.message' } } } },
    },
    {
      id: 'failure-goes-to-catalogue',
      says: 'No answer: the error catalogue says where it goes.',
      source: 'spec §8',
      rule: { kind: 'always', if: { input: 'failure:act' }, then: { effect: 'reportFailure' } },
    },
    {
      id: 'refresh-only-after-an-answer',
      says: 'The list is loaded again only after the server was asked.',
      source: TOASTS,
      rule: { kind: 'always', if: { effect: 'refreshList' }, then: { input: ['answer:act', 'failure:act'] } },
    },
  ],
};
