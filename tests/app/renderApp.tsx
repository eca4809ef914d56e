import { render } from '@testing-library/react';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { Outlet, UNSAFE_createMemoryHistory as createMemoryHistory, unstable_HistoryRouter as HistoryRouter, useLocation, useNavigate, useNavigationType, useRoutes, type Location, type NavigateFunction, type NavigationType, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { familyMemberStore } from '../../src/shared/session/familyMember';
import { studyPassStore } from '../../src/shared/session/studyPass';
import { textSizeStore } from '../../src/shared/theme/textSize';
import { createApiClient } from '../../src/shared/api/client';
import type { Prefetched } from '../../src/shared/api/prefetch';
import { createEntryUrlMemory, fullPath } from '../../src/shared/navigation/navigation';
import { appRoutesAt } from '../../src/app/router';
import { ServicesProvider, type AppServices } from '../../src/shared/services';
import type { RuntimeConfig } from '../../src/shared/config/runtimeConfig';
import type { PayWayNow } from '../../machines/payment/payment.types';
import { showTimesIn } from '../../src/shared/rules/dates';
import { I18nProvider } from '../../src/shared/i18n/I18nProvider';
import type { Locale } from '../../src/shared/i18n/locale';
import type { AppSession, SessionStatus } from '../../src/shared/session/appSession';
import { createClientStateStore } from '../../src/shared/state/clientState';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { createAnalytics } from '../../src/shared/analytics/analytics';
import { createAuditInspector } from '../../src/shared/audit/auditInspector';
import { ToastProvider } from '../../src/shared/views/Toast';
import { API_BASE } from '../msw/fixtures';

export const testConfig: RuntimeConfig = {
  productTitle: '电子云胶片',
  apiBaseUrl: API_BASE,
  oidc: { authority: 'http://localhost/oidc', clientId: 'web', scope: 'openid' },
  allowedRedirectOrigins: ['http://localhost'],
  defaultTheme: 2,
  imageArchiveOrigins: [],
  imageArchives: [],
  timeZone: 'Asia/Shanghai',
  qaPanel: false,
};

type RenderOptions = {
  session?: SessionStatus;
  /** How the last sign-in ended when it did not sign in (the session chart's failed or cancelled). */
  signInProblem?: 'failed' | 'cancelled' | null;
  /** Why it failed, as the provider or the browser said it. */
  signInError?: string;
  /** Where the sign-in was headed. */
  signInReturnTo?: string;
  /** After a cancelled sign-in: the page it began on. */
  signInCancelledFrom?: string;
  locale?: Locale;
  payWay?: PayWayNow | (() => PayWayNow);
  /** The clock the app's charts wait on (a SimulatedClock, advanced by the test); real time without it. */
  clock?: AppServices['clock'];
  /** The runtime configuration where a test needs another (testConfig otherwise). */
  config?: Partial<RuntimeConfig>;
  /** WeChat's image chooser, map and scanner as a test wants them (unavailable, as outside WeChat, by default). */
  wechat?: Partial<Pick<AppServices['wechat'], 'chooseImages' | 'openLocation' | 'scanCode' | 'ready' | 'subscribe' | 'whenPayReady' | 'retry'>>;
  /** The first reads sent as the app started (src/main.tsx does it with src/app/firstCalls.ts). */
  prefetched?: Prefetched;
  /** The API client as a test wants it, made from the app's (an upload that reports progress, say). */
  api?: (api: AppServices['api']) => AppServices['api'];
};

/** The whole app on a memory router, with the API served by MSW and a controllable session. */
export function renderApp(path: string, options: RenderOptions = {}) {
  // The app's own routes for each address, as its router takes them (src/app/router.tsx).
  return renderRoutes(appRoutesAt, path, options);
}

/** One element as a screen of its own, with the app's services, at `path`: a feature used by a new caller. */
export function renderWithServices(element: ReactNode, options: RenderOptions & { path?: string } = {}) {
  const path = options.path ?? '/';
  const routes = [{ path: new URL(path, 'http://localhost').pathname, element }];
  return renderRoutes(() => routes, path, options);
}

function renderRoutes(routesAt: (pathname: string) => RouteObject[], path: string, options: RenderOptions) {
  let status: SessionStatus = options.session ?? 'signedIn';
  const listeners = new Set<() => void>();
  const session: AppSession = {
    status: () => status,
    userId: () => (status === 'signedIn' ? 'patient2' : null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accessToken: async () => null,
    signIn: vi.fn(),
    retrySignIn: vi.fn(),
    signOut: vi.fn(),
    beforeSignOut: () => () => {},
    unauthorized: vi.fn(),
    lastError: () => options.signInError ?? null,
    signInProblem: () => options.signInProblem ?? null,
    returnTo: () => options.signInReturnTo ?? '/Home',
    cancelledFrom: () => options.signInCancelledFrom ?? null,
  };
  const store = createClientStateStore({
    session: safeStorage(() => window.sessionStorage),
    local: safeStorage(() => window.localStorage),
    newUuid: () => '0b7c3a3e-2f5b-4a51-9d0c-6f1b2a3c4d5e',
  });
  const analytics = createAnalytics({ deliver: () => {}, deviceId: () => store.get().uuid, userId: session.userId, newId: () => crypto.randomUUID() });
  const passes = studyPassStore(safeStorage(() => window.sessionStorage));
  const family = familyMemberStore(safeStorage(() => window.sessionStorage));
  const config = { ...testConfig, ...options.config };
  // As src/main.tsx does: every time shown is on the configured hospital clock.
  showTimesIn(config.timeZone);
  // The app's router, on a history the test holds: `address` reads it as src/main.tsx reads the
  // browser's, ahead of the screen on view while a route's chunk is coming.
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const services: AppServices = {
    config,
    address: () => fullPath(history.location),
    api: (options.api ?? ((api) => api))(createApiClient({ baseURL: API_BASE, session, studyPass: () => passes.current()?.token ?? null, actingMember: () => family.current()?.memberId ?? null, prefetched: options.prefetched })),
    session,
    store,
    entryUrl: createEntryUrlMemory(safeStorage(() => window.sessionStorage), `http://localhost${path}`),
    wechat: {
      payWay: () => (typeof options.payWay === 'function' ? options.payWay() : (options.payWay ?? 2)),
      whenPayReady: async () => Promise.reject(new Error('wechat: not inside WeChat')),
      retry: () => {},
      ready: () => false,
      subscribe: () => () => {},
      pageChanged: () => {},
      shareCard: async () => 'unavailable',
      chooseImages: async () => ({ kind: 'unavailable' }),
      openLocation: async () => 'unavailable',
      scanCode: async () => ({ kind: 'unavailable' }),
      ...options.wechat,
    },
    analytics,
    inspect: createAuditInspector(analytics),
    sessionStorage: safeStorage(() => window.sessionStorage),
    passes,
    family,
    textSize: textSizeStore(safeStorage(() => window.localStorage), document.documentElement),
    ...(options.clock && { clock: options.clock }),
  };
  // The address the app has drawn, not the one the router is moving to: the router navigates in a
  // transition, so for a moment the last screen is still up (and taking input) at the new address.
  let drawn = path;
  const recordDrawn = (where: string) => {
    drawn = where;
  };
  const router = testRouter();
  const drawnLocation = <DrawnLocation onDrawn={recordDrawn} />;
  const view = render(
    <I18nProvider initialLocale={options.locale ?? 'en'}>
      <ServicesProvider services={services}>
        <ToastProvider>
          <HistoryRouter history={history}>
            <RouterProbe router={router} />
            <RoutesOf layout={drawnLocation} routesAt={routesAt} />
          </HistoryRouter>
        </ToastProvider>
      </ServicesProvider>
    </I18nProvider>,
  );
  /** The address of the screen on view (what a patient sees), once React has put it up. */
  const location = () => drawn;
  /** The session changes as the session chart would report it (restored, signed in, signed out). */
  const setSessionStatus = (next: SessionStatus) => {
    status = next;
    listeners.forEach((listener) => listener());
  };
  return { ...view, router, services, session, location, setSessionStatus };
}

/** What a test reads of the router and does with it: the address, how it was reached, navigate. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: NavigateFunction;
  /** RouterProbe's: what the router has committed. */
  committed(state: TestRouter['state'], navigate: NavigateFunction): void;
}

export function testRouter(): TestRouter {
  const router: TestRouter = {
    state: { location: { pathname: '', search: '', hash: '', state: null, key: '' }, historyAction: 'POP' as NavigationType },
    navigate: () => {
      throw new Error('the router is not mounted');
    },
    committed(state, navigate) {
      router.state = state;
      router.navigate = navigate;
    },
  };
  return router;
}

/** Inside a router: keeps `router` up to date with what it has committed. */
export function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => router.committed({ location, historyAction }, navigate), [router, location, historyAction, navigate]);
  return null;
}

/** The routes for the router's address, under `layout`: one tree per set of routes, as the app's router keeps them. */
function RoutesOf({ layout, routesAt }: { layout: ReactNode; routesAt: (pathname: string) => RouteObject[] }) {
  const children = routesAt(useLocation().pathname);
  const tree = useMemo(() => [{ element: layout, children }], [layout, children]);
  return useRoutes(tree);
}

/** Records the address each time the screens drawn for it are committed. */
function DrawnLocation({ onDrawn }: { onDrawn: (where: string) => void }) {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => onDrawn(`${pathname}${search}${hash}`), [onDrawn, pathname, search, hash]);
  return <Outlet />;
}
