import type { Adapter, Client, Configuration, KoaContextWithOIDC, TokenForCustomizer } from 'oidc-provider';
import { OIDC_CLIENT_ID, OIDC_SCOPE } from '../runtimeConfig';
import { API_AUDIENCE, apiResourceIndicator, GRANT_ID_CLAIM, ROLES_CLAIM } from './accessTokens';
import { CLAIMS_BY_SCOPE } from './accounts';
import type { SignInAccounts } from './accounts';
import { auditClientMetadata } from './auditSignIn';
import { loadGrantWithoutConsent } from './automaticConsent';
import { INTERACTION_PATH } from './interactions';
import type { ProviderSecrets } from './keys';
import { SIGNING_ALGORITHM } from './keys';
import { errorPage, signedOutPage, signOutPage } from './pages';
import type { TokenTtl } from './tokenTtl';

export const ROUTES = {
  authorization: '/auth',
  token: '/token',
  userinfo: '/me',
  jwks: '/jwks',
  revocation: '/token/revocation',
  end_session: '/session/end',
} as const;

export const CALLBACK_PATH = '/oidc-callback';
export const SILENT_RENEW_PATH = '/oidc-slient-renew';
export const POST_LOGOUT_PATHS = ['/index', '/'] as const;

const INTERACTION_TTL = 60 * 60;

export interface ConfigurationOptions {
  appOrigin: string;
  ttl: TokenTtl;
  secrets: ProviderSecrets;
  accounts: SignInAccounts;
  adapterFor(model: string): Adapter;
  /** oidc-provider's `errors.InvalidTarget` (the module is imported late, see importProvider.ts). */
  InvalidTarget: new (description?: string) => Error;
}

/** The Cloud Film app: a public browser client, code flow with PKCE, refresh tokens rotated on every use. */
function appClient(appOrigin: string) {
  return {
    client_id: OIDC_CLIENT_ID,
    client_name: '电子云胶片 Cloud Film',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${appOrigin}${CALLBACK_PATH}`, `${appOrigin}${SILENT_RENEW_PATH}`],
    post_logout_redirect_uris: POST_LOGOUT_PATHS.map((path) => `${appOrigin}${path}`),
    scope: OIDC_SCOPE,
    id_token_signed_response_alg: SIGNING_ALGORITHM,
  };
}

export function providerConfiguration(options: ConfigurationOptions): Configuration {
  const { appOrigin, ttl, secrets, accounts, adapterFor, InvalidTarget } = options;
  const apiResource = apiResourceIndicator(appOrigin);
  const appUrl = `${appOrigin}/`;

  return {
    adapter: (model: string) => adapterFor(model),
    // The app, and the sandbox's own audit pages (a confidential client: auditSignIn.ts).
    clients: [appClient(appOrigin), auditClientMetadata(appOrigin, secrets.auditClientSecret)],
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === appOrigin,
    jwks: { keys: secrets.signingKeys },
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    routes: ROUTES,
    responseTypes: ['code'],
    clientAuthMethods: ['none', 'client_secret_basic'],
    scopes: ['openid', 'profile', 'offline_access'],
    claims: { ...CLAIMS_BY_SCOPE, acr: null, sid: null, auth_time: null, iss: null },
    // Profile claims go in the ID token too: the app reads the patient's name from it.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => accounts.find(sub),
    loadExistingGrant: loadGrantWithoutConsent,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}` },
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx: unknown, client: Client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: Client, token: { clientId?: string }) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        // The app never sends `resource`: its codes and refresh tokens are for the API.
        defaultResource: async () => apiResource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          if (resource !== apiResource) throw new InvalidTarget();
          return {
            audience: API_AUDIENCE,
            scope: OIDC_SCOPE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ttl.accessToken,
            jwt: { sign: { alg: SIGNING_ALGORITHM } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(appUrl);
        },
      },
    },
    formats: {
      customizers: {
        jwt: async (_ctx: unknown, token: TokenForCustomizer, jwt: { payload: Record<string, unknown> }) => {
          jwt.payload[GRANT_ID_CLAIM] = token.grantId;
          // A staff member's role travels in the token; a patient's token carries no roles claim.
          const roles = token.accountId ? accounts.rolesOf(token.accountId) : [];
          if (roles.length) jwt.payload[ROLES_CLAIM] = roles;
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, unknown>) => {
      ctx.type = 'html';
      ctx.body = errorPage(out, appUrl);
    },
    ttl: {
      AccessToken: ttl.accessToken,
      AuthorizationCode: 60,
      IdToken: ttl.idToken,
      // A rotated refresh token hands on its remaining time: the patient signs in again after ttl.refreshToken.
      RefreshToken: (ctx: KoaContextWithOIDC | undefined) =>
        Math.max(1, ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? ttl.refreshToken),
      Session: ttl.session,
      Grant: Math.max(ttl.refreshToken, ttl.session, ttl.accessToken),
      Interaction: INTERACTION_TTL,
    },
  };
}
