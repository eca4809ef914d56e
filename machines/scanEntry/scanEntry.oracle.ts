import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectScanEntry } from './scanEntry.connect';
import type { ScanEntryMachine } from './scanEntry.machine';

const ISSUE = "issue 14 (scanner): \"scan the film bag\" opens WeChat's scanner inside WeChat; elsewhere, or when it fails, the code can be typed; a bag's code opens the collect form for that bag";
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';
const ERRORS = 'decisions.md: a failure is an error the user is told about, never a blank screen';

/** What the scan entry must do. */
export const scanEntryOracle: Oracle<SnapshotFrom<ScanEntryMachine>> = {
  chart: 'scanEntry',
  view: (snapshot) => {
    const view = connectScanEntry(snapshot, () => {});
    return { scanning: view.isScanning, typing: view.isTyping, typed: view.typed, problem: view.problem };
  },
  promises: [
    {
      id: 'one-scanner-per-tap',
      says: 'One tap opens the scanner once; a tap while it is open does nothing.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'scan' }, each: { input: 'SCAN' } },
    },
    {
      id: 'scanned-bag-opens-collect',
      says: "A scanned bag's code opens the collect form for that bag.",
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:scan', with: { output: { code: { present: true } } } },
        then: { all: [{ effect: 'openBag', with: { code: { sameAs: 'input.output.code' } } }, { sees: { scanning: false, typing: false, problem: null } }] },
      },
    },
    {
      id: 'typed-bag-opens-collect',
      says: "A typed bag's code opens the collect form for that bag and shuts the dialog.",
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'SUBMIT', with: { code: { present: true } } }, { saw: { typing: true } }] },
        then: { all: [{ effect: 'openBag', with: { code: { sameAs: 'input.code' } } }, { sees: { typing: false, problem: null } }] },
      },
    },
    {
      id: 'only-a-bag-opens-collect',
      says: "Only a bag's code opens the collect form.",
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'SUBMIT', with: { code: null } }, { input: 'answer:scan', with: { output: { code: null } } }] },
        then: { not: { effect: 'openBag' } },
      },
    },
    {
      id: 'not-a-bag-said',
      says: "Something that is no bag's code is said in the dialog, which stays open to type the code.",
      source: ERRORS,
      rule: {
        kind: 'always',
        if: { any: [{ all: [{ input: 'SUBMIT', with: { code: null } }, { saw: { typing: true, typed: { not: '' } } }] }, { input: 'answer:scan', with: { output: { kind: 'scanned', code: null, text: { not: '' } } } }] },
        then: { sees: { typing: true, problem: 'notBag' } },
      },
    },
    {
      id: 'nothing-said-as-nothing',
      says: 'Nothing typed or scanned is said as nothing, not as a wrong code.',
      source: ERRORS,
      rule: {
        kind: 'always',
        if: { any: [{ all: [{ input: 'SUBMIT', with: { code: null } }, { saw: { typing: true, typed: '' } }] }, { input: 'answer:scan', with: { output: { kind: 'scanned', code: null, text: '' } } }] },
        then: { sees: { typing: true, problem: 'empty' } },
      },
    },
    {
      id: 'no-scanner-type-instead',
      says: 'Where there is no scanner the dialog opens on an empty field; a failed scanner says it failed.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'answer:scan', with: { output: { kind: { oneOf: ['failed', 'unavailable'] } } } }, { input: 'failure:scan' }] },
        then: { all: [{ sees: { typing: true, typed: '', scanning: false } }, { any: [{ sees: { problem: 'scannerFailed' } }, { input: 'answer:scan', with: { output: { kind: 'unavailable' } } }] }] },
      },
    },
    {
      id: 'cancel-changes-nothing',
      says: 'A cancelled scan leaves the page as it was.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:scan', with: { output: { kind: 'cancelled' } } }, then: { sees: { scanning: false, typing: false, typed: { sameAs: 'saw.typed' } } } },
    },
    {
      id: 'typing-shows-typed',
      says: 'Typing shows what is typed and forgets a problem with it.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'TYPE' }, { saw: { typing: true, problem: { not: 'scannerFailed' } } }] },
        then: { sees: { typed: { sameAs: 'input.value' }, problem: null } },
      },
    },
    {
      id: 'typing-keeps-scanner-failure',
      says: 'That the scanner failed stays said while the code is typed.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'TYPE' }, { saw: { typing: true, problem: 'scannerFailed' } }] },
        then: { sees: { typed: { sameAs: 'input.value' }, problem: 'scannerFailed' } },
      },
    },
    {
      id: 'close-keeps-typed',
      says: 'Closing the dialog forgets the problem and keeps what was typed.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'CLOSE' }, { saw: { typing: true } }] }, then: { sees: { typing: false, problem: null, typed: { sameAs: 'saw.typed' } } } },
    },
  ],
};
