import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectShareEntry } from './shareEntry.connect';
import type { ShareEntryMachine } from './shareEntry.machine';

const ISSUE = 'issue 24 §5: the share code page opens a share from any text that holds its link or code and access code (what the copy button copies, a message around it)';

/** What the share code entry must do. */
export const shareEntryOracle: Oracle<SnapshotFrom<ShareEntryMachine>> = {
  chart: 'shareEntry',
  view: (snapshot) => {
    const view = connectShareEntry(snapshot, () => {});
    return { text: view.text, problem: view.problem, opening: view.isOpening };
  },
  promises: [
    {
      id: 'opens-what-was-found',
      says: 'A text that names a share opens that share, with the access code found beside it.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'GO', with: { found: { present: true } } }, { saw: { opening: false } }] },
        then: { effect: 'openShare', with: { code: { sameAs: 'input.found.code' }, accessCode: { sameAs: 'input.found.accessCode' } } },
      },
    },
    {
      id: 'nothing-found-says-so',
      says: 'A text without a share code opens nothing and asks for the share code.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'GO', with: { found: null } }, { saw: { opening: false } }] },
        then: { all: [{ not: { effect: 'openShare' } }, { sees: { problem: 'codeMissing' } }] },
      },
    },
    {
      id: 'opens-once',
      says: 'One share opens per page: a second tap while it opens opens nothing more.',
      source: ISSUE,
      rule: { kind: 'always', if: { saw: { opening: true } }, then: { not: { effect: 'openShare' } } },
    },
    {
      id: 'typing-keeps-text',
      says: 'What is typed or pasted stays in the box as it was given, and a new text clears the last problem.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'TYPE' }, { saw: { opening: false } }] }, then: { sees: { text: { sameAs: 'input.text' }, problem: null } } },
    },
  ],
};
