import type { FastifyRequest } from 'fastify';

/** A POST command's input: the JSON body's fields over the query's (the app sends a body; older calls a query). */
export function commandInput(request: FastifyRequest): Record<string, unknown> {
  const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
  const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body : {};
  return { ...query, ...body };
}
