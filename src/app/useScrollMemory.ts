import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RouteDef, RouteName } from '../shared/navigation/routes';

/**
 * Every navigation scrolls to the top (spec section 2), except that a kept-alive route comes back
 * at the scroll position it was left at. `path` is the full path: a navigation to the current
 * location changes nothing, so it does not scroll either.
 */
export function useScrollMemory(route: RouteDef | undefined, path: string) {
  const positions = useRef(new Map<RouteName, number>());

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    if (!route?.keepAlive) return;
    const name = route.name;
    const remember = () => positions.current.set(name, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [route]);

  useLayoutEffect(() => {
    const saved = route?.keepAlive ? positions.current.get(route.name) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [path, route]);
}
