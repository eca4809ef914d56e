import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorView } from '../features/errors/ErrorScreen';
import { AppShell } from './AppShell';
import { ScreenBoundary } from './ScreenBoundary';
import { RouteScreen } from './RouteScreen';
import { ALIAS_REDIRECTS, ROUTES, type RouteDef } from '../shared/navigation/routes';
import { screenFor } from './screens';

function NotFound() {
  return <ErrorView code="404" message={null} messageKey="error.notFound" network={false} />;
}

/** An alias leads to its route keeping the query, in place of itself in the history. */
function AliasRedirect({ to }: { to: RouteDef }) {
  const { search } = useLocation();
  return <Navigate to={`${to.path}${search}`} replace />;
}

/**
 * History-mode routes, all generated from the one route table, in react-router's declarative mode:
 * the app loads no data through the router, and its data router would cost every first screen
 * 15 KB more of the entry (issue 26). An alias (the QR entry, /about-us) leads to its route keeping
 * the query, and replaces the history entry on a first page load as in an in-app navigation: back
 * never returns to the alias, which would only redirect forward again.
 */
export function appRoutes(): RouteObject[] {
  return [
    ...ALIAS_REDIRECTS.map(({ from, to }): RouteObject => ({ path: from, element: <AliasRedirect to={to} /> })),
    {
      element: (
        <ScreenBoundary resetKey="shell">
          <AppShell />
        </ScreenBoundary>
      ),
      children: [
        ...ROUTES.map((route): RouteObject => ({ path: route.path, element: <RouteScreen route={route} screen={screenFor(route.name)} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

const ROUTE_TREE = appRoutes();

/** The app's screens at the router's address. */
export function AppRoutes() {
  return useRoutes(ROUTE_TREE);
}
