import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_CSS_PATH, auditNoRecordsPage, auditorsOnlyPage, auditPage, auditSignedOutPage, auditSignInFailedPage } from '../auditPage';
import { auditTimeline } from '../auditTimeline';
import { bearerClaims } from '../currentPatient';
import { ApiError, fail } from '../envelope';
import { AUDIT_CALLBACK_PATH, AUDIT_SIGN_OUT_PATH, AUDIT_SIGNED_OUT_PATH, auditSignIn } from '../oidc/auditSignIn';
import { storedOrNew } from '../oidc/keys';
import { AUDITOR_ROLE } from '../oidc/staffAccounts';
import { isEmptyTrail, orderTrail } from '../orderTrail';
import { AUDIT_PATH } from '../sandboxUrls';

const HTML = 'text/html; charset=utf-8';
const CSS_FILES = ['../assets/sandbox-pages.css', '../assets/sandbox-audit.css'].map((file) => new URL(file, import.meta.url));
const AUDIT_COOKIE_KEY = 'audit-cookie-key';

const auditPageUrl = (orderId: string) => `${AUDIT_PATH}/${encodeURIComponent(orderId)}`;

/** The JSON trail is for an auditor's bearer token: none or a bad one is 401, anyone else's (a patient's) 403. */
async function requireAuditorToken(request: FastifyRequest): Promise<void> {
  const claims = await bearerClaims(request);
  if (!claims.roles.includes(AUDITOR_ROLE)) {
    throw new ApiError(403, 'forbidden: for auditors only', 403, {
      'www-authenticate': 'Bearer error="insufficient_scope", error_description="the auditor role is required"',
    });
  }
}

/**
 * For auditors: an order's trail (the app's records and the server's own steps) as JSON (with an auditor's bearer token), and as a
 * timeline page (the browser signs in at the provider: server/oidc/auditSignIn.ts).
 */
export async function sandboxAuditRoutes(app: FastifyInstance): Promise<void> {
  const { identity, db } = app.sandbox;
  const css = Buffer.concat(await Promise.all(CSS_FILES.map((file) => readFile(file))));
  const signIn = auditSignIn({
    client: identity.auditClient,
    verifyAccessToken: identity.verifyAccessToken,
    grantStands: identity.grantStands,
    endGrant: identity.endGrant,
    cookieKey: await storedOrNew(db, AUDIT_COOKIE_KEY, async () => randomBytes(32).toString('base64url')),
  });

  const html = (reply: FastifyReply, setCookies: string[] = []) => {
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    return reply.type(HTML).header('cache-control', 'private, no-store');
  };

  app.get(AUDIT_CSS_PATH, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css));

  app.get<{ Querystring: { orderId?: unknown } }>(AUDIT_PATH, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    await requireAuditorToken(request);
    const orderId = typeof request.query.orderId === 'string' ? request.query.orderId.trim() : '';
    if (!orderId) return reply.code(400).send(fail(400, 'orderId must be one order number'));
    const { records, server } = orderTrail(db, orderId);
    return { orderId, records, server };
  });

  app.get<{ Querystring: Record<string, unknown> }>(AUDIT_CALLBACK_PATH, async (request, reply) => {
    const outcome = await signIn.finish(request.query, request.headers.cookie);
    html(reply, outcome.setCookies);
    switch (outcome.kind) {
      case 'auditor':
        return reply.redirect(auditPageUrl(outcome.orderId), 303);
      case 'notAuditor':
        return reply.code(403).send(auditorsOnlyPage(AUDIT_SIGN_OUT_PATH));
      case 'failed':
        return reply.code(400).send(auditSignInFailedPage(outcome.orderId === null ? null : auditPageUrl(outcome.orderId)));
    }
  });

  app.get(AUDIT_SIGN_OUT_PATH, async (request, reply) => {
    const { location, setCookies } = signIn.signOut(request.headers.cookie);
    return html(reply, setCookies).redirect(location, 303);
  });

  app.get(AUDIT_SIGNED_OUT_PATH, async (_request, reply) => html(reply).send(auditSignedOutPage()));

  app.get<{ Params: { orderId: string } }>(`${AUDIT_PATH}/:orderId`, async (request, reply) => {
    const { orderId } = request.params;
    const auditor = await signIn.sessionOf(request.headers.cookie);
    if (!auditor) {
      const { location, setCookies } = signIn.start(orderId);
      return html(reply, setCookies).redirect(location, 303);
    }
    html(reply);
    const signedIn = { auditor: auditor.sub, signOutUrl: AUDIT_SIGN_OUT_PATH };
    const trail = orderTrail(db, orderId);
    if (isEmptyTrail(trail)) return reply.code(404).send(auditNoRecordsPage(orderId, signedIn));
    return reply.send(auditPage(auditTimeline(orderId, trail), signedIn));
  });
}
