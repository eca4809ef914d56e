import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, ApiFailure, fail, failWith } from './envelope';
import { isApiPath, pathnameOf } from './paths';

/**
 * ApiError is a business answer (envelope, HTTP 200 unless it says otherwise). Anything else is a
 * client error Fastify detected (bad body, ...) or a bug, answered with the matching HTTP status.
 */
export function registerErrorHandler(app: FastifyInstance, { logger }: { logger: boolean }): void {
  app.setErrorHandler<FastifyError | ApiError>((error, request, reply) => {
    if (error instanceof ApiError) {
      const body = error instanceof ApiFailure ? failWith(error.statusCode, error.message, error.result as unknown) : fail(error.statusCode, error.message);
      return reply.code(error.httpStatus).headers(error.headers).send(body);
    }
    const clientError = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    const status = clientError ? (error.statusCode as number) : 500;
    const message = clientError ? error.message : 'internal error';
    if (!clientError) {
      request.log.error(error);
      if (!logger) console.error(`${request.method} ${request.url}:`, error);
    }
    if (isApiPath(pathnameOf(request.url))) return reply.code(status).send(fail(status, message));
    return reply.code(status).type('text/plain; charset=utf-8').send(message);
  });
}
