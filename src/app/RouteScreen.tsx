import { Suspense, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../shared/i18n/I18nProvider';
import { useSessionStatus } from '../shared/session/useSession';
import { Busy } from '../shared/views/Busy';
import { VisitorEntry } from '../shared/views/VisitorEntry';
import { SkeletonList } from '../shared/views/Skeleton';
import { fullPath } from '../shared/navigation/navigation';
import { isPublicRoute, type RouteDef, type ScreenProps } from '../shared/navigation/routes';
import { ScreenBoundary } from './ScreenBoundary';
import { useServices } from '../shared/services';

/** One route's screen: the login guard, the lazy chunk, and what shows while it loads or fails. */
export function RouteScreen({ route, screen: Screen }: { route: RouteDef; screen: ComponentType<ScreenProps> }) {
  const { session } = useServices();
  const location = useLocation();
  const { t } = useI18n();
  const status = useSessionStatus();
  const guarded = !isPublicRoute(route);
  // After a sign-in the patient cancelled (or that failed), a page that needs one asks: it never
  // sends them to the provider again by itself (and the calm page the session shows meanwhile is
  // not raced by a new redirect from the page being left).
  const signInProblem = status === 'signedOut' ? session.signInProblem() : null;
  const mustSignIn = guarded && status === 'signedOut' && signInProblem === null;
  const returnTo = fullPath(location);

  useEffect(() => {
    if (mustSignIn) session.signIn(returnTo);
  }, [mustSignIn, returnTo, session]);

  if (guarded && signInProblem !== null) return <VisitorEntry signInTo={returnTo} />;
  if (guarded && status !== 'signedIn') return <Busy label={t(mustSignIn ? 'session.redirecting' : 'app.loading')} />;
  return (
    <ScreenBoundary resetKey={route.name}>
      {/*
        A boundary per route: the router navigates in a transition, and a boundary already on screen
        would keep the last route's screen up, and taking input, while this route's chunk loads (on
        newCheck -> verification, the code typed meanwhile went to the screen being left).
      */}
      <Suspense key={route.name} fallback={<SkeletonList label={t('app.loading')} />}>
        <Screen route={route} />
      </Suspense>
    </ScreenBoundary>
  );
}
