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
 * the chunk before the screen renders (as the app starts: issue 26); the render then finds it in
 * the browser's module map.
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return Object.assign(
    lazy(() => withTimeout(load())),
    {
      preload: () => {
        load().catch(() => {
          // The render asks again and says what went wrong.
        });
      },
    },
  );
}
