import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CollectMachine } from './collect.machine';
import type { CollectField, CollectMethod, FormProblem } from './collect.types';

/** What the collect pages need: which step, the form as typed, the problem in words' key, and the intents. */
export function connectCollect(snapshot: SnapshotFrom<CollectMachine>, send: ActorRefFrom<CollectMachine>['send']) {
  const { context } = snapshot;
  return {
    state: JSON.stringify(snapshot.value),
    step: snapshot.matches('verified') ? ('verified' as const) : snapshot.matches('verify') ? ('verify' as const) : ('identify' as const),
    method: context.method,
    fields: context.fields,
    code: context.code,
    bag: context.bag,
    bagCode: context.bagCode,
    /** Came with a film bag whose study is not shown yet: it is, once the identity check passed. */
    bagPending: context.bagCode !== null && context.bag === null,
    captcha: context.captcha,
    captchaLoading: snapshot.matches({ identify: 'loadingCaptcha' }),
    captchaFailed: snapshot.matches({ identify: 'captchaFailed' }),
    sent: context.sent,
    problem: context.problem,
    attemptsLeft: context.attemptsLeft,
    retryAfterSeconds: context.retryAfterSeconds,
    isBusy: snapshot.hasTag('busy'),
    /** False only while what was typed is being sent: the form then shows it read-only. */
    canType: snapshot.can({ type: 'EDIT', field: 'idCard', value: '' }),
    canSend: snapshot.can({ type: 'SEND', problem: null }),
    canSubmit: snapshot.can({ type: 'SUBMIT', problem: null }),
    /** The resend countdown runs while this is true; its length in seconds is `resendWaitSeconds`. */
    isCooling: snapshot.matches({ verify: { active: { resend: 'cooling' } } }),
    resendWaitSeconds: context.resendWaitSeconds ?? context.sent?.resendAfterSeconds ?? 0,
    canResend: snapshot.can({ type: 'RESEND' }),
    isResending: snapshot.matches({ verify: { active: { resend: 'resending' } } }),
    outOfSends: snapshot.matches({ verify: { active: { resend: 'exhausted' } } }),
    isLocked: snapshot.matches({ verify: 'locked' }),
    verified: context.verified,
    chooseMethod: (method: CollectMethod) => send({ type: 'CHOOSE_METHOD', method }),
    edit: (field: CollectField, value: string) => send({ type: 'EDIT', field, value }),
    newCaptcha: () => send({ type: 'NEW_CAPTCHA' }),
    retryCaptcha: () => send({ type: 'RETRY' }),
    send: (problem: FormProblem | null) => send({ type: 'SEND', problem }),
    enterCode: (code: string) => send({ type: 'ENTER_CODE', code }),
    submit: (problem: FormProblem | null) => send({ type: 'SUBMIT', problem }),
    resend: () => send({ type: 'RESEND' }),
    startOver: () => send({ type: 'START_OVER' }),
  };
}
export type CollectView = ReturnType<typeof connectCollect>;
