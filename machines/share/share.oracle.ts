import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectShare } from './share.connect';
import type { ShareMachine } from './share.machine';

const ISSUE = 'issue 13 §3: create a share with an expiry (1, 7 or 30 days) and an access code; show it as a link, the code and a QR code, and inside WeChat as a share card';
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';

/** What making a share must do. */
export const shareOracle: Oracle<SnapshotFrom<ShareMachine>> = {
  chart: 'share',
  view: (snapshot) => {
    const view = connectShare(snapshot, () => {});
    return { days: view.days, creating: view.isCreating, share: view.share, card: view.card, problem: view.problem, copied: view.copied };
  },
  promises: [
    {
      id: 'creates-with-chosen-expiry',
      says: 'The share lasts as long as the patient chose.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'createShare' }, then: { call: 'createShare', with: { days: { sameAs: 'saw.days' } } } },
    },
    {
      id: 'one-share-per-tap',
      says: 'One tap makes one share.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'createShare' }, each: { input: 'CREATE' } },
    },
    {
      id: 'shows-what-server-made',
      says: 'The link and code shown are the ones the server made, and the list shows the new share.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:createShare', with: { output: { ok: true } } },
        then: { all: [{ sees: { share: { url: { sameAs: 'input.output.share.url' }, accessCode: { sameAs: 'input.output.share.accessCode' } } } }, { effect: 'refreshList' }, { call: 'prepareCard' }] },
      },
    },
    {
      id: 'failure-said',
      says: 'A refusal or no answer is said; nothing is shown as shared.',
      source: 'issue 13: faults get a clear message',
      rule: { kind: 'always', if: { input: ['failure:createShare', 'answer:createShare'], with: { output: { ok: false } } }, then: { sees: { share: null, problem: { present: true } } } },
    },
    {
      id: 'copy-puts-link-on-clipboard',
      says: 'Copying puts the share on the clipboard and says so.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'COPY' }, { saw: { share: { present: true } } }] }, then: { all: [{ effect: 'writeClipboard' }, { sees: { copied: true } }] } },
    },
  ],
};
