/** Business constants and limits (spec §9), plus the code tables of spec §2–§4. */
import { SESSION_TIMING } from '../../../machines/session/session.types';

/** Rows per page in every paged list. */
export const PAGE_SIZE = 8;
/** A list the patient comes back to older than this asks for its first page again behind its items. */
export const LIST_STALE_MS = 60_000;

/** Default HTTP request timeout. */
export const HTTP_TIMEOUT_MS = 120_000;

// The specification's other timeout, 15000 ms, belongs to an HTTP client instance it never uses;
// this app has one client, so it has no such constant.

/** Timeout for loading a lazily loaded code chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The root font size in px is the screen width divided by this. */
export const ROOT_FONT_SIZE_DIVISOR = 10;

/** The six colour themes, by id. */
export const THEMES = [
  { id: 1, name: 'gray-green' },
  { id: 2, name: 'primary' },
  { id: 3, name: 'purple' },
  { id: 4, name: 'spring-green' },
  { id: 5, name: 'verdure-green' },
  { id: 6, name: 'deep-green' },
] as const;
export type Theme = (typeof THEMES)[number];
export type ThemeId = Theme['id'];

/** True when `value` is one of the theme ids 1–6 (a number, not a numeric string). */
export function isThemeId(value: unknown): value is ThemeId {
  return THEMES.some((theme) => theme.id === value);
}

/** Sign-in (OpenID Connect client) defaults in seconds, as the sign-in library takes them: the session chart's timing. */
export const SIGN_IN_DEFAULTS = {
  silentRenewTimeoutSeconds: SESSION_TIMING.renewTimeoutMs / 1000,
  checkSessionIntervalSeconds: SESSION_TIMING.checkIntervalMs / 1000,
  accessTokenExpiringNotificationSeconds: SESSION_TIMING.expiringNoticeMs / 1000,
} as const;
