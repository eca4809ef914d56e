import type { SnapshotFrom } from 'xstate';
import type { ChartPromise, Oracle } from '../oracle';
import { connectCollect } from './collect.connect';
import type { CollectMachine } from './collect.machine';

const ISSUE = 'issue 13 §1: identify, image code, SMS code with resend countdown; wrong, expired, too many attempts each said plainly';
const KEEP = 'issue 13 §1: nothing typed is lost on a failure';
const FIELDS_KEPT = { fields: { idCard: { sameAs: 'saw.fields.idCard' }, name: { sameAs: 'saw.fields.name' }, phone: { sameAs: 'saw.fields.phone' } } } as const;
const LIMITS = 'issue 22 §2: every public lookup needs a fresh image code and is limited per client and per target; the bag code leads to the SMS step; limit refusals say the wait in the form';
const CALLS = ['loadCaptcha', 'checkIdentity', 'readBag', 'sendCode', 'verifyCode', 'resendCode'];
const ANSWERS = CALLS.flatMap((call) => [`answer:${call}`, `failure:${call}`]);
/** The lookups that can reveal a person or a study. */
const LOOKUPS = ['checkIdentity', 'readBag', 'sendCode'];
const ACCEPTED_IDENTITY = { input: 'answer:checkIdentity', with: { output: { ok: true } } } as const;

