import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectConsultation } from './consultation.connect';
import type { ConsultationMachine } from './consultation.machine';

const ISSUE = "issue 14 (diagnose): the hospital's online consultation service opens for the patient (and the study); only an address whose origin the app allows is opened";
const BACK = 'decisions.md: back returns to the page the patient came from; a page the app left must not send the patient away again by itself';
const ERRORS = 'decisions.md: a failure is an error the user is told about, never a blank screen; spec §8';
const GO = { input: 'answer:ask', with: { output: { kind: 'go' } } } as const;

/** What the diagnose page must do. */
export const consultationOracle: Oracle<SnapshotFrom<ConsultationMachine>> = {
  chart: 'consultation',
  view: (snapshot) => {
    const view = connectConsultation(snapshot, () => {});
    return {
      asking: view.isAsking,
      wasAway: view.wasAway,
      failed: view.isFailed,
      goingTo: view.goingTo,
      cameBackFrom: view.cameBackFrom,
      refusedOrigin: view.refusedOrigin,
      notOffered: view.isNotOffered,
      declined: view.declined,
    };
  },
  promises: [
    {
      id: 'asks-about-the-study',
      says: 'The consultation is asked for the study the page was opened with.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'start' }, then: { all: [{ call: 'ask', with: { collectFilmId: { sameAs: 'input.input.collectFilmId' } } }, { sees: { asking: true } }] } },
    },
    {
      id: 'allowed-page-opens',
      says: 'An allowed consultation page opens, its address shown to tap should the browser not go.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [GO, { saw: { wasAway: false } }] },
        then: { all: [{ effect: 'goTo', with: { url: { sameAs: 'input.output.url' } } }, { sees: { goingTo: { sameAs: 'input.output.url' } } }] },
      },
    },
    {
      id: 'back-waits-for-the-patient',
      says: 'Back on this page from the consultation page, the page waits for the patient instead of going again.',
      source: BACK,
      rule: {
        kind: 'always',
        if: { all: [GO, { saw: { wasAway: true } }] },
        then: { all: [{ not: { effect: 'goTo' } }, { sees: { goingTo: null, cameBackFrom: { sameAs: 'input.output.url' } } }] },
      },
    },
    {
      id: 'never-bounces-back',
      says: 'Coming back from the consultation page does not go there again by itself; it can be opened again.',
      source: BACK,
      rule: {
        kind: 'always',
        if: { input: 'CAME_BACK' },
        then: { all: [{ not: { effect: 'goTo' } }, { sees: { wasAway: true } }, { any: [{ saw: { goingTo: null } }, { sees: { goingTo: null, cameBackFrom: { sameAs: 'saw.goingTo' } } }] }] },
      },
    },
    {
      id: 'opens-again-on-tap',
      says: 'Open again opens the same consultation page.',
      source: BACK,
      rule: { kind: 'always', if: { all: [{ input: 'OPEN_AGAIN' }, { saw: { cameBackFrom: { present: true } } }] }, then: { effect: 'goTo', with: { url: { sameAs: 'saw.cameBackFrom' } } } },
    },
    {
      id: 'goes-only-to-an-answer',
      says: 'The consultation page opens only on an answer that leads there, or when the patient asks.',
      source: ISSUE,
      rule: { kind: 'needs', what: { effect: 'goTo' }, each: { any: [GO, { input: 'OPEN_AGAIN' }] } },
    },
    {
      id: 'refused-origin-said',
      says: 'An address outside the allowed origins is not opened; its origin is said.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:ask', with: { output: { kind: 'refused' } } },
        then: { all: [{ not: { effect: 'goTo' } }, { sees: { refusedOrigin: { origin: { sameAs: 'input.output.origin' } }, goingTo: null } }] },
      },
    },
    {
      id: 'not-offered-said',
      says: 'A hospital that does not offer consultations is said so.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:ask', with: { output: { kind: 'notOffered' } } }, then: { sees: { notOffered: true, goingTo: null } } },
    },
    {
      id: 'declined-in-its-words',
      says: "The server's refusal is said in its words, and the patient can ask again.",
      source: ERRORS,
      rule: { kind: 'always', if: { input: 'answer:ask', with: { output: { kind: 'declined' } } }, then: { sees: { declined: { sameAs: 'input.output.message' }, goingTo: null } } },
    },
    {
      id: 'failure-said',
      says: 'No answer is said, with a way to try again.',
      source: ERRORS,
      rule: { kind: 'always', if: { input: 'failure:ask' }, then: { sees: { failed: true, goingTo: null } } },
    },
    {
      id: 'asks-again-on-tap',
      says: 'Trying again, or asking again after a refusal, asks again.',
      source: ERRORS,
      rule: {
        kind: 'always',
        if: { any: [{ all: [{ input: 'RETRY' }, { saw: { failed: true } }] }, { all: [{ input: 'ASK_AGAIN' }, { saw: { declined: { present: true } } }] }] },
        then: { all: [{ call: 'ask' }, { sees: { asking: true, declined: null } }] },
      },
    },
    {
      id: 'asks-only-when-needed',
      says: 'It asks once on opening and once per "try again", never by itself.',
      source: ERRORS,
      rule: { kind: 'needs', what: { call: 'ask' }, each: { any: [{ input: 'start' }, { input: 'RETRY' }, { input: 'ASK_AGAIN' }] } },
    },
  ],
};
