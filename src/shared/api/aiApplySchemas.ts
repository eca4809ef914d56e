import * as z from 'zod/mini';
import { serverId as id, yuan } from './fields';
import { aiDetailSchema, type OrderCreated, orderCreatedSchema } from './schemas';

/**
 * Applying for AI analysis (issue 14): V1.0/AI list, channelList, submmit, info; pay with the
 * payment feature (kind `aiOrder`); GetSJAiCheckResult for the result. Order statuses are spec
 * section 4's (machines/aiOrder/aiOrder.types.ts): 0 queued, 1 analysing, 2 to be paid,
 * 3 succeeded, 4 analysis failed, 5 closed.
 */

const text = z.string();

/** Business status codes of the AI application calls. */
export const AI_APPLY_CODES = {
  studyNotFound: 4501,
  /** The channel does not analyse this kind of study, or is not offered. */
  channelUnavailable: 4502,
  /** The hospital offers no AI analysis. */
  notOffered: 4503,
  orderNotFound: 4504,
} as const;

/** An order of this study already under way or done, so the patient is not sold the same analysis twice. */
export const orderRefSchema = z.object({ orderId: text, channelId: z.nullable(text), status: z.int() });

/** GET V1.0/AI/list: the patient's studies AI can analyse, newest first, with their latest order. */
export const aiStudySchema = z.object({
  collectFilmId: id,
  studyDescription: text,
  studyDate: text,
  modality: text,
  bodyPart: z.nullable(text),
  latestOrder: z.nullable(orderRefSchema),
});
export type AiStudy = z.infer<typeof aiStudySchema>;
export const aiStudyListSchema = z.object({ studies: z.array(aiStudySchema) });

/**
 * GET V1.0/AI/channelList?id=: the AI services that can analyse that study. `description` says
 * what it looks for; `charge` 0 is free (the order queues at once); `checkWay` 1: the result is
 * the provider's page, 2: the app's viewer with the findings drawn.
 */
export const aiChannelSchema = z.object({
  channelId: text,
  name: text,
  provider: text,
  description: text,
  /** The name and description in English, where the backend gives them (this project's extension); else the glossary's words for the name. */
  nameEn: z.optional(text),
  descriptionEn: z.optional(text),
  providerEn: z.optional(text),
  charge: yuan,
  checkWay: z.union([z.literal(1), z.literal(2)]),
  /** About how long an analysis takes once paid. */
  minutes: z.int().check(z.positive()),
  /**
   * What studies it fits (this project's backend says so; the app offers a channel only for a
   * study it fits): its modalities, and its body parts or null for any. Absent: the backend's list is taken as it is.
   */
  fits: z.optional(z.object({ modalities: z.array(text), bodyParts: z.nullable(z.array(text)) })),
});
export type AiChannel = z.infer<typeof aiChannelSchema>;
export const aiChannelListSchema = z.object({ channels: z.array(aiChannelSchema) });

/**
 * POST V1.0/AI/submmit { id, channelId }: the order. One intent, one order: an order of the same
 * study and channel that is not closed or failed comes back again (`reused`), whatever its status.
 */
export const aiOrderCreatedSchema = orderCreatedSchema;
export type AiOrderCreated = OrderCreated;

/**
 * GET V1.0/AI/info?orderId= (one order) or ?id=<collectFilmId> (that study's latest order): what
 * the status and result pages show. `progress` 0-100 while analysing, else null; `failureReason`
 * when status is 4, in the hospital's words.
 */
export const aiOrderInfoSchema = z.object({
  orderId: text,
  id: z.int(),
  collectFilmId: id,
  channelId: z.nullable(text),
  item: text,
  provider: z.nullable(text),
  /** The provider's name in English, where the backend gives it. */
  providerEn: z.nullish(text),
  status: z.int(),
  charge: yuan,
  checkWay: z.union([z.literal(1), z.literal(2)]),
  /** China wall-clock time of the order, "YYYY-MM-DD HH:mm:ss". */
  time: text,
  /** When it was paid (or queued, if free) and when it ended; China wall-clock, or null. */
  startedAt: z.nullable(text),
  finishedAt: z.nullable(text),
  progress: z.nullable(z.int().check(z.gte(0), z.lte(100))),
  /** About how many seconds are left while it runs. */
  secondsLeft: z.nullable(z.int().check(z.nonnegative())),
  failureReason: z.nullable(text),
  studyDescription: text,
  studyDate: text,
  modality: text,
});
export type AiOrderInfo = z.infer<typeof aiOrderInfoSchema>;

/**
 * GET V1.0/AI/GetSJAiCheckResult?orderId=: the spec's AI detail (status, checkWay, resultUrl) and,
 * for a finished analysis, its summary: the findings' count and the conclusion in the hospital's
 * words; for a failed one, the reason.
 */
export const aiResultSchema = z.extend(aiDetailSchema, {
  summary: z.nullish(text),
  findingCount: z.nullish(z.int().check(z.nonnegative())),
  failureReason: z.nullish(text),
});
export type AiResult = z.infer<typeof aiResultSchema>;
