import type { Grant, GrantModel, Interaction, KoaContextWithOIDC } from 'oidc-provider';

export interface Requested {
  accountId: string;
  clientId: string;
  /** The grant the session or interaction already points to, if any. */
  grantId?: string;
  oidcScopes: readonly string[];
  claims: readonly string[];
  resourceScopes: Readonly<Record<string, readonly string[]>>;
}

/**
 * The app is the hospital's own client, so the patient is never asked to consent: its grant
 * simply covers whatever it asks for. Reuses the existing grant when there still is one.
 */
export async function grantEverythingRequested(Grant: GrantModel, requested: Requested): Promise<Grant> {
  const existing = requested.grantId ? await Grant.find(requested.grantId) : undefined;
  const grant =
    existing && existing.accountId === requested.accountId && existing.clientId === requested.clientId
      ? existing
      : new Grant({ accountId: requested.accountId, clientId: requested.clientId });
  if (requested.oidcScopes.length) grant.addOIDCScope(requested.oidcScopes.join(' '));
  if (requested.claims.length) grant.addOIDCClaims([...requested.claims]);
  for (const [resource, scopes] of Object.entries(requested.resourceScopes)) {
    if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
  }
  await grant.save();
  return grant;
}

/** oidc-provider's `loadExistingGrant`: runs on every authorization request of a signed-in patient. */
export async function loadGrantWithoutConsent(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  if (!oidc.client || !oidc.account) return undefined;
  const requestedScopes = [...oidc.requestParamScopes];
  return grantEverythingRequested(oidc.provider.Grant, {
    accountId: oidc.account.accountId,
    clientId: oidc.client.clientId,
    grantId: oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client.clientId),
    oidcScopes: [...oidc.requestParamOIDCScopes],
    claims: [...oidc.requestParamClaims],
    resourceScopes: Object.fromEntries(
      Object.entries(oidc.resourceServers).map(([resource, server]) => [
        resource,
        requestedScopes.filter((scope) => server.scopes.has(scope)),
      ]),
    ),
  });
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** For a consent prompt the client asked for explicitly (`prompt=consent`): grant it, show nothing. */
export async function consentWithoutAsking(Grant: GrantModel, interaction: Interaction): Promise<Grant> {
  const { details } = interaction.prompt;
  const resourceScopes = (details.missingResourceScopes ?? {}) as Record<string, unknown>;
  return grantEverythingRequested(Grant, {
    accountId: interaction.session?.accountId ?? '',
    clientId: String(interaction.params.client_id),
    grantId: interaction.grantId,
    oidcScopes: strings(details.missingOIDCScope),
    claims: strings(details.missingOIDCClaims),
    resourceScopes: Object.fromEntries(Object.entries(resourceScopes).map(([resource, scopes]) => [resource, strings(scopes)])),
  });
}
