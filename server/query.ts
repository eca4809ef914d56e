import { z } from 'zod';
import { ApiError } from './envelope';

/** Validates a request's query string; a bad value is a business answer with statusCode 400. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues.map((issue) => issue.message).join('; ');
  throw new ApiError(400, message);
}

/** A record id in the query: one whole number from 1. */
export function recordIdParam(name: string) {
  const error = `${name} must be a whole number from 1`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(Number.MAX_SAFE_INTEGER, { error });
}

/** One non-empty text value in the query. */
export function textParam(name: string, what: string) {
  const error = `${name} must be ${what}`;
  return z.string({ error }).trim().min(1, { error });
}
