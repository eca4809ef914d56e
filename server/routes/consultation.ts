import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';

/**
 * V1.0/Haodafu/GetZjwzJumpUrl, V1.0/WeChat/GetUserScribeGZHTag, V1.0/Package/ExperiencePass (issue 14).
 * For now the least each call may answer, so no page meets a missing route: every patient counts as
 * following the official account (no prompt), and the hospital has no demo study.
 */
export async function consultationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/V1.0/WeChat/GetUserScribeGZHTag', async () => ok({ subscribed: true }));
  app.get('/V1.0/Package/ExperiencePass', async () => ok(null));
}

/** Test mode only: the consultation address, following the official account, feedback received (issue 14). To be written. */
export async function servicesTestRoutes(_app: FastifyInstance): Promise<void> {}
