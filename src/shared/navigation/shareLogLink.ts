import { ROUTE } from './routes';

/** The share list's query naming the share whose openings it shows on top (issue 27 §4). */
export const SHARE_LOG_QUERY = 'share';

/** The share's openings, its notice switch and revoke: where the owner's notice links. */
export function shareLogHref(shareId: string): string {
  return `${ROUTE.shareList.path}?${SHARE_LOG_QUERY}=${encodeURIComponent(shareId)}`;
}

/** The share an address's query names for its log, or null. */
export function shareLogIdOf(search: string): string | null {
  return new URLSearchParams(search).get(SHARE_LOG_QUERY)?.trim() || null;
}
