/**
 * The part of oidc-provider 9 (which ships no types) that the sandbox uses. The provider is a Koa
 * application; `KoaContext` describes only the members used here.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Configuration = Record<string, unknown>;

  export interface AdapterPayload {
    [key: string]: unknown;
    accountId?: string;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Client {
    readonly clientId: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface Grant {
    readonly jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    getOIDCScopeEncountered(): string;
    getResourceScopeEncountered(resource: string): string;
    save(): Promise<string>;
  }

  export interface GrantModel {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    grantId?: string;
    session?: { accountId?: string };
  }

  export interface OIDCContext {
    readonly provider: Provider;
    readonly client?: Client;
    readonly account?: Account;
    readonly session?: Session;
    readonly params?: Record<string, unknown>;
    readonly result?: InteractionResults;
    readonly requestParamOIDCScopes: Set<string>;
    readonly requestParamClaims: Set<string>;
    readonly requestParamScopes: Set<string>;
    readonly resourceServers: Record<string, { scopes: Set<string> }>;
    readonly entities: { RotatedRefreshToken?: { remainingTTL: number } };
  }

  export interface KoaContext {
    readonly req: IncomingMessage;
    readonly res: ServerResponse;
    readonly method: string;
    readonly path: string;
    readonly host: string;
    /** The client's address (the socket's; a proxy's X-Forwarded-For only when the provider is told to trust it). */
    readonly ip: string;
    status: number;
    body: unknown;
    type: string;
    get(field: string): string;
    set(field: string, value: string): void;
    remove(field: string): void;
    redirect(url: string): void;
    /** Only on the provider's own routes. */
    readonly oidc?: OIDCContext;
  }

  /** What oidc-provider hands to its configuration callbacks: always within one of its routes. */
  export type KoaContextWithOIDC = KoaContext & { readonly oidc: OIDCContext };

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export interface TokenForCustomizer {
    readonly grantId?: string;
    readonly accountId?: string;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Grant: GrantModel;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: Middleware): this;
    pathFor(name: string, options?: Record<string, string>): string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
