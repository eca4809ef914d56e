import * as z from 'zod/mini';

/** The response envelope (decisions.md): `{ statusCode, message | msg, result }`; 200 is success. */
export const envelopeSchema = z.object({
  statusCode: z.int(),
  message: z.nullish(z.string()),
  msg: z.nullish(z.string()),
  result: z.unknown(),
});

export type Envelope = z.infer<typeof envelopeSchema>;

export const SUCCESS_STATUS_CODE = 200;

export function envelopeMessage(envelope: Envelope): string {
  return envelope.message ?? envelope.msg ?? '';
}

/**
 * A limit refused the call (issue 22): HTTP 429 with Retry-After, and this envelope status with
 * the seconds to wait. The client reads it as a business failure like any other refusal.
 */
export const RATE_LIMITED_STATUS_CODE = 429;

export const rateLimitedSchema = z.object({ retryAfterSeconds: z.int().check(z.positive()) });
export type RateLimited = z.infer<typeof rateLimitedSchema>;
