/**
 * One resource loaded from somewhere (a detail, a setting, a first page): loading, then loaded
 * or failed; a failure can be retried and a loaded resource reloaded.
 */
export interface ResourceContext<T> {
  /** The last value loaded; kept while reloading so the screen does not go blank. */
  data: T | null;
  /** Why the last load failed, as the loader threw it. */
  error: unknown;
}

export type ResourceEvent =
  /** The patient asked to try a failed load again. */
  | { type: 'RETRY' }
  /** Load again (pull-to-refresh, coming back to a screen). */
  | { type: 'RELOAD' };
