import { createBrowserRouter, replace, type RouteObject } from 'react-router-dom';
import { ErrorView } from '../features/errors/ErrorScreen';
import { AppShell, type RouteHandle } from './AppShell';
import { ChunkFailed } from './ScreenBoundary';
import { RouteScreen } from './RouteScreen';
import { ALIAS_REDIRECTS, ROUTES } from '../shared/navigation/routes';
import { screenFor } from './screens';

function Nothing() {
  return null;
}

function NotFound() {
  return <ErrorView code="404" message={null} messageKey="error.notFound" network={false} />;
}

/**
 * History-mode routes, all generated from the one route table. An alias (the QR entry, /about-us)
 * leads to its route keeping the query, and replaces the history entry on a first page load as in
 * an in-app navigation: back never returns to the alias, which would only redirect forward again.
 */
export function appRoutes(): RouteObject[] {
  return [
    ...ALIAS_REDIRECTS.map(
      ({ from, to }): RouteObject => ({
        path: from,
        loader: ({ request }) => replace(`${to.path}${new URL(request.url).search}`),
        // Never shown: the loader always answers with the redirect.
        Component: Nothing,
        HydrateFallback: Nothing,
      }),
    ),
    {
      element: <AppShell />,
      errorElement: <ChunkFailed />,
      children: [
        ...ROUTES.map(
          (route): RouteObject => ({
            path: route.path,
            element: <RouteScreen route={route} screen={screenFor(route.name)} />,
            handle: { route } satisfies RouteHandle,
          }),
        ),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
