import type { FastifyInstance } from 'fastify';

/** V1.0/Image: storage plans and orders (issue 14). To be written. */
export async function imageStoreRoutes(_app: FastifyInstance): Promise<void> {}
