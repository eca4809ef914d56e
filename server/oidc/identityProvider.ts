import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type Provider from 'oidc-provider';
import type { SqliteDatabase } from '../db';
import { DEMO_PASSWORD } from '../demoData';
import { patientRepository } from '../repositories/patients';
import { accessTokenVerifier } from './accessTokens';
import type { AuditClient } from './auditSignIn';
import type { AccessTokenVerifier } from './accessTokens';
import { signInAccounts } from './accounts';
import { providerAssets } from './assets';
import { providerConfiguration, ROUTES } from './configuration';
import { importOidcProvider } from './importProvider';
import { interactionRoutes } from './interactions';
import { jwtAccessTokenEndpoints } from './jwtAccessTokenEndpoints';
import { loadProviderSecrets } from './keys';
import { providerHeaders } from './providerHeaders';
import { rateLimiter } from '../rateLimit';
import type { RateLimiter } from '../rateLimit';
import { signInGuard } from './signInLimits';
import { smsCodeRules } from './smsCodes';
import { smsSignIn } from './smsInteractions';
import { smsDelivery } from '../collect/sms';
import { signInCodeRepository } from '../repositories/signInCodes';
import { smsOutboxRepository } from '../repositories/smsOutbox';
import { staffRepository } from './staffAccounts';
import type { Sleep } from './signInLimits';
import { oidcArtifactStore } from './sqliteAdapter';
import { DEFAULT_TOKEN_TTL } from './tokenTtl';
import type { TokenTtl } from './tokenTtl';

export interface IdentityProviderOptions {
  /** Its own origin, e.g. `http://127.0.0.1:8081`; the issuer of every token. */
  issuer: string;
  /** The app's origin: its redirect URIs, and the only origin allowed to read across origins. */
  appOrigin: string;
  /** The sandbox's database: patients, and where the provider keeps its state and keys. */
  db: SqliteDatabase;
  ttl?: Partial<TokenTtl>;
  /** Per-client sign-in limits times this (CF_CLIENT_LIMIT_SCALE, see server/rateLimit.ts); 1 by default. */
  clientLimitScale?: number;
  /** Holds back the answer to a wrong password (signInLimits.ts); the tests pass one that only records. */
  sleep?: Sleep;
}

export interface IdentityProvider {
  readonly issuer: string;
  readonly provider: Provider;
  readonly ttl: TokenTtl;
  /** Where the sign-in limits count (the sandbox's database, like every other limit). */
  readonly limits: RateLimiter;
  /** Answers on its own HTTP listener. */
  listen(port: number, host: string): Promise<void>;
  close(): Promise<void>;
  /** The claims of a valid access token for the API whose grant still stands, or null. */
  verifyAccessToken: AccessTokenVerifier;
  /** Ends every session and grant of the patient; their tokens stop working at once. */
  revokePatientSessions(loginName: string): { sessions: number; grants: number };
  /** The audit pages as the provider's confidential client (auditSignIn.ts). */
  readonly auditClient: AuditClient;
  /** Whether a grant of this account still stands (not signed out, revoked or expired). */
  grantStands(grantId: string, accountId: string): Promise<boolean>;
  /** Ends one grant and every token issued under it. */
  endGrant(grantId: string): void;
}

/** The sandbox's OpenID Connect provider (oidc-provider), on the sandbox's database. */
export async function buildIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const issuer = new URL(options.issuer).origin;
  const appOrigin = new URL(options.appOrigin).origin;
  const ttl = { ...DEFAULT_TOKEN_TTL, ...options.ttl };
  const store = oidcArtifactStore(options.db);
  const patients = patientRepository(options.db);
  const accounts = signInAccounts(patients, staffRepository(options.db));
  const secrets = await loadProviderSecrets(options.db);
  const limits = rateLimiter(options.db, { clientScale: options.clientLimitScale });
  const { default: Provider, errors } = await importOidcProvider();

  const provider = new Provider(
    issuer,
    providerConfiguration({ appOrigin, ttl, secrets, accounts, adapterFor: store.adapterFor, InvalidTarget: errors.InvalidTarget }),
  );
  provider.on('server_error', (_ctx, error) => console.error('identity provider:', error));
  const verifyAccessToken = accessTokenVerifier(issuer, secrets.publicKeys, provider.Grant);

  provider.use(providerHeaders(appOrigin));
  provider.use(providerAssets());
  const guard = signInGuard({ limits, sleep: options.sleep });
  const sms = smsSignIn({
    rules: smsCodeRules({ codes: signInCodeRepository(options.db), limits, loginNameOfPhone: patients.signInNameOfPhone }),
    deliveryAt: (now) => smsDelivery(smsOutboxRepository(options.db), now, (line) => console.log(`identity provider: ${line}`)),
    async resetPassword(loginName, password) {
      await accounts.setPatientPassword(loginName, password);
      store.destroyAccount(loginName);
    },
  });
  provider.use(interactionRoutes({ provider, accounts, demoPassword: DEMO_PASSWORD, appOrigin, guard, sms }));
  provider.use(
    jwtAccessTokenEndpoints({
      appOrigin,
      userinfoPath: ROUTES.userinfo,
      revocationPath: ROUTES.revocation,
      verifyAccessToken,
      accounts,
      destroyGrant: store.destroyGrant,
    }),
  );

  let server: Server | undefined;

  return {
    issuer,
    provider,
    ttl,
    limits,
    verifyAccessToken,

    async listen(port, host) {
      if (server) throw new Error('the identity provider is already listening');
      const listening = createServer(provider.callback());
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      server = listening;
    },

    async close() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    },

    auditClient: {
      issuer,
      appOrigin,
      clientSecret: secrets.auditClientSecret,
      authorizationEndpoint: `${issuer}${ROUTES.authorization}`,
      tokenEndpoint: `${issuer}${ROUTES.token}`,
      endSessionEndpoint: `${issuer}${ROUTES.end_session}`,
    },

    async grantStands(grantId, accountId) {
      const grant = await provider.Grant.find(grantId);
      return grant?.accountId === accountId;
    },

    endGrant: store.destroyGrant,

    revokePatientSessions(loginName) {
      const counts = store.destroyAccount(loginName);
      return { sessions: counts.Session ?? 0, grants: counts.Grant ?? 0 };
    },
  };
}
