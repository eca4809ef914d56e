import * as z from 'zod/mini';
import { serverId as id } from './fields';

/**
 * Shares (issue 13): V1.0/Share create, list, info, and revoke (not in the specification, which
 * names no way to take a share back; the issue asks for one). A share opens one study read-only,
 * report and viewer included, to whoever has its link and access code, until it expires or is revoked.
 */

const text = z.string();
const count = z.int().check(z.nonnegative());

/** The expiry choices, in days. */
export const SHARE_DAYS = [1, 7, 30] as const;
export type ShareDays = (typeof SHARE_DAYS)[number];

/** An access code is four digits. */
export const ACCESS_CODE_LENGTH = 4;

/** Business status codes of the share calls. */
export const SHARE_CODES = {
  notFound: 4101,
  expired: 4102,
  revoked: 4103,
  /** Result: { attemptsLeft }. */
  accessCodeWrong: 4104,
  /** Too many wrong access codes: the share refuses for a while. Result: { retryAfterSeconds }. */
  tooManyAttempts: 4105,
} as const;

export const SHARE_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/**
 * POST V1.0/Share/create { collectFilmId, days }: the new share, and a row of GET V1.0/Share/list
 * (paged, newest first). `url` is the shareCode page with the share's code.
 */
export const shareSchema = z.object({
  shareId: id,
  collectFilmId: id,
  code: text,
  accessCode: text,
  url: text,
  days: z.int(),
  createdAt: text,
  expiresAt: text,
  state: z.enum(SHARE_STATES),
  openCount: count,
  lastOpenedAt: z.nullish(text),
  studyDescription: text,
  studyDate: text,
  modality: text,
  patientName: text,
  hospitalName: text,
});
export type Share = z.infer<typeof shareSchema>;

/** POST V1.0/Share/revoke?shareId=: taken back; opening it is refused from now on. */
export const revokedSchema = z.nullish(z.unknown());

/**
 * GET V1.0/Share/info?code=&accessCode=: opens the share (counted) and answers the shared study,
 * read-only, with a pass for the X-Study-Pass header. Without accessCode it answers only what the
 * code page shows before the code is typed (no study details, no pass).
 */
export const sharePreviewSchema = z.object({
  code: text,
  hospitalName: text,
  /** 张* style. */
  sharedByMasked: text,
  expiresAt: text,
});
export type SharePreview = z.infer<typeof sharePreviewSchema>;

export const shareOpenedSchema = z.object({
  collectFilmId: id,
  pass: text,
  passExpiresAt: text,
  expiresAt: text,
  studyDescription: text,
  studyDate: text,
  modality: text,
});
export type ShareOpened = z.infer<typeof shareOpenedSchema>;

/**
 * Who opened my share (issue 27 §4; docs/extensions.md): V1.0/ShareLog, the owner's calls. Each try
 * at a share's access code is logged with its time, the kind of device (from its browser's user
 * agent) and whether the code was right; the owner is told of each opening unless they switched it off.
 */
export const DEVICE_KINDS = ['wechat', 'phone', 'tablet', 'computer', 'unknown'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** How many of a share's latest tries ShareLog/detail answers. */
export const SHARE_LOG_MOST = 50;

export const shareOpeningSchema = z.object({
  openedAt: text,
  device: z.enum(DEVICE_KINDS),
  codeRight: z.boolean(),
});
export type ShareOpening = z.infer<typeof shareOpeningSchema>;

/** GET V1.0/ShareLog/detail?shareId=: the share as its list row, whether its owner is told, its latest tries and their totals. */
export const shareLogSchema = z.object({
  share: shareSchema,
  notify: z.boolean(),
  openings: z.array(shareOpeningSchema),
  rightTotal: count,
  wrongTotal: count,
});
export type ShareLog = z.infer<typeof shareLogSchema>;

/** POST V1.0/ShareLog/notify { shareId, notify }: from now on the owner is (or is not) told. */
export const shareNotifySchema = z.nullish(z.unknown());
