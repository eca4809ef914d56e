import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectModify } from './modify.connect';
import type { ModifyMachine } from './modify.machine';

const ISSUE = 'issue 14 §4 (modify): change the display name (1-20 characters), the e-mail address and the avatar; each save says saved';
const EMAIL = 'spec §5: the e-mail rule, checked on the phone with a plain message; issue 14: the server\'s 4602 is said the same way';
const AVATAR = 'issue 14 §4: the avatar is chosen, cropped to a square, compressed on the phone, uploaded with a progress bar, and shows at once';
const KEEP = 'issue 14 §4: failures keep what was typed';
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';

/** What editing the profile must do. */
export const modifyOracle: Oracle<SnapshotFrom<ModifyMachine>> = {
  chart: 'modify',
  view: (snapshot) => {
    const view = connectModify(snapshot, () => {});
    return {
      loadFailed: view.loadFailed,
      avatarUrl: view.user?.avatarUrl ?? null,
      nickName: view.nickName,
      email: view.email,
      notice: view.notice,
      canStart: view.canStart,
      avatar: view.avatar.phase,
      preview: view.avatar.preview,
      progress: view.avatar.percent / 100,
    };
  },
  promises: [
    {
      id: 'loads-record-once-per-try',
      says: 'The record is asked for when the page opens and again only when the patient asks to try again.',
      source: 'issue 14 §4: skeleton while the record loads; failure with retry',
      rule: { kind: 'needs', what: { call: 'loadUser' }, each: { input: ['start', 'RETRY'] } },
    },
    {
      id: 'load-failure-offers-retry',
      says: 'A record that cannot be loaded is said, with a way to try again.',
      source: 'issue 14 §4: failure with retry',
      rule: { kind: 'always', if: { input: 'failure:loadUser' }, then: { sees: { loadFailed: true } } },
    },
    {
      id: 'name-rule-on-phone',
      says: 'A display name outside 1-20 characters is refused on the phone and nothing is sent.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'SAVE_NAME', with: { problem: 'invalid' } }, { saw: { canStart: true } }] },
        then: { all: [{ not: { call: 'saveName' } }, { sees: { notice: { about: 'name', kind: 'invalid' } } }] },
      },
    },
    {
      id: 'email-rule-on-phone',
      says: 'An address the spec §5 rule refuses is said plainly and nothing is sent.',
      source: EMAIL,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'SAVE_EMAIL', with: { problem: 'invalid' } }, { saw: { canStart: true } }] },
        then: { all: [{ not: { call: 'saveEmail' } }, { sees: { notice: { about: 'email', kind: 'invalid' } } }] },
      },
    },
    {
      id: 'saves-what-was-typed',
      says: 'What is saved is what the patient typed.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { any: [{ call: 'saveName' }, { call: 'saveEmail' }] },
        then: { any: [{ call: 'saveName', with: { nickName: { sameAs: 'saw.nickName' } } }, { call: 'saveEmail', with: { email: { sameAs: 'saw.email' } } }] },
      },
    },
    {
      id: 'one-save-per-tap',
      says: 'One tap saves once; a tap while something is being saved sends nothing more.',
      source: ONCE,
      rule: { kind: 'needs', what: { any: [{ call: 'saveName' }, { call: 'saveEmail' }, { call: 'uploadAvatar' }] }, each: { input: ['SAVE_NAME', 'SAVE_EMAIL', 'answer:compressAvatar', 'RETRY_UPLOAD'] } },
    },
    {
      id: 'server-refusal-said-as-rule',
      says: "The server's refusal of a name (4601) or an address (4602) is said as the phone's rule says it.",
      source: EMAIL,
      rule: {
        kind: 'always',
        if: { input: ['answer:saveName', 'answer:saveEmail'], with: { output: { ok: false } } },
        then: { sees: { notice: { kind: 'invalid' } } },
      },
    },
    {
      id: 'saved-said',
      says: 'A save the server took says saved, and tells any screen that keeps the record (profileChanged).',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: ['answer:saveName', 'answer:saveEmail', 'answer:uploadAvatar'], with: { output: { ok: true } } },
        then: { all: [{ sees: { notice: { kind: 'saved' } } }, { effect: 'profileChanged' }] },
      },
    },
    {
      id: 'failure-keeps-typed',
      says: 'When a save gets no answer, what was typed stays and the patient is told.',
      source: KEEP,
      rule: {
        kind: 'always',
        if: { input: ['failure:saveName', 'failure:saveEmail'] },
        then: { sees: { nickName: { sameAs: 'saw.nickName' }, email: { sameAs: 'saw.email' }, notice: { kind: 'offline' } } },
      },
    },
    {
      id: 'avatar-cropped-then-compressed',
      says: 'The picture is made small only as the patient cropped it.',
      source: AVATAR,
      rule: { kind: 'always', if: { call: 'compressAvatar' }, then: { input: 'CROP' } },
    },
    {
      id: 'avatar-compressed-before-upload',
      says: 'Only the avatar made small on the phone is uploaded.',
      source: AVATAR,
      rule: { kind: 'needs', what: { call: 'uploadAvatar' }, each: { input: ['answer:compressAvatar', 'RETRY_UPLOAD'] } },
    },
    {
      id: 'upload-progress-shown',
      says: 'The progress bar shows how much of the avatar has gone.',
      source: AVATAR,
      rule: { kind: 'always', if: { all: [{ input: 'UPLOAD_PROGRESS' }, { saw: { avatar: 'uploading' } }] }, then: { sees: { progress: { sameAs: 'input.progress' } } } },
    },
    {
      id: 'new-avatar-at-once',
      says: 'The new avatar shows as soon as the server has it.',
      source: AVATAR,
      rule: { kind: 'always', if: { input: 'answer:uploadAvatar', with: { output: { ok: true } } }, then: { sees: { avatarUrl: { sameAs: 'input.output.avatarUrl' } } } },
    },
    {
      id: 'upload-failure-keeps-avatar',
      says: 'An upload that failed is said, and the cropped avatar stays to send again.',
      source: KEEP,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'failure:uploadAvatar' }, { input: 'answer:uploadAvatar', with: { output: { ok: false } } }] },
        then: { sees: { avatar: 'failed', preview: { present: true }, notice: { about: 'avatar' } } },
      },
    },
  ],
};
