/**
 * What a patient types is kept under this prefix in sessionStorage, so it survives a 401 and the
 * sign-in round trip (the 401 rule clears everything else in session storage). An explicit
 * sign-out forgets drafts too: the session storage's, and the draft databases below.
 */
export const DRAFT_PREFIX = 'cf.draft.';

/** The feedback draft's IndexedDB database (its images do not fit in session storage: features/help/feedbackDraft.ts). */
export const FEEDBACK_DRAFT_DATABASE = 'cloud-film-feedback';
/** Every IndexedDB database that keeps drafts. */
const DRAFT_DATABASES = [FEEDBACK_DRAFT_DATABASE] as const;

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

/**
 * Deletes every draft database (an explicit sign-out). A page that has one open closes it when
 * asked (feedbackDraft.ts), so the deletion goes through at once; settles when it is done, failed,
 * or still waiting for a connection to close (it then goes through once it does).
 */
export async function forgetDraftDatabases(factory: IDBFactory | undefined): Promise<void> {
  if (!factory) return;
  await Promise.all(
    DRAFT_DATABASES.map(
      (name) =>
        new Promise<void>((resolve) => {
          try {
            const deleting = factory.deleteDatabase(name);
            deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
          } catch {
            // Blocked storage holds no draft.
            resolve();
          }
        }),
    ),
  );
}
