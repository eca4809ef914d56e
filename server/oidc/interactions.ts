import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults, KoaContext, Middleware } from 'oidc-provider';
import type { SignInAccounts } from './accounts';
import { consentWithoutAsking } from './automaticConsent';
import { interactionExpiredPage, loginPage } from './pages';
import type { LoginNotice } from './pages';
import type { SignInGuard } from './signInLimits';
import { SMS_ACTIONS } from './smsInteractions';
import type { SmsSignIn } from './smsInteractions';

export const INTERACTION_PATH = '/interaction';

const FORM_LIMIT_BYTES = 8 * 1024;
const ROUTE = new RegExp(`^${INTERACTION_PATH}/([\\w-]+)(?:/(login|abort|${Object.values(SMS_ACTIONS).flatMap((step) => [step.phone, step.code]).join('|')}))?$`);

export interface InteractionOptions {
  provider: Provider;
  accounts: SignInAccounts;
  demoPassword: string;
  appOrigin: string;
  /** Slows down and locks wrong passwords, per login name and per client. */
  guard: SignInGuard;
  /** Sign-in by an SMS code, and a new password by SMS (smsInteractions.ts). */
  sms: SmsSignIn;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Sign-in (login name and password, or an SMS code), a new password by SMS, cancel, and consent given without asking. */
export function interactionRoutes({ provider, accounts, demoPassword, appOrigin, guard, sms }: InteractionOptions): Middleware {
  const appUrl = `${appOrigin}/`;

  async function finish(ctx: KoaContext, result: InteractionResults, merge = true) {
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
    ctx.status = 303;
    ctx.redirect(returnTo);
  }

  const pathOf = (interaction: Interaction) => (action: string) => `${INTERACTION_PATH}/${interaction.uid}${action ? `/${action}` : ''}`;

  function showLogin(ctx: KoaContext, interaction: Interaction, loginName?: string, notice?: LoginNotice, confirmation?: [string, string]) {
    const hint = interaction.params.login_hint;
    if (notice?.kind === 'locked') {
      ctx.status = 429;
      ctx.set('retry-after', String(notice.retryAfterSeconds));
    }
    ctx.type = 'html';
    ctx.body = loginPage({
      action: pathOf(interaction)('login'),
      abortUrl: pathOf(interaction)('abort'),
      smsSignInUrl: pathOf(interaction)(SMS_ACTIONS.signIn.phone),
      resetUrl: pathOf(interaction)(SMS_ACTIONS.reset.phone),
      confirmation,
      demoLogins: accounts.demoLogins(),
      demoPassword,
      loginName: loginName ?? (typeof hint === 'string' ? hint : ''),
      notice,
    });
  }

  return async (ctx, next) => {
    const match = ROUTE.exec(ctx.path);
    if (!match) return next();
    const [, uid, action] = match;
    ctx.set('cache-control', 'no-store');

    let interaction: Interaction | undefined;
    try {
      interaction = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      interaction = undefined;
    }
    if (!interaction || interaction.uid !== uid) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = interactionExpiredPage(appUrl);
      return;
    }

    const route = `${ctx.method} ${action ?? ''}`;
    const isLogin = interaction.prompt.name === 'login';
    if (route === 'GET ' && isLogin) return showLogin(ctx, interaction);
    if (route === 'GET ') {
      const grant = await consentWithoutAsking(provider.Grant, interaction);
      return finish(ctx, { consent: { grantId: grant.jti } });
    }
    if (route === 'POST login' && isLogin) {
      const form = await readForm(ctx.req);
      const loginName = form.get('login') ?? '';
      const password = form.get('password') ?? '';
      const outcome = await guard.attempt(loginName, ctx.ip, () => accounts.authenticate(loginName, password));
      // A wrong password is 200, not 401: a 401 would have to name an HTTP authentication scheme, and this is a form.
      if (outcome.kind !== 'signedIn') return showLogin(ctx, interaction, loginName, outcome);
      return finish(ctx, { login: { accountId: outcome.accountId } });
    }
    if (isLogin) {
      const handled = await sms.handle(route, {
        ctx,
        interaction,
        readForm: () => readForm(ctx.req),
        pathOf: pathOf(interaction),
        showLogin: (loginName, confirmation) => showLogin(ctx, interaction, loginName, undefined, confirmation),
        signIn: (accountId) => finish(ctx, { login: { accountId } }),
      });
      if (handled) return;
    }
    if (route === 'GET abort') {
      return finish(ctx, { error: 'access_denied', error_description: 'End-User aborted interaction' }, false);
    }
    ctx.status = 405;
    ctx.body = 'Method Not Allowed';
  };
}
