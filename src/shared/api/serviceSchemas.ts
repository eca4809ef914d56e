import * as z from 'zod/mini';
import { serverId } from './fields';

/**
 * The hospital's other services (issue 14): online expert consultation (V1.0/Haodafu/GetZjwzJumpUrl),
 * the official account (V1.0/WeChat/GetUserScribeGZHTag), and the public demo study of experience.
 */

const text = z.string();

/**
 * GET V1.0/Haodafu/GetZjwzJumpUrl?id=<collectFilmId, optional>: the consultation service's page
 * for this patient (and study). The app goes there only when its origin is in the runtime
 * configuration's allowedRedirectOrigins.
 */
export const consultationJumpSchema = z.object({ url: text });

/**
 * What the consultation address carries to the service, by query parameter: the server writes
 * them (server/sandboxUrls.ts), and the app reads the very address it is about to open to tell
 * the patient what leaves with it (src/features/consultation/consultationLink.ts). A parameter
 * not named here is still said, by its name.
 */
export const CONSULTATION_LINK = {
  /** The patient's name, masked. */
  patient: 'patient',
  hospital: 'hospital',
  /** The study's number in Cloud Film (its collectFilmId). */
  studyNumber: 'id',
  studyDescription: 'study',
  studyDate: 'date',
  modality: 'modality',
} as const;

export const CONSULTATION_CODES = {
  /** The hospital offers no online consultation. */
  notOffered: 4701,
} as const;

/** GET V1.0/WeChat/GetUserScribeGZHTag: whether the patient follows the hospital's official account. */
export const officialAccountTagSchema = z.object({ subscribed: z.boolean() });

/**
 * GET V1.0/Package/ExperiencePass (public; not in the specification, which names no call for
 * experience): a read-only study pass over the hospital's demo study, so anyone can open it
 * without signing in. Null when the hospital has no demo study.
 */
export const experiencePassSchema = z.nullable(
  z.object({
    pass: text,
    passExpiresAt: text,
    collectFilmId: serverId,
    studyDescription: text,
    modality: text,
  }),
);
export type ExperiencePass = z.infer<typeof experiencePassSchema>;
