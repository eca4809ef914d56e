import * as z from 'zod/mini';
import { yuan } from './fields';

/**
 * Shapes of the answers the app reads, validated at the boundary. zod/mini keeps the bundle small:
 * only the validators used here are shipped.
 */

const text = z.string();
const optionalText = z.nullish(z.string());
const stringOrNumber = z.union([z.string(), z.number()]);

/**
 * An order a submit call made (an AI analysis, a storage plan): its number, the check record id
 * the pay calls name, the charge in yuan and its status. One intent, one order: `reused` when the
 * server handed back an order it already had (each call says which).
 */
export const orderCreatedSchema = z.object({
  orderId: text,
  id: z.int(),
  charge: yuan,
  status: z.int(),
  reused: z.boolean(),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

export const hospitalSettingSchema = z.object({
  hospitalName: text,
  orgCode: text,
  theme: z.int(),
  logoUrl: optionalText,
  officialAccountName: optionalText,
  officialAccountQrUrl: optionalText,
  serviceHours: optionalText,
  /** The service telephone number, shown as tap-to-call beside the service hours. */
  servicePhone: optionalText,
  /** Where the hospital is (issue 14: opened in a map at MAP_SCALE_DEFAULT). */
  address: optionalText,
  latitude: z.nullish(z.number()),
  longitude: z.nullish(z.number()),
  modules: z._default(z.record(z.string(), z.boolean()), {}),
});
export type HospitalSetting = z.infer<typeof hospitalSettingSchema>;

export const studySchema = z.object({
  collectFilmId: z.pipe(stringOrNumber, z.transform(String)),
  studyUId: text,
  patientName: text,
  sex: optionalText,
  age: z.nullish(stringOrNumber),
  modality: text,
  studyDate: text,
  bodyPart: optionalText,
  hospitalName: optionalText,
  reportStatus: z.nullish(stringOrNumber),
  studyDescription: optionalText,
  imageCount: z.optional(z.int()),
  thumbnailUrl: optionalText,
  /** The report arrived after the patient asked and is not read yet (issue 27 §5, an extension of the call). */
  reportNew: z._default(z.boolean(), false),
});
export type Study = z.infer<typeof studySchema>;

/** The list response of spec section 3: rows and totals. */
export function pageSchema<T extends z.ZodMiniType>(row: T) {
  return z.object({ rows: z.array(row), totals: z.int().check(z.nonnegative()) });
}

/** AI order list row (spec section 3); sex and age are converted for display. */
export const aiOrderRowSchema = z.object({
  orderId: z.pipe(stringOrNumber, z.transform(String)),
  id: z.int(),
  collectFilmId: z.pipe(stringOrNumber, z.transform(String)),
  time: text,
  name: text,
  item: text,
  status: z.int(),
  charge: z.number(),
  sex: optionalText,
  age: z.nullish(stringOrNumber),
});
export type AiOrderRow = z.infer<typeof aiOrderRowSchema>;

/** Film detail response (spec section 3), with what the film detail page shows. */
export { filmDetailSchema, type FilmDetail } from './studySchemas';

/** AI detail response (spec section 3). */
export const aiDetailSchema = z.object({
  status: z.int(),
  checkWay: z.nullish(z.int()),
  resultUrl: optionalText,
});
export type AiDetail = z.infer<typeof aiDetailSchema>;

/** Turns a failed parse into "path: problem; ..." for a message or a log. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** What a refusal's result may carry (issue 13: SMS codes, share access codes): tries left, seconds to wait. */
export const attemptsLeftSchema = z.object({ attemptsLeft: z.int().check(z.nonnegative()) });
export const retryAfterSchema = z.object({ retryAfterSeconds: z.int().check(z.nonnegative()) });
