import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A handler whose identity never changes and that always runs the latest one given: a list can
 * hand it to every card and the cards (memo) skip re-rendering when only the screen around them
 * changed (a dialog opening over the list). For event handlers only: it reads the latest handler
 * as of the last commit, not the render in progress.
 */
export function useStableHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
