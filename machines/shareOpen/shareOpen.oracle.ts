import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectShareOpen } from './shareOpen.connect';
import type { ShareOpenMachine } from './shareOpen.machine';

const ISSUE = 'issue 13 §3: open a share by its code (public) to see the shared study read-only; an expired or revoked share says so';

/** What opening a share must do. */
export const shareOpenOracle: Oracle<SnapshotFrom<ShareOpenMachine>> = {
  chart: 'shareOpen',
  quietMs: 600_000,
  view: (snapshot) => {
    const view = connectShareOpen(snapshot, () => {});
    return { refusal: view.refusal, problem: view.problem, attemptsLeft: view.attemptsLeft, locked: view.isLocked, opened: view.isOpened, canOpen: view.canOpen, accessCode: view.accessCode };
  },
  promises: [
    {
      id: 'pasted-code-tried-at-once',
      says: 'An access code pasted with the share code is checked as soon as the share is found, without another tap.',
      source: 'issue 24 §5: the share code page opens a share from any text that holds its link or code and access code',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:preview', with: { output: { ok: true } } }, { saw: { accessCode: { not: '' } } }] },
        then: { call: 'open', with: { accessCode: { sameAs: 'saw.accessCode' } } },
      },
    },
    {
      id: 'refusal-said',
      says: 'An expired, revoked or unknown share says which, and takes no code.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: ['answer:preview', 'answer:open'], with: { output: { ok: false, refusal: { present: true } } } }, then: { sees: { refusal: { sameAs: 'input.output.refusal' }, canOpen: false } } },
    },
    {
      id: 'opens-only-with-full-code',
      says: 'The code is checked only when it is complete: the patient taps with a full code, or a code came pasted with the share.',
      source: ISSUE,
      rule: {
        kind: 'needs',
        what: { call: 'open' },
        each: { any: [{ input: 'OPEN', with: { problem: null } }, { all: [{ input: 'answer:preview', with: { output: { ok: true } } }, { saw: { accessCode: { not: '' } } }] }] },
      },
    },
    {
      id: 'wrong-code-says-tries-left',
      says: 'A wrong code says so, with the tries left, and clears the box.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:open', with: { output: { problem: 'codeWrong' } } }, then: { sees: { problem: 'codeWrong', attemptsLeft: { sameAs: 'input.output.attemptsLeft' }, accessCode: '' } } },
    },
    {
      id: 'locked-waits',
      says: 'Too many wrong codes: no code is taken until the server\'s wait is over.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'OPEN' }, { saw: { locked: true } }] }, then: { not: { call: 'open' } } },
    },
    {
      id: 'lock-ends-on-time',
      says: 'The wait ends when the server said.',
      source: ISSUE,
      rule: { kind: 'timing', what: { all: [{ input: 'time' }, { saw: { locked: true } }, { sees: { locked: false } }] }, when: [{ since: { input: 'answer:open', with: { output: { locked: true } } }, ms: 600_000 }] },
    },
    {
      id: 'right-code-opens-read-only',
      says: 'The right code opens the shared study with the pass the server gave.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:open', with: { output: { ok: true } } }, then: { effect: 'openStudy', with: { pass: { sameAs: 'input.output.opened.pass' }, collectFilmId: { sameAs: 'input.output.opened.collectFilmId' } } } },
    },
  ],
};
