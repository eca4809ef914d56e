import { z } from 'zod';

/** The response envelope (decisions.md): `{ statusCode, message | msg, result }`; 200 is success. */
export const envelopeSchema = z.object({
  statusCode: z.number().int(),
  message: z.string().nullish(),
  msg: z.string().nullish(),
  result: z.unknown(),
});

export type Envelope = z.infer<typeof envelopeSchema>;

export const SUCCESS_STATUS_CODE = 200;

export function envelopeMessage(envelope: Envelope): string {
  return envelope.message ?? envelope.msg ?? '';
}
