import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { ErrorView } from '../features/errors/ErrorScreen';
import { AppShell, type RouteHandle } from './AppShell';
import { ChunkFailed } from './ScreenBoundary';
import { RouteScreen } from './RouteScreen';
import { ROUTES, SELFHELP_REDIRECT } from '../shared/navigation/routes';
import { screenFor } from './screens';

function NotFound() {
  return <ErrorView code="404" message={null} messageKey="error.notFound" network={false} />;
}

/** History-mode routes, all generated from the one route table. */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: SELFHELP_REDIRECT.from,
      loader: ({ request }) => redirect(`${SELFHELP_REDIRECT.to}${new URL(request.url).search}`),
    },
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
