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

/**
 * Other addresses of a route, the one place for them. Each redirects to its route keeping the query
 * and replacing the history entry (so back never returns to it), and the public-path list reads
 * it as its route's path.
 */
const ALIASES: Partial<Record<RouteName, readonly string[]>> = {
  /** The legacy QR-code entry printed on film bags. */
  index: ['/sl/pic/qr/selfhelp'],
  /** The public-path list (spec section 6) names the about page by this path. */
  about: ['/about-us'],
};

export interface RouteDef {
  name: RouteName;
  path: string;
  /** Other addresses that redirect here (see ALIASES). */
  aliases: readonly string[];
  titleKey: MessageKey;
  /** Reading 1, the route table's login-required flag. */
  loginFlag: boolean;
  /** Reading 2, membership of the public-path list, by the route's path or one of its aliases. */
  inPublicList: boolean;
  /** An OpenID Connect protocol page (callback, silent renew): never guarded. */
  protocol: boolean;
  keepAlive: boolean;
}

function define(name: RouteName): RouteDef {
  const path = GIVEN_PATHS[name] ?? `/${name}`;
  const aliases = ALIASES[name] ?? [];
  return {
    name,
    path,
    aliases,
    titleKey: `route.${name}`,
    loginFlag: !NO_LOGIN_FLAG.has(name),
    inPublicList: [path, ...aliases].some((address) => (PUBLIC_PATHS as readonly string[]).includes(address)),
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

/** Every alias with the route it leads to. */
export const ALIAS_REDIRECTS: readonly { from: string; to: RouteDef }[] = ROUTES.flatMap((route) =>
  route.aliases.map((from) => ({ from, to: route })),
);

/** The route at a path or at one of its aliases. */
export function routeByPath(pathname: string): RouteDef | undefined {
  const wanted = pathname.toLowerCase();
  return ROUTES.find((route) => [route.path, ...route.aliases].some((address) => address.toLowerCase() === wanted));
}

/** The query key of the film id: index with a film id is the film detail (spec section 2). */
export const FILM_ID_QUERY = 'id';
/** A link may name the study by its collect id instead (the film detail call's CollectId). */
const COLLECT_ID_QUERY = 'collectId';

/** The film id of an address's query, or null when it has none (index is then the entry page). */
export function filmIdOf(search: string): string | null {
  const query = new URLSearchParams(search);
  return (query.get(FILM_ID_QUERY) ?? query.get(COLLECT_ID_QUERY))?.trim() || null;
}

/**
 * What /index shows, by its query: with a film id the film detail (spec section 2); with a film
 * bag's code (the QR code on the bag, which the selfhelp redirect brings here) collecting that
 * study, newCheck's form (issue 13); otherwise the entry page, the hub.
 */
export type IndexPage = 'film' | 'collect' | 'hub';

export function indexPageOf(search: string): IndexPage {
  if (filmIdOf(search)) return 'film';
  return new URLSearchParams(search).get('code') ? 'collect' : 'hub';
}

/**
 * Cloud Film's own mark, at a fixed address: the page's icon (index.html), the hub's logo until a
 * hospital's comes, a WeChat card's image. Here, in the entry, so the screens that show it share
 * no chunk of their own for it.
 */
export const APP_MARK_PATH = '/favicon.svg';
