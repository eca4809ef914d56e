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
