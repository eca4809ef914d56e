import { readFileSync } from 'node:fs';
import type { Middleware } from 'oidc-provider';

export const LOGIN_CSS_PATH = '/assets/login.css';
export const SIGN_OUT_SCRIPT_PATH = '/assets/sign-out.js';
export const FAVICON_PATH = '/assets/favicon.svg';

const ASSETS = new Map([
  [LOGIN_CSS_PATH, { type: 'text/css; charset=utf-8', file: 'login.css' }],
  [SIGN_OUT_SCRIPT_PATH, { type: 'text/javascript; charset=utf-8', file: 'signOut.js' }],
  [FAVICON_PATH, { type: 'image/svg+xml', file: 'favicon.svg' }],
  // Browsers ask for it whatever the page says.
  ['/favicon.ico', { type: 'image/svg+xml', file: 'favicon.svg' }],
]);

/** The sign-in pages' stylesheet, script and icon, from `assets/`. */
export function providerAssets(): Middleware {
  const bodies = new Map(
    [...ASSETS].map(([path, { file }]) => [path, readFileSync(new URL(`./assets/${file}`, import.meta.url))]),
  );
  return async (ctx, next) => {
    const asset = ASSETS.get(ctx.path);
    if (!asset || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.type = asset.type;
    ctx.set('cache-control', 'no-cache');
    ctx.body = bodies.get(ctx.path);
  };
}
