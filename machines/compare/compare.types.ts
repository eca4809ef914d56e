/**
 * The prior study beside this one (issue 27 §3): the viewer asks for the same patient's latest
 * earlier study of the same modality and body part, and on the patient's word opens it in a second
 * viewport; the two scroll in step by slice position until the patient unlinks them.
 */
import * as z from 'zod/mini';

/**
 * `V1.0/Compare/prior?studyUId=&hospId=` (issue 27 §3, docs/extensions.md): the same patient's most
 * recent earlier study of the same modality and body part, or null when there is none (or the
 * caller reads this study through a pass, which must not learn of another). What the viewer needs
 * to open it beside this one, and its film detail id for its report.
 */
export const priorStudySchema = z.object({
  collectFilmId: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
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

/** With a prior, the film detail id of the study asked about too, for its report. */
export const comparePriorSchema = z.object({
  prior: z.nullable(priorStudySchema),
  currentFilmId: z.nullish(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
});
export type ComparePrior = z.infer<typeof comparePriorSchema>;
/** What the server sends (ids may be numbers). */
export type ComparePriorAnswer = z.input<typeof comparePriorSchema>;

/** What `findPrior` is asked: the study on screen, as the viewer's link names it. */
export interface PriorRequest {
  studyUid: string;
  hospId: string;
}

/** What `findPrior` gives: the prior, and the film detail id of the study on screen. */
export interface FoundPrior {
  prior: PriorStudy;
  currentFilmId: string | null;
}

export interface CompareContext {
  request: PriorRequest;
  found: FoundPrior | null;
  /** Where the slice of the study on screen is (mm), as it last said; null before it said or when it has no positions. */
  currentPosition: number | null;
}

export type CompareEvent =
  /** "Compare with prior": the prior opens beside the study on screen. */
  | { type: 'OPEN_PRIOR' }
  /** Back to the single viewer. */
  | { type: 'CLOSE_PRIOR' }
  /** Scroll the two apart, or in step again. */
  | { type: 'UNLINK' }
  | { type: 'LINK' }
  /** The study on screen showed a slice (on opening, or the patient moved it), at this position. */
  | { type: 'CURRENT_MOVED'; position: number | null }
  /** The prior showed a slice: the first time once it opens, then each time the patient moves it. */
  | { type: 'PRIOR_MOVED'; position: number | null };
