/**
 * The provider's pages for signing in by an SMS code and setting a new password by SMS (issue 27
 * §6): plain forms, no script, Chinese first and English under it, like pages.ts's.
 */
import { bilingual, escapeHtml } from '../htmlPage';
import { COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import { NEW_PASSWORD } from '../passwords';
import type { PasswordProblem } from '../passwords';
import type { SignInCodePurpose } from '../repositories/signInCodes';
import { alertOf, page, statusOf, wait } from './pages';
import type { CodeCheckOutcome, CodeSendOutcome } from './smsCodes';

/** Why a page is shown again: what the sending or the checking said, or the new password. */
export type SmsNotice =
  | Exclude<CodeSendOutcome, { kind: 'sent' }>
  | Exclude<CodeCheckOutcome, { kind: 'passed' }>
  | { kind: 'password'; problem: PasswordProblem };

const CODE_MINUTES = COLLECT_LIMITS.codeTtlSeconds / 60;

function passwordText(problem: PasswordProblem): [string, string] {
  switch (problem) {
    case 'length':
      return [`新密码须为 ${NEW_PASSWORD.min}-${NEW_PASSWORD.max} 个字符。`, `The new password must be ${NEW_PASSWORD.min} to ${NEW_PASSWORD.max} characters long.`];
    case 'characters':
      return ['新密码不能以空格开头或结尾，也不能含不可见字符。', 'The new password cannot start or end with a space, or hold invisible characters.'];
    case 'lettersAndDigits':
      return ['新密码须同时包含字母和数字。', 'The new password must have both letters and numbers.'];
    case 'mismatch':
      return ['两次输入的新密码不一致，请重新输入。', 'The two new passwords are not the same. Type them again.'];
  }
}

/** What the patient is told, the same whether or not the number is a patient's. */
export function smsNoticeText(notice: SmsNotice): [string, string] {
  switch (notice.kind) {
    case 'invalidPhone':
      return ['请输入 11 位手机号码（以 1 开头）。', 'Enter your 11-digit mobile number (it starts with 1).'];
    case 'locked': {
      const [zh, en] = wait(notice.retryAfterSeconds);
      return [
        `此手机号输错验证码的次数过多，已暂时锁定。请 ${zh}后再试。`,
        `Too many wrong codes for this number: it is locked for now. Try again in ${en}.`,
      ];
    }
    case 'sendLimited': {
      const [zh, en] = wait(notice.retryAfterSeconds);
      return [`验证码发送过于频繁。请 ${zh}后再获取。`, `Codes were sent too often. You can ask for a new one in ${en}.`];
    }
    case 'guessLimited': {
      const [zh, en] = wait(notice.retryAfterSeconds);
      return [`此网络输错验证码的次数过多。请 ${zh}后再试。`, `Too many wrong codes from this network. Try again in ${en}.`];
    }
    case 'wrong':
      return [
        `验证码不正确。还可以再试 ${notice.attemptsLeft} 次，之后此手机号将被锁定 ${COLLECT_LIMITS.lockSeconds / 60} 分钟。`,
        `That code is not right. You can try ${notice.attemptsLeft} more ${notice.attemptsLeft === 1 ? 'time' : 'times'} before this number is locked for ${COLLECT_LIMITS.lockSeconds / 60} minutes.`,
      ];
    case 'expired':
      return ['验证码已过期，请重新获取。', 'This code has expired. Ask for a new one.'];
    case 'unknown':
      return ['此验证码已使用或已失效，请重新获取。', 'This code has been used or is no longer valid. Ask for a new one.'];
    case 'password':
      return passwordText(notice.problem);
  }
}

const TITLES: Record<SignInCodePurpose, [string, string]> = {
  signIn: ['短信验证码登录', 'Sign in with an SMS code'],
  reset: ['重设密码', 'Reset your password'],
};

function heading(purpose: SignInCodePurpose): { title: string; h1: string } {
  const [zh, en] = TITLES[purpose];
  return { title: `${zh} · ${en}`, h1: `<h1>${bilingual(zh, en)}</h1>` };
}

function phoneField(phone: string, autofocus: boolean): string {
  return `<label for="phone">${bilingual('手机号', 'Mobile number')}</label>
<input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel-national" maxlength="20" value="${escapeHtml(phone)}" required${autofocus ? ' autofocus' : ''}>`;
}

const backLink = (url: string) => `<a class="secondary" href="${escapeHtml(url)}">${bilingual('返回密码登录', 'Back to sign-in with a password')}</a>`;

export interface PhonePageOptions {
  purpose: SignInCodePurpose;
  /** Where the number is posted: a code is sent. */
  action: string;
  /** The sign-in page. */
  backUrl: string;
  phone?: string;
  notice?: SmsNotice;
}

/** Step one: the mobile number the hospital has for the patient. */
export function phonePage({ purpose, action, backUrl, phone = '', notice }: PhonePageOptions): string {
  const { title, h1 } = heading(purpose);
  const [leadZh, leadEn]: [string, string] =
    purpose === 'signIn'
      ? ['输入您在医院登记的手机号，我们将发送一条验证码短信。', 'Enter the mobile number the hospital has for you. We will text you a code.']
      : ['输入您在医院登记的手机号，我们将发送一条验证码短信，之后您可以设置新密码。', 'Enter the mobile number the hospital has for you. We will text you a code, then you can set a new password.'];
  return page({
    title,
    body: `${h1}
${alertOf(notice && smsNoticeText(notice))}<p class="lead">${bilingual(leadZh, leadEn)}</p>
<form method="post" action="${escapeHtml(action)}">
${phoneField(phone, true)}
<button type="submit">${bilingual('获取验证码', 'Send me a code')}</button>
</form>
${backLink(backUrl)}`,
  });
}

export interface CodePageOptions {
  purpose: SignInCodePurpose;
  /** Where the code (and, for a reset, the new password) is posted. */
  action: string;
  /** Where the number is posted again for a new code. */
  resendAction: string;
  backUrl: string;
  codeId: string;
  phone: string;
  phoneMasked: string;
  notice?: SmsNotice;
}

/** Step two: the code from the SMS (and, for a reset, the new password twice). */
export function codePage({ purpose, action, resendAction, backUrl, codeId, phone, phoneMasked, notice }: CodePageOptions): string {
  const { title, h1 } = heading(purpose);
  const sent = notice
    ? ''
    : statusOf([
        `如果 ${phoneMasked} 是您在医院登记的手机号，验证码短信已发出，${CODE_MINUTES} 分钟内有效。`,
        `If ${phoneMasked} is the number the hospital has for you, a code is on its way. It is valid for ${CODE_MINUTES} minutes.`,
      ]);
  const newPassword =
    purpose === 'reset'
      ? `<label for="password">${bilingual('新密码', 'New password')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${NEW_PASSWORD.min}" maxlength="${NEW_PASSWORD.max}" aria-describedby="password-rule" required>
<p class="field-hint" id="password-rule">${bilingual(`${NEW_PASSWORD.min}-${NEW_PASSWORD.max} 个字符，须同时包含字母和数字`, `${NEW_PASSWORD.min} to ${NEW_PASSWORD.max} characters, with both letters and numbers`)}</p>
<label for="repeat">${bilingual('再次输入新密码', 'New password again')}</label>
<input id="repeat" name="repeat" type="password" autocomplete="new-password" maxlength="${NEW_PASSWORD.max}" required>`
      : '';
  const submit = purpose === 'reset' ? bilingual('设置新密码', 'Set the new password') : bilingual('登录', 'Sign in');
  return page({
    title,
    body: `${h1}
${sent}${alertOf(notice && smsNoticeText(notice))}<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="codeId" value="${escapeHtml(codeId)}">
<input type="hidden" name="phone" value="${escapeHtml(phone)}">
<label for="code">${bilingual('短信验证码', 'Code from the SMS')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="${COLLECT_LIMITS.codeLength}" required autofocus>
${newPassword}
<button type="submit">${submit}</button>
</form>
<form method="post" action="${escapeHtml(resendAction)}">
<input type="hidden" name="phone" value="${escapeHtml(phone)}">
<button type="submit" class="button outline">${bilingual('重新获取验证码', 'Send a new code')}</button>
</form>
${backLink(backUrl)}`,
  });
}
