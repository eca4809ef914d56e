import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFrame, nextTask } from './shared/platform/tasks';
import { createApiClient } from './shared/api/client';
import { studyPassStore } from './shared/session/studyPass';
import { familyMemberStore } from './shared/session/familyMember';
import { ENDPOINTS } from './shared/api/endpoints';
import { hospitalSettingSchema } from './shared/api/schemas';
import { App } from './app/App';
import { ChunkLoadError } from './app/chunk';
import { createEntryUrlMemory, fullPath } from './shared/navigation/navigation';
import { createNavigator } from './app/navigator';
import { loadRuntimeConfig } from './shared/config/runtimeConfig';
import { showTimesIn } from './shared/rules/timeZone';
import { I18nProvider } from './shared/i18n/I18nProvider';
import { loadCatalogue } from './shared/i18n/catalogues';
import { showStartFailed } from './app/startFailed';
import { createTranslate } from './shared/i18n/translate';
import { startAnalytics } from './shared/analytics/startAnalytics';
import { createAuditInspector } from './shared/audit/auditInspector';
import { combineInspectors } from './shared/charts/inspection';
import { wantsQaPanel } from './app/qaSwitch';
import { startWechatSdk } from './shared/platform/wechatService';
import { LOCALE_KEY, matchLocale, resolveLocale, type Locale } from './shared/i18n/locale';
import { ConfigErrorScreen } from './features/errors/ConfigErrorScreen';
import { createSessionActor, sessionPort } from './features/session/sessionService';
import { createSignOutTasks } from './shared/session/signOutTasks';
import { createTabChannel } from './shared/platform/tabChannel';
import { createUserManager, SILENT_RENEW_PATH, storedAccessToken } from './features/session/userManager';
import { startPrefetch } from './shared/api/prefetch';
import { FAMILY_MEMBER_HEADER, STUDY_PASS_HEADER } from './shared/api/passHeader';
import { firstCalls } from './app/firstCalls';
import { preloadScreen } from './app/screens';
import { routeByPath, type RouteDef } from './shared/navigation/routes';
import type { RuntimeConfig } from './shared/config/runtimeConfig';
import { createClientStateStore, saveOnUnload } from './shared/state/clientState';
import { safeStorage } from './shared/state/safeStorage';
import { newUuid } from './shared/state/uuid';
import { installRootFontSize } from './shared/theme/rootFontSize';
import { textSizeStore } from './shared/theme/textSize';
import './shared/theme/global.css';

