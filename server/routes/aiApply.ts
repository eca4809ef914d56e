import type { FastifyInstance } from 'fastify';

/** V1.0/AI list, channelList, submmit, info (issue 14). To be written. */
export async function aiApplyRoutes(_app: FastifyInstance): Promise<void> {}

/** Test mode only: hooks for storage and AI tests (issue 14). To be written if needed. */
export async function ordersTestRoutes(_app: FastifyInstance): Promise<void> {}
