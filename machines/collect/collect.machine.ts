import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import {
  emptyDraft,
  type BagLike,
  type CaptchaLike,
  type CheckIdentityRequest,
  type CodeSentLike,
  type CollectContext,
  type CollectEvent,
  type CollectInput,
  type CollectProblem,
  type LookupRequest,
  type Outcome,
  type ReadBagRequest,
  type ResendCodeRequest,
  type SendCodeRequest,
  type VerifiedLike,
  type VerifyRequest,
} from './collect.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`collect: no ${name} actor provided`));
const sentOf = (context: CollectContext) => present(context.sent, 'code sent', 'collect');
/** Who was typed, with the image code answered for it: what each lookup asks with. */
const lookupOf = (context: CollectContext): LookupRequest => ({
  method: context.method,
  fields: context.fields,
  captchaId: present(context.captcha, 'image code', 'collect').captchaId,
  bagCode: context.bagCode,
});

type Refusal = Extract<Outcome<unknown>, { ok: false }>;
/** A refusal after which this verification can go no further: only starting over helps. */
const ENDS_VERIFICATION: readonly CollectProblem[] = ['tooManyAttempts', 'verificationGone'];
/** A guard: the call was refused with this problem. */
const refusedWith = (problem: CollectProblem) => (_: unknown, outcome: Outcome<unknown>) => !outcome.ok && outcome.problem === problem;
/** The form takes typing whenever it shows, except while what was typed is being sent. */
const TYPING = { EDIT: { actions: 'edit' }, CHOOSE_METHOD: { actions: 'chooseMethod' } } as const;

/**
 * The collect chart: identify (national ID, or name and phone; an image code), get an SMS code,
 * type it. Every refusal keeps what the patient typed and says why (with the wait, for a limit);
 * a used or refused image code is replaced; the film bag's hint is read only after the identity
 * check passed; the code can be sent again once the server's wait is over; too many wrong codes
 * end the verification. The wiring keeps the draft (fields, the bag's hint, the code sent) across reloads.
 */
