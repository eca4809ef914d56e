import type { Middleware } from 'oidc-provider';

/**
 * The provider's pages carry no inline script or style. form-action names the app because the
 * browser checks it along the redirects that follow a form post (sign-in and sign-out both end on
 * the app); frame-ancestors names it for silent renewal in a hidden iframe.
 */
export function providerContentSecurityPolicy(appOrigin: string): string {
  const self = "'self'";
  const directives: Record<string, string[]> = {
    'default-src': [self],
    'script-src': [self],
    'style-src': [self],
    'img-src': [self, 'data:'],
    'connect-src': [self],
    'form-action': [self, appOrigin],
    'frame-ancestors': [self, appOrigin],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every answer, set before the provider runs (it adds the hash of its own
 * auto-submit script to script-src when it needs one). Cross-origin reads are for the app only:
 * oidc-provider lets any origin read discovery and JWKS, so the CORS headers it gives another
 * origin are taken back here; token, userinfo and revocation already ask `clientBasedCORS`.
 */
export function providerHeaders(appOrigin: string): Middleware {
  const csp = providerContentSecurityPolicy(appOrigin);
  return async (ctx, next) => {
    ctx.set('content-security-policy', csp);
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('referrer-policy', 'no-referrer');
    try {
      await next();
    } finally {
      const origin = ctx.get('origin');
      if (origin && origin !== appOrigin) {
        for (const name of Object.keys(ctx.res.getHeaders())) {
          if (name.startsWith('access-control-')) ctx.remove(name);
        }
      }
    }
  };
}
