import type { Share } from '../../shared/api/shareSchemas';

/**
 * Whether a share still opens, for its row, the new-share panel and the share log alike: not
 * revoked just now (the list may not have reloaded yet) and active as the server says (a share the
 * list does not hold yet, just made in the panel, is active).
 */
export function isLiveShare(shareId: string, stateOnServer: Share['state'] | undefined, revokedJustNow: string | null): boolean {
  return shareId !== revokedJustNow && (stateOnServer ?? 'active') === 'active';
}

/** The state a share shows: revoked at once when the patient just revoked it. */
export function shownShareState(stateOnServer: Share['state'], live: boolean): Share['state'] {
  return live || stateOnServer !== 'active' ? stateOnServer : 'revoked';
}
