import { afterEach, describe, expect, it } from 'vitest';
import type { FeedbackDraft } from '../../machines/feedback/feedback.types';
import { feedbackDraftStore } from '../../src/features/help/feedbackDraft';
import { safeStorage } from '../../src/shared/state/safeStorage';

const draft: FeedbackDraft = {
  clientId: '4f1c2a9e-7b0d-4c55-9a3e-2f8d6b1e0c71',
  typeId: 'viewer',
  content: 'the viewer is slow on my phone',
  contact: '',
  images: [{ id: 'a', dataUrl: 'data:image/jpeg;base64,AAAA', bytes: 3, hasOriginal: true }],
  quality: 'original',
};

/** An IndexedDB that will not open, as some private modes answer: with an error, or blocked. */
function refusingIndexedDb(how: 'error' | 'blocked'): IDBFactory {
  return {
    open() {
      const opening = {} as IDBOpenDBRequest;
      queueMicrotask(() => (how === 'error' ? opening.onerror?.(new Event('error')) : opening.onblocked?.(new Event('blocked') as IDBVersionChangeEvent)));
      return opening;
    },
  } as unknown as IDBFactory;
}

const session = () => safeStorage(() => window.sessionStorage);
afterEach(() => window.sessionStorage.clear());

describe('the feedback draft store', () => {
  it.each(['error', 'blocked'] as const)('where IndexedDB will not open (%s), keeps the draft in session storage for the visit', async (how) => {
    const store = feedbackDraftStore(session(), refusingIndexedDb(how));
    expect(await store.load()).toBeNull();
    store.save(draft);
    // A reload: a new store over the same session storage finds it; the original is no longer in memory.
    expect(await feedbackDraftStore(session(), undefined).load()).toEqual({ ...draft, images: [{ ...draft.images[0], hasOriginal: false }] });
    store.clear();
    expect(await feedbackDraftStore(session(), undefined).load()).toBeNull();
  });

  it('without IndexedDB at all, uses session storage; a damaged record is no draft, and images without their ids are left out', async () => {
    const store = feedbackDraftStore(session(), undefined);
    store.save(draft);
    expect((await store.load())?.content).toBe(draft.content);
    window.sessionStorage.setItem('cf.feedbackDraft', '{not json');
    expect(await store.load()).toBeNull();
    window.sessionStorage.setItem('cf.feedbackDraft', JSON.stringify({ text: { ...draft, images: undefined, imageIds: ['a', 'b'] }, images: 'half written' }));
    expect(await store.load()).toMatchObject({ content: draft.content, images: [] });
  });

  it('with session storage refused too, the draft lives in memory for as long as the page does', async () => {
    const store = feedbackDraftStore(safeStorage(() => undefined), refusingIndexedDb('error'));
    expect(await store.load()).toBeNull();
    store.save(draft);
    expect((await store.load())?.content).toBe(draft.content);
    store.clear();
    expect(await store.load()).toBeNull();
  });
});
