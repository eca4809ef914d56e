/**
 * A Storage that never throws: blocked storage (private mode, disabled cookies) or a full
 * quota leaves the app running from memory instead of breaking it.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  clear(): void;
  /** The keys that begin with `prefix`, in storage and in the memory fallback. */
  keys(prefix: string): string[];
  /** True while the real storage is answering. */
  readonly persistent: boolean;
}

export function safeStorage(open: () => Storage | undefined | null): SafeStorage {
  const memory = new Map<string, string>();
  let real: Storage | null = null;
  try {
    real = open() ?? null;
    if (real) {
      const probe = '__cf_probe__';
      real.setItem(probe, probe);
      real.removeItem(probe);
    }
  } catch {
    real = null;
  }
  return {
    get persistent() {
      return real !== null;
    },
    get(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      try {
        return real?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (real) {
          real.setItem(key, value);
          memory.delete(key);
          return;
        }
      } catch {
        // Quota exceeded or storage revoked: keep the value for this visit at least.
      }
      memory.set(key, value);
    },
    remove(key) {
      memory.delete(key);
      try {
        real?.removeItem(key);
      } catch {
        // nothing to keep
      }
    },
    keys(prefix) {
      const found = new Set([...memory.keys()].filter((key) => key.startsWith(prefix)));
      try {
        for (let i = 0; real && i < real.length; i++) {
          const key = real.key(i);
          if (key?.startsWith(prefix)) found.add(key);
        }
      } catch {
        // storage revoked: the memory fallback is all there is
      }
      return [...found];
    },
    clear() {
      memory.clear();
      try {
        real?.clear();
      } catch {
        // nothing to keep
      }
    },
  };
}
