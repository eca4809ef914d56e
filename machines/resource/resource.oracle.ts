import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectResource } from './resource.connect';
import type { ResourceMachine } from './resource.machine';

const ERRORS = 'decisions.md: a failure is an error the user is told about, never a blank screen; spec §8';

/** What a screen that loads one thing must do. */
export const resourceOracle: Oracle<SnapshotFrom<ResourceMachine>> = {
  chart: 'resource',
  view: (snapshot) => {
    const view = connectResource(snapshot, () => {});
    return { shown: view.data !== null, data: view.data, isFailed: view.isFailed, isLoading: view.isLoading };
  },
  promises: [
    {
      id: 'asks-for-its-request',
      says: 'It asks for what it was opened with.',
      source: 'issue 12, items 0–2',
      rule: { kind: 'always', if: { input: 'start' }, then: { all: [{ call: 'load', with: { sameAs: 'input.input.request' } }, { sees: { isLoading: true } }] } },
    },
    {
      id: 'answer-shows',
      says: 'What arrives is shown.',
      source: 'issue 12, items 0–2',
      rule: { kind: 'always', if: { input: 'answer:load' }, then: { sees: { shown: true } } },
    },
    {
      id: 'shows-what-arrived',
      says: 'What is shown is what arrived, as it arrived; it is no longer loading, and no failure is shown with it.',
      source: 'issue 12, items 0–2; decisions.md: a failure is an error the user is told about',
      rule: { kind: 'always', if: { input: 'answer:load' }, then: { sees: { data: { sameAs: 'input.output' }, isLoading: false, isFailed: false } } },
    },
    {
      id: 'nothing-shown-before-it-arrives',
      says: 'Nothing is shown until an answer has come: not while loading, not after a failure.',
      source: ERRORS,
      rule: { kind: 'always', if: { sees: { shown: true } }, then: { any: [{ input: 'answer:load' }, { earlier: { input: 'answer:load' } }] } },
    },
    {
      id: 'loading-while-asking',
      says: 'While it asks, the screen says it is loading (a loading screen, not a blank one), and no failure is shown.',
      source: `${ERRORS}; spec §4, loading states`,
      rule: { kind: 'always', if: { call: 'load' }, then: { sees: { isLoading: true, isFailed: false, shown: false } } },
    },
    {
      id: 'failure-is-told',
      says: 'A failure goes where the error catalogue says and the screen offers to try again.',
      source: ERRORS,
      rule: { kind: 'always', if: { input: 'failure:load' }, then: { all: [{ effect: 'reportFailure', with: { error: { sameAs: 'input.error' } } }, { sees: { isFailed: true, shown: false } }] } },
    },
    {
      id: 'retry-asks-again',
      says: 'Trying again asks again, for the same thing.',
      source: ERRORS,
      rule: { kind: 'always', if: { all: [{ input: 'RETRY' }, { saw: { isFailed: true } }] }, then: { call: 'load', with: { sameAs: 'start.request' } } },
    },
    {
      id: 'reload-asks-again',
      says: 'Told that what it shows changed (a purchase, a refusal), the screen asks for it again, unless it is asking already.',
      source: 'issue 23 §1: the resource chart has a RELOAD event; the parent decides what to reload',
      rule: { kind: 'always', if: { all: [{ input: 'RELOAD' }, { not: { pending: 'load' } }] }, then: { call: 'load' } },
    },
    {
      id: 'asks-only-when-needed',
      says: 'It asks once on opening and once per "try again", never by itself.',
      source: ERRORS,
      rule: { kind: 'needs', what: { call: 'load' }, each: { any: [{ input: 'start' }, { input: 'RETRY' }, { input: 'RELOAD' }] } },
    },
  ],
};
