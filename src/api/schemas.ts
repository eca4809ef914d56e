import { z } from 'zod';

/** Shapes of the answers the app reads, validated at the boundary. */

export const hospitalSettingSchema = z.object({
  hospitalName: z.string(),
  orgCode: z.string(),
  theme: z.number().int(),
  logoUrl: z.string().nullish(),
  officialAccountName: z.string().nullish(),
  officialAccountQrUrl: z.string().nullish(),
  serviceHours: z.string().nullish(),
  modules: z.record(z.string(), z.boolean()).default({}),
});
export type HospitalSetting = z.infer<typeof hospitalSettingSchema>;

export const studySchema = z.object({
  collectFilmId: z.union([z.string(), z.number()]).transform(String),
  studyUId: z.string(),
  patientName: z.string(),
  sex: z.string().nullish(),
  age: z.union([z.string(), z.number()]).nullish(),
  modality: z.string(),
  studyDate: z.string(),
  bodyPart: z.string().nullish(),
  hospitalName: z.string().nullish(),
  reportStatus: z.union([z.string(), z.number()]).nullish(),
});
export type Study = z.infer<typeof studySchema>;

/** The list response of spec section 3: rows and totals. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), totals: z.number().int().nonnegative() });
}

/** Film detail response (spec section 3). */
export const filmDetailSchema = z.object({
  sex: z.string().nullish(),
  age: z.union([z.string(), z.number()]).nullish(),
  imServerUrl: z.string().nullish(),
  studyUId: z.string().nullish(),
  orgCode: z.string().nullish(),
});
export type FilmDetail = z.infer<typeof filmDetailSchema>;

/** AI detail response (spec section 3). */
export const aiDetailSchema = z.object({
  status: z.number().int(),
  checkWay: z.number().int().nullish(),
  resultUrl: z.string().nullish(),
});
export type AiDetail = z.infer<typeof aiDetailSchema>;
