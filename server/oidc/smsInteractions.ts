import type { Interaction, KoaContext } from 'oidc-provider';
import { collectNow } from '../collect/clock';
import { maskPhone } from '../collect/masks';
import type { Caller, CodeDelivery } from '../collect/verification';
import { newPasswordProblem } from '../passwords';
import type { SignInCodePurpose } from '../repositories/signInCodes';
import { mobileNumberOf } from './smsCodes';
import type { SmsCodeRules } from './smsCodes';
import { codePage, phonePage } from './smsPages';
import type { SmsNotice } from './smsPages';

/** The steps' paths under /interaction/<uid>/: the number posted, then the code. */
export const SMS_ACTIONS = {
  signIn: { phone: 'sms', code: 'sms-code' },
  reset: { phone: 'reset', code: 'reset-code' },
} as const satisfies Record<SignInCodePurpose, { phone: string; code: string }>;

export interface SmsSignInOptions {
  rules: SmsCodeRules;
  /** How a code is "sent" (the sandbox's SMS outbox and console, collect/sms.ts). */
  deliveryAt: (now: Date) => CodeDelivery;
  /** Sets a patient's new password and ends their sessions (a reset locks out whoever knew the old one). */
  resetPassword: (loginName: string, password: string) => Promise<void>;
}

/** What the routes need of the interaction's page: its paths, and how it ends. */
export interface SmsStep {
  ctx: KoaContext;
  interaction: Interaction;
  form: URLSearchParams;
  pathOf: (action: string) => string;
  /** The password sign-in page, the login name filled in, with good news (a new password is set). */
  showLogin: (loginName: string, confirmation: [string, string]) => void;
  signIn: (loginName: string) => Promise<void>;
}

/** Refusals that are limits answer 429 with the wait, like the password sign-in's locks. */
function refuse(ctx: KoaContext, notice: SmsNotice): void {
  if ('retryAfterSeconds' in notice) {
    ctx.status = 429;
    ctx.set('retry-after', String(notice.retryAfterSeconds));
  }
}

/** Sign-in by an SMS code, and a new password by SMS, at the provider (issue 27 §6). */
export function smsSignIn({ rules, deliveryAt, resetPassword }: SmsSignInOptions) {
  function render(ctx: KoaContext, html: string) {
    ctx.type = 'html';
    ctx.body = html;
  }

  function showPhone(step: Pick<SmsStep, 'ctx' | 'pathOf'>, purpose: SignInCodePurpose, phone?: string, notice?: SmsNotice) {
    if (notice) refuse(step.ctx, notice);
    render(step.ctx, phonePage({ purpose, action: step.pathOf(SMS_ACTIONS[purpose].phone), backUrl: step.pathOf(''), phone, notice }));
  }

  function showCode(step: SmsStep, purpose: SignInCodePurpose, codeId: string, phone: string, notice?: SmsNotice) {
    if (notice) refuse(step.ctx, notice);
    const { phone: phoneAction, code: codeAction } = SMS_ACTIONS[purpose];
    render(
      step.ctx,
      codePage({ purpose, action: step.pathOf(codeAction), resendAction: step.pathOf(phoneAction), backUrl: step.pathOf(''), codeId, phone, phoneMasked: maskPhone(phone), notice }),
    );
  }

  const callerOf = (ctx: KoaContext): Caller => ({ client: ctx.ip, now: collectNow() });

  function send(step: SmsStep, purpose: SignInCodePurpose) {
    const caller = callerOf(step.ctx);
    const typed = step.form.get('phone') ?? '';
    const sent = rules.send({ purpose, interactionUid: step.interaction.uid }, typed, deliveryAt(caller.now), caller);
    if (sent.kind !== 'sent') return showPhone(step, purpose, typed, sent);
    return showCode(step, purpose, sent.codeId, sent.phone);
  }

  async function check(step: SmsStep, purpose: SignInCodePurpose) {
    const { form } = step;
    const codeId = form.get('codeId') ?? '';
    // Only shown and sent back for a new code: whatever the form carries, it is a mobile number or nothing.
    const phone = mobileNumberOf(form.get('phone') ?? '') ?? '';
    const password = form.get('password') ?? '';
    // The new password is checked first, so a typing slip costs no try of the code and does not use it up.
    const problem = purpose === 'reset' ? newPasswordProblem(password, form.get('repeat') ?? '') : null;
    if (problem) return showCode(step, purpose, codeId, phone, { kind: 'password', problem });

    const checked = rules.check({ purpose, interactionUid: step.interaction.uid }, codeId, form.get('code') ?? '', callerOf(step.ctx));
    if (checked.kind !== 'passed') return showCode(step, purpose, codeId, phone, checked);
    if (purpose === 'signIn') return step.signIn(checked.loginName);
    await resetPassword(checked.loginName, password);
    return step.showLogin(checked.loginName, [
      '新密码已设置，请用它登录。此账号在其他设备上的登录已退出。',
      'Your new password is set: sign in with it. This account has been signed out everywhere else.',
    ]);
  }

  return {
    /** Handles the SMS steps of a sign-in; false for any other route. */
    async handle(route: string, step: Omit<SmsStep, 'form'> & { readForm: () => Promise<URLSearchParams> }): Promise<boolean> {
      for (const purpose of ['signIn', 'reset'] as const) {
        const actions = SMS_ACTIONS[purpose];
        if (route === `GET ${actions.phone}`) {
          showPhone(step, purpose);
          return true;
        }
        if (route === `POST ${actions.phone}`) {
          send({ ...step, form: await step.readForm() }, purpose);
          return true;
        }
        if (route === `POST ${actions.code}`) {
          await check({ ...step, form: await step.readForm() }, purpose);
          return true;
        }
      }
      return false;
    },
  };
}

export type SmsSignIn = ReturnType<typeof smsSignIn>;
