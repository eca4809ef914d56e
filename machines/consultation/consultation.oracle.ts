import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectConsultation } from './consultation.connect';
import type { ConsultationMachine } from './consultation.machine';

const ISSUE = "issue 14 (diagnose): the hospital's online consultation service opens for the patient (and the study); only an address whose origin the app allows is opened";
const BACK = 'decisions.md: back returns to the page the patient came from; a page the app left must not send the patient away again by itself';
const ERRORS = 'decisions.md: a failure is an error the user is told about, never a blank screen; spec §8';
const TOLD = "issue 24 §11: before leaving for the consultation service, the patient is told what is sent and to whom, and nothing is sent until they continue; cancel keeps them where they were";
const GO = { input: 'answer:ask', with: { output: { kind: 'go' } } } as const;
const CONFIRMING = { saw: { confirming: { present: true } } } as const;

/** What the diagnose page must do. */
export const consultationOracle: Oracle<SnapshotFrom<ConsultationMachine>> = {
  chart: 'consultation',
  view: (snapshot) => {
    const view = connectConsultation(snapshot, () => {});
    return {
      asking: view.isAsking,
      wasAway: view.wasAway,
      failed: view.isFailed,
      ready: view.ready?.url ?? null,
      nothingSent: view.nothingSent,
      confirming: view.confirming,
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
      id: 'says-what-is-sent-first',
      says: 'An allowed consultation page does not open at once: the patient is told what opening it sends, read from that very address, and to which site.',
      source: TOLD,
      rule: {
        kind: 'always',
        if: { all: [GO, { saw: { wasAway: false } }] },
        then: {
          all: [
            { not: { effect: 'goTo' } },
            { sees: { confirming: { url: { sameAs: 'input.output.url' }, sends: { sameAs: 'input.output.sends' } }, ready: { sameAs: 'input.output.url' }, goingTo: null } },
          ],
        },
      },
    },
    {
      id: 'continue-opens',
      says: 'Continuing opens the page the patient was told about, its address shown to tap should the browser not go.',
      source: TOLD,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'CONFIRM' }, CONFIRMING] },
        then: { all: [{ effect: 'goTo', with: { url: { sameAs: 'saw.confirming.url' } } }, { sees: { goingTo: { sameAs: 'saw.confirming.url' }, confirming: null } }] },
      },
    },
    {
      id: 'cancel-sends-nothing',
      says: 'Cancelling sends nothing and leaves the patient on the page they were on.',
      source: TOLD,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'CANCEL' }, CONFIRMING] },
        then: {
          all: [
            { not: { effect: 'goTo' } },
            { sees: { confirming: null, goingTo: null, ready: { sameAs: 'saw.ready' }, cameBackFrom: { sameAs: 'saw.cameBackFrom' } } },
          ],
        },
      },
    },
    {
      id: 'cancel-says-nothing-sent',
      says: 'Cancelled before ever leaving, the page says nothing was sent.',
      source: TOLD,
      rule: { kind: 'always', if: { all: [{ input: 'CANCEL' }, CONFIRMING, { saw: { ready: { present: true } } }] }, then: { sees: { nothingSent: true } } },
    },
    {
      id: 'back-waits-for-the-patient',
      says: 'Back on this page from the consultation page, the page waits for the patient instead of going again.',
      source: BACK,
      rule: {
        kind: 'always',
        if: { all: [GO, { saw: { wasAway: true } }] },
        then: { all: [{ not: { effect: 'goTo' } }, { sees: { goingTo: null, confirming: null, cameBackFrom: { sameAs: 'input.output.url' } } }] },
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
      says: 'Opening again (back from the page, or after cancelling) says again what the same page sends before anything goes.',
      source: TOLD,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'OPEN_AGAIN' }, { any: [{ saw: { cameBackFrom: { present: true } } }, { saw: { ready: { present: true } } }] }] },
        then: {
          all: [
            { not: { effect: 'goTo' } },
            { any: [{ sees: { confirming: { url: { sameAs: 'saw.cameBackFrom' } } } }, { sees: { confirming: { url: { sameAs: 'saw.ready' } } } }] },
          ],
        },
      },
    },
    {
      id: 'goes-only-when-confirmed',
      says: 'Nothing leaves for the consultation page before the patient, told what is sent, continues: each opening needs its own "continue".',
      source: TOLD,
      rule: { kind: 'needs', what: { effect: 'goTo' }, each: { all: [{ input: 'CONFIRM' }, CONFIRMING] } },
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
