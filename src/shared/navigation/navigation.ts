import type { Outcome } from '../api/errorCatalogue';
import type { MessageKey } from '../i18n/translate';
import type { SafeStorage } from '../state/safeStorage';
import { FILM_ID_QUERY, ROUTE } from './routes';

/** The film detail: index with the film id (spec section 2). */
export function filmDetailHref(collectFilmId: string): string {
  return `${ROUTE.index.path}?${new URLSearchParams({ [FILM_ID_QUERY]: collectFilmId }).toString()}`;
}

export interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

export function fullPath(location: PathParts): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The back-path of the error page, only ever a same-origin path: an absolute URL, a
 * protocol-relative `//host` or a `javascript:` value is dropped, and so is a path that reads as
 * one once resolved (`/.//host`: the router would take `//host` for another origin).
 */
export function safeBackPath(value: string | null | undefined, origin: string): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Query keys of the error pages. */
export const ERROR_QUERY = {
  code: 'code',
  message: 'msg',
  messageKey: 'key',
  network: 'network',
  back: 'back',
} as const;

/** Where an outcome of the error catalogue is shown, or null when nothing is to be shown. */
export function outcomeHref(outcome: Outcome): string | null {
  if (outcome.to !== 'error' && outcome.to !== 'errorStop') return null;
  const query = new URLSearchParams();
  if (outcome.code !== undefined) query.set(ERROR_QUERY.code, String(outcome.code));
  if (outcome.message) query.set(ERROR_QUERY.message, outcome.message);
  if (outcome.to === 'error') {
    if (outcome.messageKey) query.set(ERROR_QUERY.messageKey, outcome.messageKey);
    if (outcome.network) query.set(ERROR_QUERY.network, '1');
  }
  const path = outcome.to === 'error' ? ROUTE.error.path : ROUTE.errorStop.path;
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export interface ErrorPageParams {
  code: string | null;
  message: string | null;
  messageKey: MessageKey | null;
  network: boolean;
  back: string | null;
}

export function readErrorParams(
  search: string,
  origin: string,
  isMessageKey: (key: string) => key is MessageKey,
): ErrorPageParams {
  const query = new URLSearchParams(search);
  const key = query.get(ERROR_QUERY.messageKey);
  const code = query.get(ERROR_QUERY.code);
  return {
    code: code && /^-?\d{1,6}$/.test(code) ? code : null,
    message: query.get(ERROR_QUERY.message)?.slice(0, 300) || null,
    messageKey: key && key.startsWith('error.') && isMessageKey(key) ? key : null,
    network: query.get(ERROR_QUERY.network) === '1',
    back: safeBackPath(query.get(ERROR_QUERY.back), origin),
  };
}

/**
 * Entering the error page from another page rewrites its address to carry a back-path of the
 * previous full path (spec section 2). Returns the address to replace with, or null.
 */
export function errorAddressWithBack(current: PathParts, previousFullPath: string | null): string | null {
  if (current.pathname !== ROUTE.error.path || !previousFullPath) return null;
  const query = new URLSearchParams(current.search);
  if (query.has(ERROR_QUERY.back)) return null;
  if (new URL(previousFullPath, 'http://x').pathname === ROUTE.error.path) return null;
  query.set(ERROR_QUERY.back, previousFullPath);
  return `${current.pathname}?${query.toString()}${current.hash}`;
}

export const ENTRY_URL_KEY = 'cf.entryUrl';

/**
 * The entry URL (the first URL of the visit) is remembered and stored again after each navigation
 * (spec section 2): the WeChat JS-SDK on iOS signs it, not the current address.
 */
export function createEntryUrlMemory(storage: SafeStorage, firstUrl: string) {
  // A reload is a new landing for iOS WeChat, so the entry is this page load's URL, not a stored one.
  const entry = firstUrl;
  return {
    entryUrl: () => entry,
    afterNavigation: () => storage.set(ENTRY_URL_KEY, entry),
  };
}
export type EntryUrlMemory = ReturnType<typeof createEntryUrlMemory>;
