import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../envelope';

/**
 * Test hooks for the sign-in provider, for the tests. Registered only in test mode
 * (SANDBOX_TEST_MODE=1, server/testMode.ts): anywhere else anyone could end any patient's sessions.
 */
export async function sandboxSignInRoutes(app: FastifyInstance): Promise<void> {
  /** Ends every session and grant of a patient: their tokens stop working at once. */
  app.post<{ Querystring: { login?: unknown } }>('/sandbox/oidc/revoke', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const login = typeof request.query.login === 'string' ? request.query.login.trim() : '';
    if (!login) return reply.code(400).send(fail(400, 'login must be one patient login name'));
    if (!app.sandbox.patients.findByLoginName(login)) return reply.code(404).send(fail(404, `no patient ${login}`));
    return ok({ login, ...app.sandbox.identity.revokePatientSessions(login) });
  });
}
