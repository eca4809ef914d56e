import * as z from 'zod/mini';
import { serverId as id } from './fields';

/**
 * Packaged downloads (issue 13): the answers of v2/FilmDown. A package is a ZIP of one study,
 * either its original DICOM files with a DICOMDIR (opens in any desktop viewer) or JPEG
 * renderings, desensitized or not. The server builds it as a task whose progress the app follows.
 */

const text = z.string();
const count = z.int().check(z.nonnegative());

export const PACKAGE_FORMATS = ['dicom', 'jpeg'] as const;
export type PackageFormat = (typeof PACKAGE_FORMATS)[number];

export const PACKAGE_STATES = ['queued', 'packing', 'ready', 'failed'] as const;
export type PackageState = (typeof PACKAGE_STATES)[number];

/** Business status codes of the download calls. */
export const DOWNLOAD_CODES = {
  taskNotFound: 4201,
  /** The package or its link is past its expiry: ask for a new one. */
  linkExpired: 4202,
  emailInvalid: 4203,
  /** The study is not yours, or your pass does not cover it. */
  studyNotAllowed: 4204,
} as const;

/** The header a download link's token travels in (QueryPackageTask): the link keeps it in its fragment. */
export const DOWNLOAD_TOKEN_HEADER = 'X-Download-Token';

/** How long a finished package and its links are kept. */
export const PACKAGE_KEEP_DAYS = 7;

/**
 * A packaging task: GET v2/FilmDown/ExeitPackageTask?collectFilmId= (null when there is none yet),
 * POST v2/FilmDown/AddPackageTask { collectFilmId, format, desensitize }, GET
 * v2/FilmDown/QueryPackageTask?taskId= (or, for someone who received the link, its token in the
 * DOWNLOAD_TOKEN_HEADER header: never in a URL), POST
 * v2/FilmDown/UpdateDesensitize { taskId, desensitize } (packs again).
 */
export const packageTaskSchema = z.object({
  taskId: id,
  collectFilmId: id,
  format: z.enum(PACKAGE_FORMATS),
  desensitize: z.boolean(),
  state: z.enum(PACKAGE_STATES),
  /** 0–100. */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  fileName: z.nullish(text),
  sizeBytes: z.nullish(count),
  /** Why packing failed, in words. */
  failure: z.nullish(text),
  /** When the package and its links stop working (ISO time); set once ready. */
  expiresAt: z.nullish(text),
  /** What the package holds, for the page of someone who received it. */
  studyDescription: text,
  studyDate: text,
  modality: text,
  hospitalName: text,
  /** Where the file is fetched from, once ready: a FilmDownFile URL signed for minutes. */
  fileUrl: z.nullish(text),
});
export type PackageTask = z.infer<typeof packageTaskSchema>;

export const existingTaskSchema = z.nullable(packageTaskSchema);

/** GET v2/FilmDown/CopyDownUrl?taskId=: the link to share (the downloadLink page), and until when it works. */
export const downloadLinkSchema = z.object({ url: text, expiresAt: text });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** POST v2/FilmDown/UpdateEmail { email } keeps the address; POST v2/FilmDown/SendEmail { taskId, email } sends the link. */
export const emailSentSchema = z.object({ email: text, sentAt: text });
export type EmailSent = z.infer<typeof emailSentSchema>;
export const emailSavedSchema = z.object({ email: text });

/** GET v2/FilmDown/FilmDownRecord?pageIndex&pageLength: the download records, newest first. */
export const downloadRecordSchema = z.object({
  recordId: id,
  taskId: id,
  collectFilmId: id,
  studyDescription: text,
  studyDate: text,
  modality: text,
  format: z.enum(PACKAGE_FORMATS),
  desensitize: z.boolean(),
  via: z.enum(['app', 'link', 'email']),
  downloadedAt: text,
  sizeBytes: z.nullish(count),
  /** Null once the package has expired. */
  fileUrl: z.nullish(text),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

/**
 * GET v2/FilmDown/FilmDownFile?taskId=&via=, signed for minutes by the call that handed it out
 * (fileUrl): not an envelope but the ZIP itself (application/zip, with a file name); 403 for an
 * unsigned, altered or expired URL, 410 once the package expired.
 */
export const DOWNLOAD_VIA = ['app', 'link', 'email'] as const;
