import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useOutlet } from 'react-router-dom';
import { useI18n } from '../shared/i18n/I18nProvider';
import { TopBar } from '../shared/views/TopBar';
import * as ui from '../shared/views/ui.css';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { FamilyBanner } from '../features/family/FamilyBanner';
import { errorAddressWithBack, fullPath } from '../shared/navigation/navigation';
import { ROUTE } from '../shared/navigation/routes';
import { routeAt } from './routeAt';
import { useServices } from '../shared/services';
import { offersHome, useBack } from '../shared/navigation/useBack';
import { useScrollMemory } from './useScrollMemory';
import { useIntentPrefetch } from './useIntentPrefetch';

/** The frame around every screen: top bar, content, and the rules every navigation follows. */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = routeAt(location.pathname);
  const outlet = useOutlet();
  const { t } = useI18n();
  const { entryUrl } = useServices();
  const { canGoBack, goBack } = useBack();
  const path = fullPath(location);
  const previousPath = useRef<string | null>(null);

  useScrollMemory(route, path);
  useIntentPrefetch(route);

  useEffect(() => {
    const rewritten = errorAddressWithBack(location, previousPath.current);
    previousPath.current = path;
    entryUrl.afterNavigation();
    if (rewritten) void navigate(rewritten, { replace: true });
  }, [path, location, navigate, entryUrl]);

  const showBack = canGoBack && route?.name !== 'Home';
  const showHome = !showBack && offersHome(route, location.search);
  return (
    <div className={ui.app} data-route={route?.name ?? 'notFound'}>
      <TopBar
        title={t(route?.titleKey ?? 'route.error')}
        onBack={showBack ? goBack : undefined}
        onHome={showHome ? () => void navigate(ROUTE.Home.path) : undefined}
      />
      <FamilyBanner />
      <main className={ui.content}>
        <KeepAliveOutlet route={route} outlet={outlet} />
      </main>
    </div>
  );
}
