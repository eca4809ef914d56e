import type { FastifyInstance } from 'fastify';

/** V1.0/Center UserInfo, UpdateUser, UploadImage, UpdateUserEmail (issue 14). To be written. */
export async function centerRoutes(_app: FastifyInstance): Promise<void> {}
