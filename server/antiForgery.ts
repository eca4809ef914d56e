import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';
import { isApiPath, pathnameOf } from './paths';

/** The anti-forgery pair the app's API client echoes (src/shared/api/client.ts). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie: every answer without the cookie sets one the page's script can read;
 * an API command (POST ...) must echo it in the header, or it is refused with 403.
 */
export function registerAntiForgery(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = cookieValue(request.headers.cookie, XSRF_COOKIE);
    if (!cookie) {
      reply.header('set-cookie', `${XSRF_COOKIE}=${randomBytes(18).toString('base64url')}; Path=/; SameSite=Strict`);
    }
    if (SAFE_METHODS.has(request.method) || !isApiPath(pathnameOf(request.url))) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return reply.code(403).send(fail(403, 'anti-forgery token missing or wrong'));
    }
  });
}
