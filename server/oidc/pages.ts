/**
 * The provider's own pages: sign-in, sign-out, and what went wrong. Chinese first, English under
 * it; styles and the one script are files the provider serves (see assets.ts), so the pages work
 * under a Content-Security-Policy without 'unsafe-inline'.
 */
import { bilingual, escapeHtml, htmlPage } from '../htmlPage';
import { FAVICON_PATH, LOGIN_CSS_PATH, SIGN_OUT_SCRIPT_PATH } from './assets';


function page({ title, body, script }: { title: string; body: string; script?: string }): string {
  return htmlPage({ title, body, script, stylesheet: LOGIN_CSS_PATH, icon: FAVICON_PATH });
}

export interface LoginPageOptions {
  action: string;
  abortUrl: string;
  loginNames: readonly string[];
  demoPassword: string;
  loginName?: string;
  failed?: boolean;
}

export function loginPage({ action, abortUrl, loginNames, demoPassword, loginName = '', failed = false }: LoginPageOptions): string {
  const error = failed
    ? `<p class="error" role="alert">${bilingual('登录名或密码错误，请重试。', 'Wrong login name or password. Please try again.')}</p>\n`
    : '';
  const hints = loginNames.map((name) => `<code>${escapeHtml(name)}</code>`).join('、');
  const options = loginNames.map((name) => `<option value="${escapeHtml(name)}"></option>`).join('');
  return page({
    title: '登录 · Sign in',
    body: `<h1>${bilingual('登录电子云胶片', 'Sign in to Cloud Film')}</h1>
${error}<form method="post" action="${escapeHtml(action)}">
<label for="login">${bilingual('登录名', 'Login name')}</label>
<input id="login" name="login" type="text" value="${escapeHtml(loginName)}" list="demo-logins" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" required${failed || !loginName ? ' autofocus' : ''}>
<datalist id="demo-logins">${options}</datalist>
<label for="password">${bilingual('密码', 'Password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${loginName && !failed ? ' autofocus' : ''}>
<button type="submit">${bilingual('登录', 'Sign in')}</button>
</form>
<section class="hint">
<h2>${bilingual('演示账号', 'Demo accounts')}</h2>
<p>${bilingual('登录名', 'Login names')}: ${hints}</p>
<p>${bilingual('密码', 'Password')}: <code>${escapeHtml(demoPassword)}</code></p>
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
