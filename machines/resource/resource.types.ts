/**
 * Something a screen loads and shows as it is (film sheets, HD images, a study's tags, the home
 * page's badges): loading, then shown, or failed with a way to try again.
 */
export interface ResourceInput<R> {
  /** What to ask for (a film id, nothing): the `load` actor's input. */
  request: R;
}

export interface ResourceContext<T, R> {
  request: R;
  data: T | null;
}

export type ResourceEvent =
  /** Try a failed load again. */
  | { type: 'RETRY' }
  /** Load it again: another chart changed it on the server. */
  | { type: 'RELOAD' };
