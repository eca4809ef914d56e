/**
 * The provider's own pages: sign-in, sign-out, and what went wrong. Chinese first, English under
 * it; styles and the one script are files the provider serves (see assets.ts), so the pages work
 * under a Content-Security-Policy without 'unsafe-inline'.
 */
import { bilingual, escapeHtml, htmlPage } from '../htmlPage';
import type { DemoLogins } from './accounts';
import { FAVICON_PATH, LOGIN_CSS_PATH, SIGN_OUT_SCRIPT_PATH } from './assets';
import { ACCOUNT_LOCK_MINUTES } from './signInLimits';
import type { SignInOutcome } from './signInLimits';


export function page({ title, body, script }: { title: string; body: string; script?: string }): string {
  return htmlPage({ title, body, script, stylesheet: LOGIN_CSS_PATH, icon: FAVICON_PATH });
}

/** Why the sign-in page is shown again: a wrong password, or a lock. */
export type LoginNotice = Exclude<SignInOutcome, { kind: 'signedIn' }>;

export interface LoginPageOptions {
  action: string;
  abortUrl: string;
  /** The other ways in: by an SMS code, and a new password by SMS (smsPages.ts). */
  smsSignInUrl: string;
  resetUrl: string;
  /** Good news to show above the form (a new password was set), in Chinese and English. */
  confirmation?: [string, string];
  demoLogins: DemoLogins;
  demoPassword: string;
  loginName?: string;
  notice?: LoginNotice;
}

/** A wait in whole minutes (seconds under a minute), in Chinese and English. */
export function wait(seconds: number): [string, string] {
  if (seconds < 60) return [`${seconds} 秒`, `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`];
  const minutes = Math.ceil(seconds / 60);
  return [`${minutes} 分钟`, `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`];
}

const WRONG: [string, string] = ['登录名或密码错误。', 'Wrong login name or password.'];

/** What the patient is told: the same words whether or not the login name exists. */
export function noticeText(notice: LoginNotice): [string, string] {
  if (notice.kind === 'wrong') {
    const left = notice.attemptsLeft;
    return [
      `${WRONG[0]}再输错 ${left} 次，此登录名将被锁定 ${ACCOUNT_LOCK_MINUTES} 分钟。`,
      `${WRONG[1]} ${left} more wrong ${left === 1 ? 'password locks' : 'passwords lock'} this login name for ${ACCOUNT_LOCK_MINUTES} minutes.`,
    ];
  }
  const [zhWait, enWait] = wait(notice.retryAfterSeconds);
  const [zhWhat, enWhat] =
    notice.scope === 'account'
      ? ['此登录名输错密码的次数过多，已被暂时锁定。', 'Too many wrong passwords for this login name: it is locked for now.']
      : ['此网络的登录失败次数过多，从这里登录已被暂时锁定。', 'Too many failed sign-ins from this network: signing in from it is locked for now.'];
  const [zhBefore, enBefore] = notice.justNow ? WRONG : ['', ''];
  return [
    `${zhBefore}${zhWhat}请 ${zhWait}后再试；锁定期间，即使密码正确也无法登录。`,
    `${enBefore ? `${enBefore} ` : ''}${enWhat} Try again in ${enWait}; until then even the right password is refused.`,
  ];
}

const codes = (names: readonly string[]) => names.map((name) => `<code>${escapeHtml(name)}</code>`).join('、');

/** The alert of a refusal, or nothing. */
export function alertOf(text: [string, string] | undefined): string {
  return text ? `<p class="error" role="alert">${bilingual(escapeHtml(text[0]), escapeHtml(text[1]))}</p>\n` : '';
}

/** A line of good news (the page says what happened), or nothing. */
export function statusOf(text: [string, string] | undefined): string {
  return text ? `<p class="notice" role="status">${bilingual(escapeHtml(text[0]), escapeHtml(text[1]))}</p>\n` : '';
}

export function loginPage(shown: LoginPageOptions): string {
  const { action, abortUrl, smsSignInUrl, resetUrl, confirmation, demoLogins, demoPassword, loginName = '', notice } = shown;
  const failed = notice !== undefined;
  const error = alertOf(notice && noticeText(notice));
  const options = [...demoLogins.patients, ...demoLogins.auditors].map((name) => `<option value="${escapeHtml(name)}"></option>`).join('');
  const auditors = demoLogins.auditors.length
    ? `<p>${bilingual('审计员', 'Auditor')}: ${codes(demoLogins.auditors)}</p>\n`
    : '';
  return page({
    title: '登录 · Sign in',
    body: `<h1>${bilingual('登录电子云胶片', 'Sign in to Cloud Film')}</h1>
${statusOf(confirmation)}${error}<form method="post" action="${escapeHtml(action)}">
<label for="login">${bilingual('登录名', 'Login name')}</label>
<input id="login" name="login" type="text" value="${escapeHtml(loginName)}" list="demo-logins" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" required${failed || !loginName ? ' autofocus' : ''}>
<datalist id="demo-logins">${options}</datalist>
<label for="password">${bilingual('密码', 'Password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${loginName && !failed ? ' autofocus' : ''}>
<button type="submit">${bilingual('登录', 'Sign in')}</button>
</form>
<a class="button outline" href="${escapeHtml(smsSignInUrl)}">${bilingual('用短信验证码登录', 'Sign in with an SMS code')}</a>
<a class="secondary" href="${escapeHtml(resetUrl)}">${bilingual('忘记密码？用短信重设', 'Forgot your password? Reset it by SMS')}</a>
<section class="hint">
<h2>${bilingual('演示账号', 'Demo accounts')}</h2>
<p>${bilingual('患者登录名', "Patients' login names")}: ${codes(demoLogins.patients)}</p>
${auditors}<p>${bilingual('密码', 'Password')}: <code>${escapeHtml(demoPassword)}</code></p>
</section>
<a class="secondary" href="${escapeHtml(abortUrl)}">${bilingual('取消', 'Cancel')}</a>`,
  });
}

/** `form` is oidc-provider's hidden logout form; the script presses the button, which stays for no-JS browsers. */
export function signOutPage(form: string): string {
  return page({
    title: '退出登录 · Sign out',
    script: SIGN_OUT_SCRIPT_PATH,
    body: `<h1>${bilingual('正在退出登录…', 'Signing out…')}</h1>
${form}
<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">${bilingual('退出登录', 'Sign out')}</button>`,
  });
}

export function signedOutPage(appUrl: string): string {
  return page({
    title: '已退出登录 · Signed out',
    body: `<h1>${bilingual('您已退出登录', 'You are signed out')}</h1>
<a class="button" href="${escapeHtml(appUrl)}">${bilingual('返回电子云胶片', 'Back to Cloud Film')}</a>`,
  });
}

export function interactionExpiredPage(appUrl: string): string {
  return page({
    title: '登录已过期 · Sign-in expired',
    body: `<h1>${bilingual('登录已过期', 'This sign-in has expired')}</h1>
<p>${bilingual('请返回电子云胶片重新登录。', 'Go back to Cloud Film and sign in again.')}</p>
<a class="button" href="${escapeHtml(appUrl)}">${bilingual('返回电子云胶片', 'Back to Cloud Film')}</a>`,
  });
}

export function errorPage(details: Record<string, unknown>, appUrl: string): string {
  const lines = Object.entries(details)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return page({
    title: '出错了 · Something went wrong',
    body: `<h1>${bilingual('出错了', 'Something went wrong')}</h1>
<dl class="details">${lines}</dl>
<a class="button" href="${escapeHtml(appUrl)}">${bilingual('返回电子云胶片', 'Back to Cloud Film')}</a>`,
  });
}