/** What collecting a study with an SMS code must do. */
export const collectOracle: Oracle<SnapshotFrom<CollectMachine>> = {
  chart: 'collect',
  quietMs: 60_000,
  view: (snapshot) => {
    const view = connectCollect(snapshot, () => {});
    return {
      step: view.step,
      fields: view.fields,
      code: view.code,
      problem: view.problem,
      attemptsLeft: view.attemptsLeft,
      retryAfterSeconds: view.retryAfterSeconds,
      captchaId: view.captcha?.captchaId ?? null,
      bagCode: view.bagCode,
      bag: view.bag,
      busy: view.isBusy,
      canType: view.canType,
      canSend: view.canSend,
      canResend: view.canResend,
      locked: view.isLocked,
    };
  },
  promises: [
    {
      id: 'page-shows-the-step',
      says: 'Each step is shown where it belongs: when the step changes, the page of that step is told (the guest\'s steps are two pages).',
      source: 'issue 13 §1: newCheck asks who you are and sends the SMS code; verification takes the code, and without a code sent goes back to newCheck',
      rule: {
        kind: 'always',
        if: { all: [{ not: { sees: { step: 'verified' } } }, { any: [{ input: 'start' }, { not: { saw: { step: { sameAs: 'sees.step' } } } }] }] },
        then: { effect: 'showStep', with: { step: { sameAs: 'sees.step' } } },
      },
    },
    {
      id: 'form-takes-typing',
      says: 'The form takes typing whenever it shows, while the image code or the bag still load too; only while it is being sent does it wait.',
      source: KEEP,
      rule: {
        kind: 'always',
        if: { sees: { step: 'identify', canType: false } },
        then: { any: LOOKUPS.flatMap((call) => [{ call }, { pending: call }]) },
      },
    },
    {
      id: 'sends-only-a-valid-form',
      says: 'Nothing leaves the phone until the form\'s rules pass (the national ID by spec §5).',
      source: `${ISSUE}; spec §5`,
      rule: { kind: 'needs', what: { call: 'checkIdentity' }, each: { input: 'SEND', with: { problem: null } } },
    },
    {
      id: 'invalid-form-says-why',
      says: 'A form the rules refuse says what is wrong and sends nothing.',
      source: `${ISSUE}; spec §5`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'SEND', with: { problem: { not: null } } }, { saw: { canSend: true } }] },
        then: { all: [{ sees: { problem: { sameAs: 'input.problem' } } }, { not: { call: 'checkIdentity' } }] },
      },
    },
    {
      id: 'code-after-identity',
      says: 'A code is sent only to a person the hospital knows: each send follows an identity check that passed.',
      source: ISSUE,
      rule: { kind: 'needs', what: { call: 'sendCode' }, each: ACCEPTED_IDENTITY },
    },
    ...LOOKUPS.map((call): ChartPromise => ({
      id: `${call}-carries-image-code`,
      says: `No lookup goes out without an answered image code: ${call} carries the image code shown and the answer typed for it.`,
      source: LIMITS,
      rule: {
        kind: 'always',
        if: { call },
        then: {
          all: [
            { call, with: { captchaId: { present: true } } },
            { call, with: { captchaId: { sameAs: 'saw.captchaId' }, fields: { captchaText: { sameAs: 'saw.fields.captchaText' } } } },
          ],
        },
      },
    })),
    {
      id: 'bag-hint-after-identity',
      says: "The film bag's study is asked for only after an identity check passed, with the same person and bag.",
      source: LIMITS,
      rule: { kind: 'needs', what: { call: 'readBag' }, each: ACCEPTED_IDENTITY },
    },
    {
      id: 'bag-hint-read-for-bag',
      says: "Someone who came with a film bag and passed the identity check sees the bag's study: it is asked for, for that bag.",
      source: `${LIMITS}; issue 13 §1`,
      rule: {
        kind: 'always',
        if: { all: [ACCEPTED_IDENTITY, { saw: { bagCode: { present: true } } }] },
        then: { call: 'readBag', with: { bagCode: { sameAs: 'saw.bagCode' } } },
      },
    },
    {
      id: 'bag-hint-shown',
      says: "The bag's study, once read, shows.",
      source: 'issue 13 §1',
      rule: { kind: 'always', if: { input: 'answer:readBag', with: { output: { ok: true } } }, then: { sees: { bag: { sameAs: 'input.output.value' } } } },
    },
    {
      id: 'bag-leads-to-code',
      says: "The bag's hint never stops the code: read or not, the code is sent next.",
      source: LIMITS,
      rule: { kind: 'always', if: { input: ['answer:readBag', 'failure:readBag'] }, then: { call: 'sendCode' } },
    },
    {
      id: 'unknown-bag-forgotten',
      says: 'An unknown film bag code is said, and the patient goes on without it.',
      source: 'issue 13 §1',
      rule: {
        kind: 'always',
        if: { input: 'answer:checkIdentity', with: { output: { ok: false, problem: 'bagUnknown' } } },
        then: { sees: { problem: 'bagUnknown', bagCode: null, bag: null } },
      },
    },
    {
      id: 'refused-image-code-replaced',
      says: 'When a lookup is refused (a wrong image code, an unknown person, a limit), the reason shows and a new image code comes: the old one is used up or opens only what was typed.',
      source: `${ISSUE}; ${LIMITS}`,
      rule: {
        kind: 'always',
        if: { input: ['answer:checkIdentity', 'answer:sendCode'], with: { output: { ok: false } } },
        then: { all: [{ call: 'loadCaptcha' }, { sees: { problem: { sameAs: 'input.output.problem' } } }] },
      },
    },
    {
      id: 'rate-refusal-shows-wait',
      says: 'A rate refusal shows the wait in the form, on the same page, and keeps what was typed (the code too).',
      source: LIMITS,
      rule: {
        kind: 'always',
        if: { input: ['answer:loadCaptcha', 'answer:checkIdentity', 'answer:sendCode', 'answer:verifyCode', 'answer:resendCode'], with: { output: { ok: false, problem: 'rateLimited' } } },
        then: {
          sees: {
            step: { sameAs: 'saw.step' },
            problem: 'rateLimited',
            retryAfterSeconds: { sameAs: 'input.output.retryAfterSeconds' },
            code: { sameAs: 'saw.code' },
            ...FIELDS_KEPT,
          },
        },
      },
    },
    {
      id: 'typed-is-kept',
      says: 'Whatever the server answers, what the patient typed stays.',
      source: KEEP,
      rule: { kind: 'always', if: { input: ANSWERS }, then: { sees: FIELDS_KEPT } },
    },
    {
      id: 'wrong-code-says-tries-left',
      says: 'A wrong code says so, with how many tries are left, and clears the box for the next.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:verifyCode', with: { output: { ok: false, problem: 'codeWrong' } } },
        then: { sees: { problem: 'codeWrong', attemptsLeft: { sameAs: 'input.output.attemptsLeft' }, code: '' } },
      },
    },
    {
      id: 'expired-code-says-so',
      says: 'An expired code says it expired.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:verifyCode', with: { output: { ok: false, problem: 'codeExpired' } } }, then: { sees: { problem: 'codeExpired', locked: false } } },
    },
    {
      id: 'too-many-attempts-locks',
      says: 'Too many wrong codes end the verification, and say so.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:verifyCode', with: { output: { ok: false, problem: 'tooManyAttempts' } } }, then: { sees: { problem: 'tooManyAttempts', locked: true } } },
    },
    {
      id: 'locked-checks-nothing',
      says: 'After the verification ended, no code is checked until the patient starts over.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'SUBMIT' }, { saw: { locked: true } }] }, then: { not: { call: 'verifyCode' } } },
    },
    {
      id: 'one-check-at-a-time',
      says: 'A second tap while a code is being checked checks nothing more.',
      source: 'decisions.md: an action cannot be started twice while one is under way',
      rule: { kind: 'always', if: { all: [{ input: 'SUBMIT' }, { pending: 'verifyCode' }] }, then: { not: { call: 'verifyCode' } } },
    },
    {
      id: 'resend-waits',
      says: 'Sending again becomes possible exactly when the server\'s wait is over (a minute, or what a refusal says; issue 22: a limit\'s too).',
      source: ISSUE,
      rule: {
        kind: 'timing',
        what: { all: [{ input: 'time' }, { saw: { canResend: false } }, { sees: { canResend: true } }] },
        when: [
          { since: { input: ['answer:sendCode', 'answer:resendCode'], with: { output: { ok: true } } }, ms: 60_000 },
          { since: { input: 'start' }, ms: 60_000 },
          { since: { input: 'answer:resendCode', with: { output: { ok: false, problem: 'resendTooSoon' } } }, ms: 30_000 },
        ],
      },
    },
    {
      id: 'no-resend-before-wait',
      says: 'Before the wait is over, sending again sends nothing.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'RESEND' }, { saw: { canResend: false } }] }, then: { not: { call: 'resendCode' } } },
    },
    {
      id: 'verified-keeps-pass-and-goes-on',
      says: 'A right code keeps the pass it brought and goes on to the studies.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:verifyCode', with: { output: { ok: true } } },
        then: { all: [{ effect: 'storePass', with: { pass: { sameAs: 'input.output.value.pass' } } }, { effect: 'finish' }, { effect: 'notifyCollected' }] },
      },
    },
    {
      id: 'start-over-keeps-form',
      says: 'Starting over goes back to the form with what was typed.',
      source: KEEP,
      rule: { kind: 'always', if: { all: [{ input: 'START_OVER' }, { saw: { step: 'verify' } }] }, then: { sees: { step: 'identify', ...FIELDS_KEPT } } },
    },
  ],
};
