import type { FastifyInstance } from 'fastify';

/** V1.0/Haodafu/GetZjwzJumpUrl, V1.0/WeChat/GetUserScribeGZHTag, V1.0/Package/ExperiencePass (issue 14). To be written. */
export async function consultationRoutes(_app: FastifyInstance): Promise<void> {}

/** Test mode only: the consultation address, following the official account, feedback received (issue 14). To be written. */
export async function servicesTestRoutes(_app: FastifyInstance): Promise<void> {}
