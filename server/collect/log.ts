import type { FastifyRequest } from 'fastify';

/**
 * A line for whoever runs the sandbox: the request log, and the console when the app logger is off
 * (`npm start` runs without one), so an SMS code can be read off the terminal.
 */
export function tellOperator(request: FastifyRequest, line: string): void {
  request.log.info(line);
  // Fastify's stand-in logger (logger: false) has no level.
  if (typeof request.log.level !== 'string') console.log(line);
}
