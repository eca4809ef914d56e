import { useEffect, useRef } from 'react';
import { useServices } from '../shared/services';
import { isPublicRoute, routeByPath, type RouteDef, type RouteName } from '../shared/navigation/routes';
import { firstCalls } from './firstCalls';
import { preloadScreen } from './screens';

/**
 * The next screen, fetched while the finger is still down (issue 26): a press (or keyboard focus)
 * on a link into the app asks for that screen's chunk and, when the tab holds the credential it
 * needs, its first reads (src/app/firstCalls.ts), so the tap lands on a screen already on its way.
 * A kept-alive screen the patient has seen is left alone: it comes back as it was, asking nothing.
 */
export function useIntentPrefetch(current: RouteDef | undefined) {
  const { api, session, passes } = useServices();
  const kept = useRef(new Set<RouteName>());
  useEffect(() => {
    if (current?.keepAlive) kept.current.add(current.name);
  }, [current]);
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const route = routeByPath(link.pathname);
      if (!route || kept.current.has(route.name)) return;
      preloadScreen(route.name, link.search);
      const mayRead = session.status() === 'signedIn' || (isPublicRoute(route) && passes.current() !== null);
      if (mayRead) api.prefetch(firstCalls(route.name, link.search));
    };
    document.addEventListener('pointerdown', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerdown', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [api, session, passes]);
}
