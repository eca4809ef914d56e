import type { z } from 'zod';
import { ApiError } from './envelope';

/** Validates a request's query string; a bad value is a business answer with statusCode 400. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues.map((issue) => issue.message).join('; ');
  throw new ApiError(400, message);
}
