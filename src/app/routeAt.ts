import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES, type RouteDef } from '../shared/navigation/routes';

const MATCHABLE: RouteObject[] = ROUTES.map((route) => ({ path: route.path, handle: route }));

/** The route of the table a path shows, matched as the router matches it (any case, a trailing slash). */
export function routeAt(pathname: string): RouteDef | undefined {
  return matchRoutes(MATCHABLE, pathname)?.at(-1)?.route.handle as RouteDef | undefined;
}
