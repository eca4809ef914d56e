import * as z from 'zod/mini';
import { serverId as id } from './fields';

/**
 * `V1.0/Compare/prior?studyUId=&hospId=` (issue 27 §3, docs/extensions.md): the same patient's most
 * recent earlier study of the same modality and body part, or null when there is none (or the
 * caller reads this study through a pass, which must not learn of another). What the viewer needs
 * to open it beside this one, and its film detail id for its report.
 */
export const priorStudySchema = z.object({
  collectFilmId: id,
  studyUId: z.string(),
  hospId: z.string(),
  /** The archive's WADO-URI address, as the film detail's `imServerUrl`. */
  wadoUrl: z.string(),
  studyDate: z.string(),
  studyDescription: z.nullish(z.string()),
  modality: z.string(),
  bodyPart: z.nullish(z.string()),
});
export type PriorStudy = z.infer<typeof priorStudySchema>;

export const comparePriorSchema = z.object({ prior: z.nullable(priorStudySchema) });
export type ComparePrior = z.infer<typeof comparePriorSchema>;
/** What the server sends (ids may be numbers). */
export type ComparePriorAnswer = z.input<typeof comparePriorSchema>;
