/**
 * A route's own copy of index.html (issue 26), written by the build (scripts/build/routePages.ts):
 * the same page with its screen's chunks and style sheets named in its head. A phone then asks for
 * them as it reads the HTML, beside the entry, instead of once the entry has arrived and run; and
 * the entry's preload helper finds them there instead of adding about 20 links inside its own
 * evaluation (each link starts a fetch, about half a millisecond of main thread on a fast machine).
 * The server sends a route's page for the route's address (server/staticApp.ts, nginx in
 * docs/deploy.md), index.html for every other; both pages run the same app.
 */
// With its extension: the build's plugin (scripts/build/routePages.ts) loads this file too.
import { indexPageOf, routeByPath, type IndexPage, type RouteDef } from './routes.ts';

export const ROUTE_PAGES_DIR = 'routes';

/** The file, under the build's folder, of a route's page (for /index, of one of its pages). */
export function routePageFile(route: RouteDef, indexPage: IndexPage): string | null {
  const name = route.name === 'index' ? `index.${indexPage}` : route.path.slice(1);
  return name ? `${ROUTE_PAGES_DIR}/${name}.html` : null;
}

/** The page for an address, if its route has one. */
export function routePageAt(pathname: string, search: string): string | null {
  const route = routeByPath(pathname);
  return route ? routePageFile(route, indexPageOf(search)) : null;
}
