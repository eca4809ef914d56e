import type { SafeStorage } from '../state/safeStorage';

/**
 * A study pass (issue 13): what lets someone who is not signed in read studies. A passed SMS
 * verification brings one over the verified person's studies (`collect`); an opened share, over
 * the shared study, read-only (`share`); the hospital's demo study opened from experience, read-only
 * as well (`experience`, issue 14). It lives in this tab's session storage, goes in the
 * X-Study-Pass header of every call, and is gone when the tab closes or the 401 rule clears
 * session storage.
 */
export interface HeldPass {
  token: string;
  scope: 'collect' | 'share' | 'experience';
  /** The studies it opens, when known (a share's one study); null: all of the verified person's. */
  studyIds: readonly string[] | null;
  /** ISO time. */
  expiresAt: string;
}

export interface StudyPassStore {
  /** The pass while it has not expired. */
  current(): HeldPass | null;
  keep(pass: HeldPass): void;
  forget(): void;
  /** True when the study is shown through someone's share or as the demo study: read-only, nothing to buy or pass on. */
  isSharedView(collectFilmId: string): boolean;
}

const KEY = 'cf.studyPass';

export function studyPassStore(storage: SafeStorage, now: () => number = Date.now): StudyPassStore {
  const current = (): HeldPass | null => {
    try {
      const pass = JSON.parse(storage.get(KEY) ?? 'null') as HeldPass | null;
      return pass && typeof pass.token === 'string' && Date.parse(pass.expiresAt) > now() ? pass : null;
    } catch {
      return null;
    }
  };
  return {
    current,
    keep: (pass) => storage.set(KEY, JSON.stringify(pass)),
    forget: () => storage.remove(KEY),
    isSharedView: (collectFilmId) => {
      const pass = current();
      const readOnly = pass?.scope === 'share' || pass?.scope === 'experience';
      return readOnly && (pass.studyIds ?? []).includes(collectFilmId);
    },
  };
}
