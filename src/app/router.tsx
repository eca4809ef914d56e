import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorView } from '../features/errors/ErrorScreen';
import { AppShell } from './AppShell';
import { ScreenBoundary } from './ScreenBoundary';
import { RouteScreen } from './RouteScreen';
import { ALIAS_REDIRECTS, ROUTES, type RouteDef } from '../shared/navigation/routes';
import { screenFor } from './screens';
import { routesNear } from './routeAt';

function NotFound() {
  return <ErrorView code="404" message={null} messageKey="error.notFound" network={false} />;
}

/** An alias leads to its route keeping the query, in place of itself in the history. */
function AliasRedirect({ to }: { to: RouteDef }) {
  const { search } = useLocation();
  return <Navigate to={`${to.path}${search}`} replace />;
}

/**
 * History-mode routes, generated from the one route table (`routes`: the part of it an address can
 * match, `appRoutesAt`), in react-router's declarative mode:
 * the app loads no data through the router, and its data router would cost every first screen
 * 15 KB more of the entry (issue 26). An alias (the QR entry, /about-us) leads to its route keeping
 * the query, and replaces the history entry on a first page load as in an in-app navigation: back
 * never returns to the alias, which would only redirect forward again.
 */
export function appRoutes(routes: readonly RouteDef[] = ROUTES): RouteObject[] {
  return [
    ...ALIAS_REDIRECTS.filter(({ to }) => routes.includes(to)).map(({ from, to }): RouteObject => ({ path: from, element: <AliasRedirect to={to} /> })),
    {
      element: (
        <ScreenBoundary resetKey="shell">
          <AppShell />
        </ScreenBoundary>
      ),
      children: [
        ...routes.map((route): RouteObject => ({ path: route.path, element: <RouteScreen route={route} screen={screenFor(route.name)} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

const TREES = new Map<string, RouteObject[]>();

/**
 * The route tree for an address: the shell, the routes and aliases the address can match
 * (`routesNear`), and the not-found page. The same as the whole table's match, for a fraction of
 * the ranking; one tree per set of routes, made once.
 */
export function appRoutesAt(pathname: string): RouteObject[] {
  const near = routesNear(pathname);
  const key = near.map((route) => route.name).join(' ');
  let tree = TREES.get(key);
  if (!tree) {
    tree = appRoutes(near);
    TREES.set(key, tree);
  }
  return tree;
}

/** The app's screens at the router's address. */
export function AppRoutes() {
  return useRoutes(appRoutesAt(useLocation().pathname));
}
