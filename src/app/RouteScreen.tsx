import { Suspense, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/I18nProvider';
import { useSessionStatus } from '../session/useSession';
import { Busy } from '../views/Busy';
import { SkeletonList } from '../views/Skeleton';
import { fullPath } from './navigation';
import { isPublicRoute, type RouteDef } from './routes';
import { ScreenBoundary } from './ScreenBoundary';
import type { ScreenProps } from './screens';
import { useServices } from './services';

/** One route's screen: the login guard, the lazy chunk, and what shows while it loads or fails. */
export function RouteScreen({ route, screen: Screen }: { route: RouteDef; screen: ComponentType<ScreenProps> }) {
  const { session } = useServices();
  const location = useLocation();
  const { t } = useI18n();
  const status = useSessionStatus();
  const guarded = !isPublicRoute(route);
  const mustSignIn = guarded && status === 'signedOut';
  const returnTo = fullPath(location);

  useEffect(() => {
    if (mustSignIn) session.signIn(returnTo);
  }, [mustSignIn, returnTo, session]);

  if (guarded && status !== 'signedIn') return <Busy label={t(mustSignIn ? 'session.redirecting' : 'app.loading')} />;
  return (
    <ScreenBoundary resetKey={route.name}>
      <Suspense fallback={<SkeletonList label={t('app.loading')} />}>
        <Screen route={route} />
      </Suspense>
    </ScreenBoundary>
  );
}
