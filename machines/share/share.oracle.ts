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
      id: 'shares-this-study',
      says: 'The share is made for the study the panel was opened on.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'createShare' }, then: { call: 'createShare', with: { collectFilmId: { sameAs: 'start.collectFilmId' } } } },
    },
    {
      id: 'expiry-choice-shown',
      says: 'The expiry the patient picks is the one shown.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'CHOOSE_DAYS' }, { not: { saw: { share: { present: true } } } }, { saw: { creating: false } }] }, then: { sees: { days: { sameAs: 'input.days' } } } },
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
      id: 'refusal-and-silence-told-apart',
      says: 'A refusal (the study can no longer be shared) and no answer at all are told apart; the chosen expiry stays for another try.',
      source: 'issue 13: faults get a clear message',
      rule: {
        kind: 'always',
        if: { input: ['failure:createShare', 'answer:createShare'] },
        then: {
          any: [
            { all: [{ input: 'failure:createShare' }, { sees: { problem: 'offline', days: { sameAs: 'saw.days' } } }] },
            { all: [{ input: 'answer:createShare', with: { output: { ok: false } } }, { sees: { problem: 'refused', days: { sameAs: 'saw.days' } } }] },
            { all: [{ input: 'answer:createShare', with: { output: { ok: true } } }, { sees: { problem: null } }] },
          ],
        },
      },
    },
    {
      id: 'card-is-this-share',
      says: 'Inside WeChat the card sent to a friend is the share just made.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'prepareCard' }, then: { call: 'prepareCard', with: { url: { sameAs: 'sees.share.url' }, accessCode: { sameAs: 'sees.share.accessCode' } } } },
    },
    {
      id: 'card-outcome-shown',
      says: 'Whether the card is ready, unavailable (outside WeChat) or failed is shown as it came; a card that could not be prepared counts as failed.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: ['answer:prepareCard', 'failure:prepareCard'] },
        then: { any: [{ all: [{ input: 'answer:prepareCard' }, { sees: { card: { sameAs: 'input.output' } } }] }, { all: [{ input: 'failure:prepareCard' }, { sees: { card: 'failed' } }] }] },
      },
    },
    {
      id: 'copies-the-share-shown',
      says: 'What goes on the clipboard is the share on screen: its link and access code.',
      source: ISSUE,
      rule: { kind: 'always', if: { effect: 'writeClipboard' }, then: { all: [{ saw: { share: { present: true } } }, { effect: 'writeClipboard', with: { url: { sameAs: 'saw.share.url' }, accessCode: { sameAs: 'saw.share.accessCode' } } }] } },
    },
    {
      id: 'again-starts-fresh',
      says: 'Making another share clears the one shown (link, card, "copied") and asks nothing until the patient creates again.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'AGAIN' }, { saw: { share: { present: true } } }] },
        then: { all: [{ sees: { share: null, card: null, copied: false } }, { not: { call: 'createShare' } }] },
      },
    },
    {
      id: 'copy-puts-link-on-clipboard',
      says: 'Copying puts the share on the clipboard and says so.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'COPY' }, { saw: { share: { present: true } } }] }, then: { all: [{ effect: 'writeClipboard' }, { sees: { copied: true } }] } },
    },
  ],
};
