import type { FeedbackDraft, FeedbackImage } from '../../../machines/feedback/feedback.types';
import { FEEDBACK_DRAFT_DATABASE } from '../../shared/state/drafts';
import type { SafeStorage } from '../../shared/state/safeStorage';

/**
 * Where the feedback draft waits for a reload. Decision (issue 14): IndexedDB. Nine compressed
 * images as data URLs are 2-4 MB, and session storage has about 5 MB per site shared with the
 * sign-in tokens and the rest of the app (less in some private modes), so a full draft would not
 * fit there reliably; IndexedDB holds it easily and is written without blocking the page. The
 * text and the images are two records, so typing does not rewrite megabytes of images each time.
 * Data URLs rather than Blobs: older iOS WebKit could not keep Blobs in IndexedDB. Where there is
 * no IndexedDB (blocked, or a test's jsdom) the draft goes to session storage, which keeps it in
 * memory when full.
 */
export interface DraftStore {
  load(): Promise<FeedbackDraft | null>;
  save(draft: FeedbackDraft): void;
  clear(): void;
}

const DB_NAME = FEEDBACK_DRAFT_DATABASE;
const STORE = 'draft';
const TEXT_KEY = 'text';
const IMAGES_KEY = 'images';
const FALLBACK_KEY = 'cf.feedbackDraft';

type DraftText = Omit<FeedbackDraft, 'images'> & { imageIds: string[] };

const isText = (value: unknown): value is DraftText =>
  typeof value === 'object' && value !== null && typeof (value as DraftText).clientId === 'string' && Array.isArray((value as DraftText).imageIds);

const isImages = (value: unknown): value is FeedbackImage[] =>
  Array.isArray(value) && value.every((image) => typeof image === 'object' && image !== null && typeof (image as FeedbackImage).dataUrl === 'string');

/** The draft from its two parts; images found without their ids (a half-written save) are left out. After a reload no original is in memory. */
function assemble(text: unknown, images: unknown): FeedbackDraft | null {
  if (!isText(text)) return null;
  const kept = isImages(images) ? images : [];
  const { imageIds, ...rest } = text;
  return {
    ...rest,
    typeId: typeof rest.typeId === 'string' ? rest.typeId : null,
    quality: rest.quality === 'original' ? 'original' : 'compressed',
    images: imageIds.flatMap((id) => kept.filter((image) => image.id === id).map((image) => ({ ...image, hasOriginal: false }))),
  };
}

const textOf = ({ images, ...rest }: FeedbackDraft): DraftText => ({ ...rest, imageIds: images.map((image) => image.id) });

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(factory: IDBFactory, onClosed: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = factory.open(DB_NAME, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onsuccess = () => {
      const db = opening.result;
      // Asked to make way (a sign-out deletes the drafts: drafts.ts): closed, and opened again when next needed.
      db.onversionchange = () => {
        db.close();
        onClosed();
      };
      resolve(db);
    };
    opening.onerror = () => reject(opening.error ?? new Error('IndexedDB would not open'));
    opening.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

function indexedDbStore(factory: IDBFactory): DraftStore {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= openDb(factory, () => (db = null)));
  // Writes one after another, so an older draft never lands after a newer one.
  let queue: Promise<unknown> = Promise.resolve();
  let savedImageIds: string | null = null;
  const write = (work: (store: IDBObjectStore) => void) => {
    queue = queue
      .then(async () => {
        const tx = (await database()).transaction(STORE, 'readwrite');
        work(tx.objectStore(STORE));
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
        });
      })
      // A draft that could not be kept is no reason to stop the patient writing.
      .catch(() => {});
  };
  return {
    async load() {
      const store = (await database()).transaction(STORE, 'readonly').objectStore(STORE);
      const [text, images] = await Promise.all([request(store.get(TEXT_KEY)), request(store.get(IMAGES_KEY))]);
      const draft = assemble(text, images);
      savedImageIds = draft ? JSON.stringify(draft.images.map((image) => image.id)) : null;
      return draft;
    },
    save(draft) {
      const ids = JSON.stringify(draft.images.map((image) => image.id));
      const imagesChanged = ids !== savedImageIds;
      savedImageIds = ids;
      write((store) => {
        store.put(textOf(draft), TEXT_KEY);
        if (imagesChanged) store.put(draft.images.map((image) => ({ ...image, hasOriginal: false })), IMAGES_KEY);
      });
    },
    clear() {
      savedImageIds = null;
      write((store) => store.clear());
    },
  };
}

function sessionStore(storage: SafeStorage): DraftStore {
  return {
    async load() {
      const raw = storage.get(FALLBACK_KEY);
      if (!raw) return null;
      try {
        const parsed = JSON.parse(raw) as { text?: unknown; images?: unknown };
        return assemble(parsed.text, parsed.images);
      } catch {
        return null;
      }
    },
    save(draft) {
      storage.set(FALLBACK_KEY, JSON.stringify({ text: textOf(draft), images: draft.images.map((image) => ({ ...image, hasOriginal: false })) }));
    },
    clear() {
      storage.remove(FALLBACK_KEY);
    },
  };
}

/** IndexedDB where the browser has it, else session storage (see DraftStore). */
export function feedbackDraftStore(fallback: SafeStorage, factory: IDBFactory | undefined = globalThis.indexedDB): DraftStore {
  if (!factory) return sessionStore(fallback);
  const idb = indexedDbStore(factory);
  const session = sessionStore(fallback);
  let usable = true;
  return {
    async load() {
      try {
        return await idb.load();
      } catch {
        // Blocked (some private modes): keep the draft in session storage for this visit.
        usable = false;
        return session.load();
      }
    },
    save: (draft) => (usable ? idb.save(draft) : session.save(draft)),
    clear: () => (usable ? idb.clear() : session.clear()),
  };
}
