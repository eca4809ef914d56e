import { useLocation, useNavigate } from 'react-router-dom';
import { filmIdOf, isPublicRoute, ROUTE, routeByPath, type RouteDef } from './routes';
import { readErrorParams } from './navigation';
import { isMessageKey } from '../i18n/translate';

/** In-app history depth as React Router records it: 0 on a page entered directly. */
export function historyIndex(): number {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
}

/**
 * Where "back" goes: the previous in-app page, else the error page's back-path, else nowhere
 * (a page entered directly has no back button).
 */
export function useBack(): { canGoBack: boolean; goBack: () => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const back = readErrorParams(location.search, window.location.origin, isMessageKey).back;
  const isErrorPage = location.pathname === ROUTE.error.path;
  if (historyIndex() > 0) return { canGoBack: true, goBack: () => void navigate(-1) };
  if (isErrorPage && back) return { canGoBack: true, goBack: () => void navigate(back, { replace: true }) };
  return { canGoBack: false, goBack: () => {} };
}

/**
 * Whether a page offers the way home in the top bar, in the back button's place when there is no
 * back (a page entered directly, e.g. from a WeChat menu): every page but Home itself, the entry
 * page (index without a film id) and the sign-in protocol pages. An unknown path offers it too.
 */
export function offersHome(route: RouteDef | undefined, search: string): boolean {
  if (!route) return true;
  if (route.name === 'Home' || route.protocol) return false;
  return route.name !== 'index' || filmIdOf(search) !== null;
}

/** A page of the app (not a sign-in step) that needs no sign-in. */
function isOpenPage(path: string): boolean {
  const route = routeByPath(new URL(path, 'http://x').pathname);
  return route !== undefined && !route.protocol && isPublicRoute(route);
}

/**
 * Where "back" leads from a cancelled sign-in (issue 24 §7): the page the sign-in began on when
 * anyone may see it; else the page before in this tab (the sign-in round trip leaves the
 * provider's pages out of the history); else the page the sign-in was headed for when it needs no
 * sign-in; else the start page.
 */
export function backFromCancelledSignIn(from: string | null, returnTo: string, pagesBefore: number): { page: string } | 'previous' {
  if (from !== null && isOpenPage(from)) return { page: from };
  if (pagesBefore > 0) return 'previous';
  return { page: isOpenPage(returnTo) ? returnTo : ROUTE.index.path };
}
