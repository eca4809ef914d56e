/**
 * What a patient types is kept under this prefix in sessionStorage, so it survives a 401 and the
 * sign-in round trip (the 401 rule clears everything else in session storage).
 */
export const DRAFT_PREFIX = 'cf.draft.';

/** Spec section 8's "clear session storage", keeping the patient's unsent drafts. */
export function clearSessionKeepingDrafts(storage: Storage | null): void {
  if (!storage) return;
  try {
    const drafts: Array<[string, string]> = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      const value = key?.startsWith(DRAFT_PREFIX) ? storage.getItem(key) : null;
      if (key && value !== null) drafts.push([key, value]);
    }
    storage.clear();
    drafts.forEach(([key, value]) => storage.setItem(key, value));
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
