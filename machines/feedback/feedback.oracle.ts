import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectFeedback } from './feedback.connect';
import type { FeedbackMachine } from './feedback.machine';

const ISSUE = 'issue 14 §3 (feedback): question type (optional), text of 10-500 characters, contact (optional), up to 9 images, sent with an upload progress bar, then a clear receipt or a clear failure that keeps everything';
const DRAFT = 'issue 14 §3: the draft (type, text, contact, images) survives a reload; clientId is made once per draft so a retry after a lost answer is one feedback';
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';
const LIMITS = 'issue 22 (Must show 2, 5): the text rule and the upload quotas; a refused upload tells the patient why, a refusal for sending too often says when to try again';

/** What sending feedback must do. */
export const feedbackOracle: Oracle<SnapshotFrom<FeedbackMachine>> = {
  chart: 'feedback',
  view: (snapshot) => {
    const view = connectFeedback(snapshot, () => {}, () => 'next');
    return {
      clientId: view.clientId,
      typeId: view.typeId,
      content: view.content,
      contact: view.contact,
      quality: view.quality,
      imageCount: view.images.length,
      overfull: view.images.length > view.maxImages,
      room: view.room,
      canEdit: view.canEdit,
      canAct: view.canAct,
      sending: view.isSending,
      progress: view.percent / 100,
      problem: view.problem,
      retryAfterSeconds: view.retryAfterSeconds,
      notice: view.notice,
      receipt: view.receipt,
    };
  },
  promises: [
    {
      id: 'draft-restored',
      says: 'The draft of the last visit comes back as it was, with its clientId.',
      source: DRAFT,
      rule: {
        kind: 'always',
        if: { input: 'answer:loadDraft', with: { output: { present: true } } },
        then: { sees: { clientId: { sameAs: 'input.output.clientId' }, content: { sameAs: 'input.output.content' }, contact: { sameAs: 'input.output.contact' } } },
      },
    },
    {
      id: 'draft-kept-on-change',
      says: 'Every change to the form is kept as the draft.',
      source: DRAFT,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['EDIT', 'CHOOSE_TYPE', 'SET_QUALITY', 'REMOVE_IMAGE'] }, { saw: { canEdit: true } }] },
        then: {
          effect: 'saveDraft',
          with: { clientId: { sameAs: 'sees.clientId' }, content: { sameAs: 'sees.content' }, quality: { sameAs: 'sees.quality' }, images: { length: { sameAs: 'sees.imageCount' } } },
        },
      },
    },
    {
      id: 'images-kept-in-draft',
      says: 'Images added are kept in the draft too.',
      source: DRAFT,
      rule: { kind: 'always', if: { input: 'answer:prepareImages' }, then: { effect: 'saveDraft', with: { images: { length: { sameAs: 'sees.imageCount' } } } } },
    },
    {
      id: 'at-most-nine-images',
      says: 'No more images are taken than the limit; more chosen than there is room for is said.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:prepareImages' }, then: { sees: { overfull: false } } },
    },
    {
      id: 'full-said',
      says: 'With no room left the chooser does not open, and the patient is told why.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['CHOOSE_IMAGES', 'FILES_PICKED'] }, { saw: { room: 0, canAct: true } }] },
        then: { all: [{ not: { call: 'chooseImages' } }, { not: { call: 'prepareImages' } }, { sees: { notice: 'tooMany' } }] },
      },
    },
    {
      id: 'chooser-asks-for-room',
      says: "WeChat's chooser is asked for as many images as there is room for.",
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'chooseImages' }, then: { call: 'chooseImages', with: { room: { sameAs: 'saw.room' } } } },
    },
    {
      id: 'text-rule-on-phone',
      says: 'Text shorter than 10 or longer than 500 characters is said on the phone and nothing is sent.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'SEND', with: { problem: { present: true } } }, { saw: { canAct: true } }] },
        then: { all: [{ not: { call: 'submitFeedback' } }, { sees: { problem: { sameAs: 'input.problem' } } }] },
      },
    },
    {
      id: 'one-feedback-per-tap',
      says: 'One tap sends once; a tap while sending sends nothing more.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'submitFeedback' }, each: { input: 'SEND' } },
    },
    {
      id: 'sends-the-draft',
      says: 'What is sent is the draft the patient sees, with its clientId.',
      source: DRAFT,
      rule: {
        kind: 'always',
        if: { call: 'submitFeedback' },
        then: {
          call: 'submitFeedback',
          with: {
            clientId: { sameAs: 'saw.clientId' },
            typeId: { sameAs: 'saw.typeId' },
            content: { sameAs: 'saw.content' },
            contact: { sameAs: 'saw.contact' },
            quality: { sameAs: 'saw.quality' },
            images: { length: { sameAs: 'saw.imageCount' } },
          },
        },
      },
    },
    {
      id: 'nothing-changes-while-sending',
      says: 'While the feedback is being sent the form does not change.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['EDIT', 'CHOOSE_TYPE', 'SET_QUALITY', 'REMOVE_IMAGE', 'CHOOSE_IMAGES', 'FILES_PICKED'] }, { saw: { sending: true } }] },
        then: { all: [{ not: { effect: 'saveDraft' } }, { sees: { content: { sameAs: 'saw.content' }, imageCount: { sameAs: 'saw.imageCount' } } }] },
      },
    },
    {
      id: 'progress-shown',
      says: 'The progress bar shows how much has gone.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'UPLOAD_PROGRESS' }, { saw: { sending: true } }] }, then: { sees: { progress: { sameAs: 'input.progress' } } } },
    },
    {
      id: 'failure-keeps-everything',
      says: 'A refusal or no answer is said, and everything stays to send again as the same feedback.',
      source: `${ISSUE}; ${DRAFT}`,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'failure:submitFeedback' }, { input: 'answer:submitFeedback', with: { output: { ok: false } } }] },
        then: {
          sees: {
            clientId: { sameAs: 'saw.clientId' },
            content: { sameAs: 'saw.content' },
            contact: { sameAs: 'saw.contact' },
            imageCount: { sameAs: 'saw.imageCount' },
            problem: { present: true },
            receipt: null,
            canAct: true,
          },
        },
      },
    },
    {
      id: 'refusal-says-why',
      says: "A refusal is said with the server's reason, and one for sending too often with the wait.",
      source: LIMITS,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitFeedback', with: { output: { ok: false } } },
        then: { sees: { problem: { sameAs: 'input.output.problem' }, retryAfterSeconds: { sameAs: 'input.output.retryAfterSeconds' } } },
      },
    },
    {
      id: 'wait-forgotten-on-edit',
      says: 'Once the patient changes the form, the last refusal and its wait are no longer said.',
      source: LIMITS,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'EDIT' }, { saw: { canEdit: true } }] },
        then: { sees: { problem: null, retryAfterSeconds: null } },
      },
    },
    {
      id: 'receipt-shown-draft-cleared',
      says: 'Once received, the receipt with its feedback id is shown and the draft is gone.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitFeedback', with: { output: { ok: true } } },
        then: { all: [{ sees: { receipt: { feedbackId: { sameAs: 'input.output.receipt.feedbackId' } } } }, { effect: 'clearDraft' }] },
      },
    },
  ],
};
