import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES, type RouteDef } from '../shared/navigation/routes';

/**
 * A path as react-router compares it: decoded, trailing slashes aside, in any case. Only ever too
 * lenient (an encoded slash decodes to one here), since react-router still decides the match.
 */
function comparable(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // react-router keeps a path it cannot decode as it is.
  }
  return decoded.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The routes of the table a path can match: by their path or an alias. react-router flattens and
 * ranks every route it is handed on each match (12 ms of the first render in one unthrottled
 * profile, about 1 ms of each navigation: issue 26), so the router and the shell hand it only
 * these, and it still decides the match itself.
 */
export function routesNear(pathname: string): readonly RouteDef[] {
  const wanted = comparable(pathname);
  return ROUTES.filter((route) => [route.path, ...route.aliases].some((address) => address.toLowerCase() === wanted));
}

/** The route of the table a path shows, matched as the router matches it (any case, a trailing slash). */
export function routeAt(pathname: string): RouteDef | undefined {
  const matchable: RouteObject[] = routesNear(pathname).map((route) => ({ path: route.path, handle: route }));
  return matchRoutes(matchable, pathname)?.at(-1)?.route.handle as RouteDef | undefined;
}
