/** Lifetimes in seconds. */
export interface TokenTtl {
  accessToken: number;
  idToken: number;
  /** From sign-in: rotation hands on the remaining time, it does not extend it. */
  refreshToken: number;
  session: number;
}

const DAY = 24 * 60 * 60;

export const DEFAULT_TOKEN_TTL: TokenTtl = {
  accessToken: 600,
  idToken: 600,
  refreshToken: 14 * DAY,
  session: 14 * DAY,
};

export const TOKEN_TTL_ENV: Readonly<Record<keyof TokenTtl, string>> = {
  accessToken: 'OIDC_ACCESS_TOKEN_TTL',
  idToken: 'OIDC_ID_TOKEN_TTL',
  refreshToken: 'OIDC_REFRESH_TOKEN_TTL',
  session: 'OIDC_SESSION_TTL',
};

/** Defaults, then `OIDC_*_TTL` from the environment, then `overrides` (tests). */
export function resolveTokenTtl(env: NodeJS.ProcessEnv, overrides: Partial<TokenTtl> = {}): TokenTtl {
  const ttl = { ...DEFAULT_TOKEN_TTL };
  for (const key of Object.keys(TOKEN_TTL_ENV) as Array<keyof TokenTtl>) {
    const name = TOKEN_TTL_ENV[key];
    const value = env[name]?.trim();
    if (!value) continue;
    const seconds = Number(value);
    if (!Number.isInteger(seconds) || seconds < 1) {
      throw new Error(`${name} must be a whole number of seconds, 1 or more, got "${value}"`);
    }
    ttl[key] = seconds;
  }
  return { ...ttl, ...overrides };
}
