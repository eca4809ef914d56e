import type { MessageKey } from '../i18n/translate';

/**
 * The one route table (spec section 2, decisions.md): name, path, title, both login readings,
 * keep-alive. Nothing else in the app spells a path.
 */
export const ROUTE_NAMES = [
  'index', 'checking', 'imageList', 'myImageList', 'customHDImageList', 'myStudyList', 'addFilm',
  'shareList', 'shareCode', 'storeOrder', 'aiOrder', 'diagnose', 'help', 'helpDetail', 'error',
  'errorStop', 'imageStore', 'personal', 'modify', 'about', 'deel', 'medicalTag', 'experience',
  'electronicFilm', 'cloudFilm', 'aiApply', 'aiResult', 'aiStatus', 'logout', 'oidcIndex',
  'oidc-callback', 'oidc-slient-renew', 'oidc-error', 'Home', 'checkList', 'downloadLink',
  'downloadFilm', 'downloadList', 'newCheck', 'verification',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

/** Spec section 6, verbatim: the paths that need no login. */
export const PUBLIC_PATHS = [
  '/', '/about-us', '/deel', '/experience', '/index', '/checking', '/cloudFilm', '/error', '/errorStop',
  '/checkList', '/shareCode', '/myImageList', '/downloadLink', '/downloadFilm', '/myStudyList',
  '/newCheck', '/verification', '/medicalTag',
] as const;

/** Routes the route table flags as needing no login (spec section 2). */
const NO_LOGIN_FLAG: ReadonlySet<RouteName> = new Set([
  'help', 'helpDetail', 'experience', 'oidc-error', 'newCheck', 'verification',
]);

/** The sign-in protocol's own pages: they must open before there is a session. */
const PROTOCOL: ReadonlySet<RouteName> = new Set(['oidc-callback', 'oidc-slient-renew']);

const KEEP_ALIVE: ReadonlySet<RouteName> = new Set(['myImageList', 'myStudyList']);

/** Paths the specification gives; every other route's path is its own name. */
const GIVEN_PATHS: Partial<Record<RouteName, string>> = { index: '/index', oidcIndex: '/' };

export interface RouteDef {
  name: RouteName;
  path: string;
  titleKey: MessageKey;
  /** Reading 1, the route table's login-required flag. */
  loginFlag: boolean;
  /** Reading 2, membership of the public-path list. */
  inPublicList: boolean;
  /** An OpenID Connect protocol page (callback, silent renew): never guarded. */
  protocol: boolean;
  keepAlive: boolean;
}

function define(name: RouteName): RouteDef {
  const path = GIVEN_PATHS[name] ?? `/${name}`;
  return {
    name,
    path,
    titleKey: `route.${name}`,
    loginFlag: !NO_LOGIN_FLAG.has(name),
    inPublicList: (PUBLIC_PATHS as readonly string[]).includes(path),
    protocol: PROTOCOL.has(name),
    keepAlive: KEEP_ALIVE.has(name),
  };
}

/** What every screen receives: the route it is shown for. */
export interface ScreenProps {
  route: RouteDef;
}

export const ROUTES: readonly RouteDef[] = ROUTE_NAMES.map(define);

export const ROUTE: Readonly<Record<RouteName, RouteDef>> = Object.fromEntries(
  ROUTES.map((route) => [route.name, route]),
) as Record<RouteName, RouteDef>;

/**
 * decisions.md: a route is public when either reading makes it public. This is the one place
 * that choice is made.
 */
export function isPublicRoute(route: RouteDef): boolean {
  return route.protocol || !route.loginFlag || route.inPublicList;
}

/** The legacy QR-code entry printed on film bags; it keeps its query on the way to index. */
export const SELFHELP_REDIRECT = { from: '/sl/pic/qr/selfhelp', to: ROUTE.index.path } as const;

export function routeByPath(pathname: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path.toLowerCase() === pathname.toLowerCase());
}