export const collectMachine = setup({
  types: { context: {} as CollectContext, events: {} as CollectEvent, input: {} as CollectInput },
  actors: {
    readBag: fromPromise<Outcome<BagLike>, ReadBagRequest>(unprovided('readBag')),
    loadCaptcha: fromPromise<Outcome<CaptchaLike>>(unprovided('loadCaptcha')),
    checkIdentity: fromPromise<Outcome<unknown>, CheckIdentityRequest>(unprovided('checkIdentity')),
    sendCode: fromPromise<Outcome<CodeSentLike>, SendCodeRequest>(unprovided('sendCode')),
    resendCode: fromPromise<Outcome<CodeSentLike>, ResendCodeRequest>(unprovided('resendCode')),
    verifyCode: fromPromise<Outcome<VerifiedLike>, VerifyRequest>(unprovided('verifyCode')),
  },
  actions: {
    edit: assign(({ context, event }) => (event.type === 'EDIT' ? { fields: { ...context.fields, [event.field]: event.value }, problem: null } : {})),
    chooseMethod: assign(({ event }) => (event.type === 'CHOOSE_METHOD' ? { method: event.method, problem: null } : {})),
    enterCode: assign(({ event }) => (event.type === 'ENTER_CODE' ? { code: event.code, problem: null } : {})),
    keepBag: assign((_, bag: BagLike) => ({ bag })),
    forgetBag: assign({ bag: null, bagCode: null }),
    keepCaptcha: assign(({ context }, captcha: CaptchaLike) => ({ captcha, fields: { ...context.fields, captchaText: '' } })),
    keepSent: assign((_, sent: CodeSentLike) => ({ sent, code: '', problem: null, attemptsLeft: null, retryAfterSeconds: null, resendWaitSeconds: null })),
    keepVerified: assign((_, verified: VerifiedLike) => ({ verified, problem: null })),
    refuse: assign((_, refusal: { problem: CollectProblem; attemptsLeft?: number; retryAfterSeconds?: number }) => ({
      problem: refusal.problem,
      attemptsLeft: refusal.attemptsLeft ?? null,
      retryAfterSeconds: refusal.retryAfterSeconds ?? null,
    })),
    clearProblem: assign({ problem: null, attemptsLeft: null }),
    clearCode: assign({ code: '' }),
    forgetSent: assign({ sent: null, code: '', attemptsLeft: null, retryAfterSeconds: null, resendWaitSeconds: null }),
    /** A refused resend: the next may go when the server said (a wait of the code check's own refusals must not move it). */
    waitAsSaid: assign((_, refusal: { retryAfterSeconds?: number }) => ({ resendWaitSeconds: refusal.retryAfterSeconds ?? null })),
    /** Keep the pass for the requests to come (the wiring's study-pass store). */
    storePass: (_, _verified: VerifiedLike) => {},
    /** Tell the hospital the studies were collected electronically: fire and forget. */
    notifyCollected: (_, _verified: VerifiedLike) => {},
    /** The step now shown: where the guest's two steps are two pages, the wiring goes to its page. */
    showStep: (_, _params: { step: 'identify' | 'verify' }) => {},
    /** Go on: the checking page (or, signed in, my films); the draft is done with. */
    finish: (_, _verified: VerifiedLike) => {},
  },
  guards: {
    resumesVerifying: ({ context }) => context.step === 'verify' && context.sent !== null,
    accepted: (_, outcome: Outcome<unknown>) => outcome.ok,
    formFine: (_, problem: CollectProblem | null) => problem === null,
    acceptedWithBag: ({ context }, outcome: Outcome<unknown>) => outcome.ok && context.bagCode !== null,
    endsVerification: (_, outcome: Outcome<unknown>) => !outcome.ok && ENDS_VERIFICATION.includes(outcome.problem),
    bagUnknown: refusedWith('bagUnknown'),
    rateLimited: refusedWith('rateLimited'),
    outOfSends: refusedWith('tooManySends'),
  },
  delays: {
    /** The server's wait before another code: what it said with the code, or with its refusal. */
    resendDelay: ({ context }) => (context.resendWaitSeconds ?? sentOf(context).resendAfterSeconds) * 1000,
  },
}).createMachine({
  id: 'collect',
  context: ({ input }) => ({
    ...emptyDraft(),
    ...input.draft,
    step: input.step,
    captcha: null,
    problem: null,
    attemptsLeft: null,
    retryAfterSeconds: null,
    resendWaitSeconds: null,
    verified: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'resumesVerifying', target: 'verify', description: 'The verification page (or a reload of it) with a code already sent: go on typing it.' },
        { target: 'identify' },
      ],
    },
    identify: {
      entry: { type: 'showStep', params: { step: 'identify' } },
      initial: 'loadingCaptcha',
      states: {
        loadingCaptcha: {
          tags: ['busy'],
          on: TYPING,
          invoke: {
            id: 'loadCaptcha',
            src: 'loadCaptcha',
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'editing', actions: { type: 'keepCaptcha', params: ({ event }) => (event.output as { value: CaptchaLike }).value } },
              { target: 'captchaFailed', description: 'Refused (too many image codes from here): say how long to wait.', actions: { type: 'refuse', params: ({ event }) => event.output as Refusal } },
            ],
            onError: 'captchaFailed',
          },
        },
        captchaFailed: {
          description: 'No image code: nothing can be sent; the patient can try again, and keeps typing meanwhile.',
          on: { RETRY: 'loadingCaptcha', ...TYPING },
        },
        editing: {
          on: {
            ...TYPING,
            NEW_CAPTCHA: 'loadingCaptcha',
            SEND: [
              { guard: { type: 'formFine', params: ({ event }) => event.problem }, target: 'checkingIdentity', actions: 'clearProblem' },
              { description: 'The form\'s rules found something: say what, send nothing.', actions: { type: 'refuse', params: ({ event }) => ({ problem: present(event.problem, 'problem', 'collect') }) } },
            ],
          },
        },
        checkingIdentity: {
          tags: ['busy'],
          invoke: {
            id: 'checkIdentity',
            src: 'checkIdentity',
            input: ({ context }) => lookupOf(context),
            onDone: [
              {
                guard: { type: 'acceptedWithBag', params: ({ event }) => event.output },
                target: 'readingBag',
                description: 'The person is known and the film bag is theirs: now its hint may be read.',
              },
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'sendingCode' },
              {
                guard: { type: 'bagUnknown', params: ({ event }) => event.output },
                target: 'loadingCaptcha',
                description: 'An unknown bag code: say so, and identify without it (a new image code).',
                actions: ['forgetBag', { type: 'refuse', params: ({ event }) => event.output as Refusal }],
              },
              {
                target: 'loadingCaptcha',
                description: 'Refused: the image code is used up, or opens only what was typed; a new one comes with the message.',
                actions: { type: 'refuse', params: ({ event }) => event.output as Refusal },
              },
            ],
            onError: { target: 'editing', description: 'No answer: the image code stays, to send again.', actions: { type: 'refuse', params: { problem: 'offline' } } },
          },
        },
        readingBag: {
          tags: ['busy'],
          description: 'The film bag\'s study, shown so the patient knows they are in the right place: asked with the same image code.',
          invoke: {
            id: 'readBag',
            src: 'readBag',
            input: ({ context }) => ({ ...lookupOf(context), bagCode: present(context.bagCode, 'bag code', 'collect') }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'sendingCode', actions: { type: 'keepBag', params: ({ event }) => (event.output as { value: BagLike }).value } },
              { target: 'sendingCode', description: 'The hint is a help, not a must: go on to the code without it.' },
            ],
            onError: { target: 'sendingCode', description: 'The hint is a help, not a must: go on without it.' },
          },
        },
        sendingCode: {
          tags: ['busy'],
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => lookupOf(context),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: '#collect.verify', actions: { type: 'keepSent', params: ({ event }) => (event.output as { value: CodeSentLike }).value } },
              {
                target: 'loadingCaptcha',
                description: 'Refused: the image code was used up by the send, so a new one comes with the message.',
                actions: { type: 'refuse', params: ({ event }) => event.output as Refusal },
              },
            ],
            onError: { target: 'loadingCaptcha', actions: { type: 'refuse', params: { problem: 'offline' } } },
          },
        },
      },
    },
    verify: {
      entry: { type: 'showStep', params: { step: 'verify' } },
      initial: 'active',
      on: { START_OVER: { target: '#collect.starting', description: 'Back to the form: what was typed stays; a new image code.', actions: 'forgetSent' } },
      states: {
        active: {
          type: 'parallel',
          states: {
            code: {
              initial: 'entering',
              states: {
                entering: {
                  on: {
                    ENTER_CODE: { actions: 'enterCode' },
                    SUBMIT: [
                      { guard: { type: 'formFine', params: ({ event }) => event.problem }, target: 'checking', actions: 'clearProblem' },
                      { actions: { type: 'refuse', params: ({ event }) => ({ problem: present(event.problem, 'problem', 'collect') }) } },
                    ],
                  },
                },
                checking: {
                  tags: ['busy'],
                  invoke: {
                    id: 'verifyCode',
                    src: 'verifyCode',
                    input: ({ context }) => ({ method: context.method, verificationId: sentOf(context).verificationId, code: context.code }),
                    onDone: [
                      { guard: { type: 'accepted', params: ({ event }) => event.output }, target: '#collect.verified', actions: { type: 'keepVerified', params: ({ event }) => (event.output as { value: VerifiedLike }).value } },
                      { guard: { type: 'endsVerification', params: ({ event }) => event.output }, target: '#collect.verify.locked', actions: { type: 'refuse', params: ({ event }) => event.output as Refusal } },
                      {
                        guard: { type: 'rateLimited', params: ({ event }) => event.output },
                        target: 'entering',
                        description: 'Too many codes tried from here: say how long to wait; the code typed stays.',
                        actions: { type: 'refuse', params: ({ event }) => event.output as Refusal },
                      },
                      {
                        target: 'entering',
                        description: 'A wrong or expired code: say which (and how many tries are left), and clear it for the next.',
                        actions: [{ type: 'refuse', params: ({ event }) => event.output as Refusal }, 'clearCode'],
                      },
                    ],
                    onError: { target: 'entering', description: 'No answer: the code stays, to send again.', actions: { type: 'refuse', params: { problem: 'offline' } } },
                  },
                },
              },
            },
            resend: {
              initial: 'cooling',
              states: {
                cooling: {
                  after: { resendDelay: 'available' },
                },
                available: {
                  on: { RESEND: 'resending' },
                },
                resending: {
                  invoke: {
                    id: 'resendCode',
                    src: 'resendCode',
                    input: ({ context }) => ({ method: context.method, verificationId: sentOf(context).verificationId }),
                    onDone: [
                      { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'cooling', actions: { type: 'keepSent', params: ({ event }) => (event.output as { value: CodeSentLike }).value } },
                      { guard: { type: 'endsVerification', params: ({ event }) => event.output }, target: '#collect.verify.locked', actions: { type: 'refuse', params: ({ event }) => event.output as Refusal } },
                      { guard: { type: 'outOfSends', params: ({ event }) => event.output }, target: 'exhausted', actions: { type: 'refuse', params: ({ event }) => event.output as Refusal } },
                      {
                        target: 'cooling',
                        description: 'Too soon, or too many codes to this number lately: wait as long as the server says.',
                        actions: [
                          { type: 'refuse', params: ({ event }) => event.output as Refusal },
                          { type: 'waitAsSaid', params: ({ event }) => event.output as Refusal },
                        ],
                      },
                    ],
                    onError: { target: 'available', actions: { type: 'refuse', params: { problem: 'offline' } } },
                  },
                },
                exhausted: {
                  description: 'No more codes for this verification; the last one can still be typed.',
                },
              },
            },
          },
        },
        locked: {
          description: 'Too many wrong codes, or the verification is gone: only starting over helps.',
        },
      },
    },
    verified: {
      entry: [
        { type: 'storePass', params: ({ context }) => present(context.verified, 'verification', 'collect') },
        { type: 'notifyCollected', params: ({ context }) => present(context.verified, 'verification', 'collect') },
        { type: 'finish', params: ({ context }) => present(context.verified, 'verification', 'collect') },
      ],
    },
  },
});

export type CollectMachine = typeof collectMachine;
