import * as z from 'zod/mini';

/**
 * What the app sends to the analytics endpoint (`ENDPOINTS.analytics.Collect`), one shape for the
 * sender, the sandbox that stores it and the tools that read it back. Every record carries its own
 * id: the endpoint stores a record once however often it is sent, so a retry never duplicates.
 */
const common = {
  /** Unique per record; the idempotency key. */
  id: z.string().check(z.minLength(8), z.maxLength(64)),
  /** When it happened, on the device (ISO 8601 with milliseconds). */
  at: z.iso.datetime(),
  /** Order of records made in one page load, for records of the same millisecond. */
  seq: z.int().check(z.gte(0)),
  /** The device uuid of the client state (spec section 3). */
  deviceId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The signed-in patient's subject, if any. */
  userId: z.nullable(z.string().check(z.maxLength(128))),
  orderId: z.nullable(z.string().check(z.maxLength(64))),
  checkRecordId: z.nullable(z.int()),
};

/** One transition of an audited statechart (payment, AI order). */
export const auditRecordSchema = z.object({
  ...common,
  kind: z.literal('audit'),
  /** The chart's id: `payment` or `aiOrder`. */
  machine: z.string().check(z.minLength(1), z.maxLength(32)),
  /** The event type that caused the transition (`PAY`, `xstate.done.actor.queryPayResult`, ...). */
  event: z.string().check(z.minLength(1), z.maxLength(128)),
  from: z.string().check(z.maxLength(128)),
  to: z.string().check(z.maxLength(128)),
  /** The server's envelope statusCode, when the transition is a server's answer. */
  statusCode: z.nullable(z.int()),
  /**
   * What the transition acted on: the server's result (pay result, pay parameters' record, cancel
   * refusal), WeChat's answer, or the patient's choice (the pay way); null when there is none.
   */
  result: z.nullable(z.unknown()),
});

/** A product event (spec section 8: cancelled and failed payments are logged to analytics). */
export const productEventSchema = z.object({
  ...common,
  kind: z.literal('event'),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  data: z.record(z.string(), z.unknown()),
});

export const analyticsRecordSchema = z.discriminatedUnion('kind', [auditRecordSchema, productEventSchema]);

export type AuditRecord = z.infer<typeof auditRecordSchema>;
export type ProductEvent = z.infer<typeof productEventSchema>;
export type AnalyticsRecord = z.infer<typeof analyticsRecordSchema>;

/** At most this many records go in one request. */
export const MAX_BATCH = 50;

/** The most one record may weigh, as JSON: the endpoint refuses a heavier one (issue 22). */
export const MAX_RECORD_BYTES = 4096;

/** The request body of `ENDPOINTS.analytics.Collect`. */
export const analyticsBatchSchema = z.object({
  records: z.array(analyticsRecordSchema).check(z.minLength(1), z.maxLength(MAX_BATCH)),
});

/**
 * The endpoint's answer: which ids it now holds (stored now or before), and which it will never
 * take (heavier than MAX_RECORD_BYTES, naming another user, or an order that is not the sender's).
 * The sender forgets exactly these; anything else stays queued and is sent again.
 */
export const collectAnswerSchema = z.object({
  stored: z.array(z.string()),
  duplicates: z.array(z.string()),
  refused: z._default(z.array(z.string()), []),
});
export type CollectAnswer = z.infer<typeof collectAnswerSchema>;
