import { describe, expect, it } from 'vitest';
import { FEEDBACK_DRAFT_DATABASE, forgetDraftDatabases } from '../../src/shared/state/drafts';

/** An IndexedDB whose deletions end the way the test says: done, failed, or waiting for an open connection. */
function indexedDbThat(outcome: 'success' | 'error' | 'blocked' | 'throws') {
  const deleted: string[] = [];
  const factory = {
    deleteDatabase(name: string) {
      if (outcome === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      deleted.push(name);
      const deleting = {} as IDBOpenDBRequest;
      const handler = { success: 'onsuccess', error: 'onerror', blocked: 'onblocked' }[outcome] as 'onsuccess' | 'onerror' | 'onblocked';
      queueMicrotask(() => (deleting[handler] as ((event: Event) => void) | null)?.(new Event(outcome)));
      return deleting;
    },
  } as unknown as IDBFactory;
  return { factory, deleted };
}

describe('forgetting the draft databases (an explicit sign-out)', () => {
  it.each(['success', 'error', 'blocked'] as const)('asks to delete the feedback draft database, and is done when the deletion says %s', async (outcome) => {
    const db = indexedDbThat(outcome);
    await forgetDraftDatabases(db.factory);
    expect(db.deleted).toEqual([FEEDBACK_DRAFT_DATABASE]);
  });

  it('is done at once where there is no IndexedDB, or it is blocked', async () => {
    await expect(forgetDraftDatabases(undefined)).resolves.toBeUndefined();
    await expect(forgetDraftDatabases(indexedDbThat('throws').factory)).resolves.toBeUndefined();
  });
});