async function start() {
  // The library's hidden renewal frame: hand the answer to the parent page and do nothing else.
  if (window.location.pathname === SILENT_RENEW_PATH) {
    const loaded = await loadRuntimeConfig();
    if (loaded.ok) await createUserManager(loaded.config, window.location.origin).signinSilentCallback();
    return;
  }

  // The screen's chunk is asked for now, beside the configuration and the strings (issue 26), in a
  // task of its own: the links to its style sheets are a fifth of the entry's task otherwise.
  const route = routeByPath(window.location.pathname);
  if (route) void nextTask().then(() => preloadScreen(route.name, window.location.search));

  installRootFontSize(window);
  const local = safeStorage(() => window.localStorage);
  const session = safeStorage(() => window.sessionStorage);

  const queryLang = new URLSearchParams(window.location.search).get('lang');
  const locale = resolveLocale({ query: queryLang, saved: local.get(LOCALE_KEY), browser: navigator.languages ?? [] });
  const saveLocale = (next: Locale) => {
    local.set(LOCALE_KEY, next);
    document.documentElement.lang = next;
  };
  if (matchLocale(queryLang)) saveLocale(locale);
  document.documentElement.lang = locale;

  // The configuration (preloaded by index.html) and the shown language's strings arrive together.
  // The screen's first reads go out the moment the configuration is here, not after the strings.
  const passes = studyPassStore(session);
  const family = familyMemberStore(session);
  const configured = loadRuntimeConfig();
  const early = configured
    .then((result) => (result.ok ? prefetchFirstCalls(result.config, route, passes.current()?.token ?? null, family.current()?.memberId ?? null) : undefined))
    // Sending ahead is only ever a help: the screen asks for itself.
    .catch(() => undefined);
  const [loaded, strings, prefetched] = await Promise.all([configured, loadCatalogue(locale).catch(() => null), early]);
  if (!strings) {
    showStartFailed();
    return;
  }

  const root = createRoot(document.getElementById('root')!, {
    // A chunk that did not load is an expected, handled event (the patient is offered a reload).
    onCaughtError: (error) => (error instanceof ChunkLoadError ? console.warn : console.error)(error),
  });
  if (!loaded.ok) {
    root.render(
      <I18nProvider initialLocale={locale} onLocaleChange={saveLocale}>
        <ConfigErrorScreen result={loaded} />
      </I18nProvider>,
    );
    return;
  }
  const config = loaded.config;
  document.title = config.productTitle;
  // One clock: every time shown is the hospital's (decisions.md).
  showTimesIn(config.timeZone);

  // QA tooling loads only when asked for, so a patient's page never downloads it.
  const qa = wantsQaPanel(config, window.location.search, import.meta.env.PROD)
    ? await import('./features/qa/qaEntry').catch((error: unknown) => {
        // QA tooling that did not load must never keep the app from starting.
        console.warn(error);
        return null;
      })
    : null;
  const probe = qa?.createQaProbe();

  // From here the start runs in pieces, each a task of its own: one long task would hold a cheap
  // phone's main thread while it should already answer a tap (issue 26, TBT).
  await nextTask();
  const store = createClientStateStore({ session, local, newUuid: () => newUuid() });
  saveOnUnload(window, store);
  const appNavigator = createNavigator();
  const currentPath = () => fullPath(window.location);
  // What is done in the patient's name as they sign out (the analytics outbox registers through the port).
  const signOutTasks = createSignOutTasks();
  const sessionActor = createSessionActor({
    userManager: createUserManager(config, window.location.origin),
    store,
    sessionStorage: session,
    localStorage: local,
    rawSessionStorage: () => {
      try {
        return window.sessionStorage;
      } catch {
        return null;
      }
    },
    tabs: createTabChannel(),
    currentPath,
    goTo: (path) => appNavigator.goTo(path),
    inspect: probe?.inspect,
    signOutTasks,
  }).start();
  const appSession = sessionPort(sessionActor, currentPath, signOutTasks);
  const textSize = textSizeStore(local, document.documentElement);
  const api = createApiClient({
    baseURL: config.apiBaseUrl,
    session: appSession,
    studyPass: () => passes.current()?.token ?? null,
    actingMember: () => family.current()?.memberId ?? null,
    prefetched,
  });
  const { analytics, outbox } = startAnalytics({ api, session: appSession, local, deviceId: () => store.get().uuid, newId: () => newUuid(), win: window, afterStep: afterFrame });
  const inspect = combineInspectors(createAuditInspector(analytics), probe?.inspect);
  const entryUrl = createEntryUrlMemory(session, window.location.href);
  const wechat = startWechatSdk({
    api,
    userAgent: navigator.userAgent,
    entryUrl: entryUrl.entryUrl(),
    currentUrl: () => window.location.href,
    alertRegistrationFailed: () => window.alert(createTranslate(document.documentElement.lang === 'en' ? 'en' : 'zh-CN')('wechat.registrationFailed')),
    inspect,
  });
  appNavigator.onPageChange(() => wechat.pageChanged(window.location.href));

  // The theme follows the hospital; until it answers, the restored or configured theme shows.
  api
    .request(ENDPOINTS.yjpIndex.GetHospitalSetting, { schema: hospitalSettingSchema })
    .then((hospitalSetting) => store.update({ hospitalSetting }))
    .catch(() => {
      // Not fatal: the app keeps the restored or default look; pages that need data say so.
    });

  await nextTask();
  // Rendered as a transition: React yields to the phone every few milliseconds instead of holding
  // the main thread for the whole first screen.
  startTransition(() =>
    root.render(
      <App
        services={{ config, api, session: appSession, store, entryUrl, address: currentPath, wechat, analytics, sessionStorage: session, passes, family, textSize, inspect }}
        navigator={appNavigator}
        locale={locale}
        onLocaleChange={saveLocale}
      />,
    ),
  );
  if (qa && probe) qa.mountQaPanel({ probe, analytics, outbox, locale });
}

/**
 * The hospital's setting and the screen's first reads, sent now with the credentials the client
 * would send (the stored token, the tab's study pass), not after the screen's chunk and the
 * sign-in library have arrived. A screen that needs a credential the tab does not hold asks for
 * nothing early.
 */
function prefetchFirstCalls(config: RuntimeConfig, route: RouteDef | undefined, pass: string | null, member: string | null) {
  const token = storedAccessToken(config, () => window.sessionStorage, Date.now() / 1000);
  // The same credentials the API client sends (client.ts): the prefetched answer must be the screen's.
  const credentials = { ...(token && { Authorization: `Bearer ${token}` }), ...(pass && { [STUDY_PASS_HEADER]: pass }), ...(member && { [FAMILY_MEMBER_HEADER]: member }) };
  const screenCalls = route && (token || pass) ? firstCalls(route.name, window.location.search) : [];
  return startPrefetch({ baseURL: config.apiBaseUrl, calls: [{ endpoint: ENDPOINTS.yjpIndex.GetHospitalSetting }, ...screenCalls], headers: credentials });
}

void start();
