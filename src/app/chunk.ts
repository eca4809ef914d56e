import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/rules/constants';

export class ChunkLoadError extends Error {
  constructor(reason: string) {
    super(`screen chunk did not load: ${reason}`);
    this.name = 'ChunkLoadError';
  }
}

/** Rejects when the import takes longer than the chunk-load timeout (spec section 9). */
export function withTimeout<T>(load: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`timed out after ${ms} ms`)), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/**
 * A lazily loaded screen: its own chunk, loaded on first visit, failing visibly. `preload` asks for
 * the chunk before the screen renders (as the app starts, or on a press: issue 26).
 *
 * A chunk that has arrived by the time the screen first renders is handed over in that render. A
 * lazy component that suspends shows its fallback for at least a microtask, and React then holds
 * the revealed screen back until 300 ms after that fallback appeared (its Suspense throttle), so a
 * screen whose code was already here would still wait a third of a second.
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  let arrived: { default: ComponentType<P> } | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      arrived = module;
      return module;
    });
  return Object.assign(
    lazy(() => (arrived ? handedOver(arrived) : withTimeout(loadAndKeep()))),
    {
      preload: () => {
        loadAndKeep().catch(() => {
          // The render asks again and says what went wrong.
        });
      },
    },
  );
}

/**
 * A module already here, in the form React.lazy takes: its `then` calls back at once, so the lazy
 * component reads the module as loaded inside its first render and does not suspend. (React calls
 * nothing on a lazy's promise but `then`.)
 */
function handedOver<T>(value: T): Promise<T> {
  const thenable = {
    then(onFulfilled?: (value: T) => unknown) {
      onFulfilled?.(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}
