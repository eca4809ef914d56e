import { matchRoutes, type RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, appRoutesAt } from '../../src/app/router';
import { routeAt, routesNear } from '../../src/app/routeAt';
import { ROUTES } from '../../src/shared/navigation/routes';

/** Every address worth asking about: each path and alias as written, in other cases, with trailing slashes, encoded, and some that are nothing. */
const ADDRESSES = [
  ...ROUTES.flatMap((route) => [route.path, ...route.aliases]).flatMap((path) => [path, path.toUpperCase(), path.toLowerCase(), `${path}/`, `${path}//`, `${path}/more`, `/x${path}`]),
  '/my%53tudyList',
  '/%6dyStudyList/',
  '/myStudy%2FList',
  '/index%2F',
  '/%E0%A4%A',
  '/myStudyList%',
  '/',
  '//',
  '',
  '/nowhere',
  '/index.html',
];

/** What react-router makes of an address with a tree: the chain of matched route paths, and the matched pathnames. */
function matched(tree: RouteObject[], pathname: string) {
  return matchRoutes(tree, pathname)?.map((match) => [match.route.path ?? '(shell)', match.pathname]) ?? null;
}

describe("the router hands react-router only the routes an address can match (issue 26: it ranks every route it gets, on every match)", () => {
  beforeEach(() => {
    // react-router says so of each address it cannot decode ('/%E0%A4%A'), here on purpose.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('matches every address as the whole table does', () => {
    const whole = appRoutes();
    for (const address of ADDRESSES) expect(matched(appRoutesAt(address), address), address).toEqual(matched(whole, address));
  });

  it("gives the shell the route the whole table's match gives", () => {
    const whole = ROUTES.map((route): RouteObject => ({ path: route.path, handle: route }));
    for (const address of ADDRESSES) expect(routeAt(address), address).toBe(matchRoutes(whole, address)?.at(-1)?.route.handle);
  });

  it('hands it one route for a route\'s address, none for an unknown one, and the same tree each time', () => {
    expect(routesNear('/myStudyList/').map((route) => route.name)).toEqual(['myStudyList']);
    expect(routesNear('/nowhere')).toEqual([]);
    const routesOf = (tree: RouteObject[]) => tree.flatMap((route) => [route, ...(route.children ?? [])]).filter((route) => route.path).length;
    // The route itself and the not-found page.
    expect(routesOf(appRoutesAt('/aiOrder'))).toBe(2);
    expect(routesOf(appRoutes())).toBeGreaterThan(40);
    expect(appRoutesAt('/aiOrder')).toBe(appRoutesAt('/AIORDER/'));
  });
});
