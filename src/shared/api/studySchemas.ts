import * as z from 'zod/mini';
import { serverId as id } from './fields';

/**
 * What the study, report and image calls answer (issue 12). The specification names the calls
 * but not their fields (spec section 3 shows only the film detail's five); these are the fields
 * the screens need, and the sandbox answers them `satisfies` these types.
 */

const text = z.string();
const optionalText = z.nullish(z.string());
const count = z.int().check(z.nonnegative());

/** The module switches of the hospital setting that the home page and the film detail follow. */
export const HOSPITAL_MODULES = [
  'cloudFilm',
  'electronicFilm',
  'electronicReport',
  'studyHistory',
  'share',
  'filmDownload',
  'aiAnalysis',
  'imageStore',
  'consultation',
  /** Ask a patient who does not follow the hospital's official account to follow it (issue 14). */
  'officialAccountPrompt',
] as const;
export type HospitalModule = (typeof HOSPITAL_MODULES)[number];

/** Report status as a number: 0 not written yet, 1 preliminary, 2 final (signed). */
export const REPORT_STATUS = { pending: 0, preliminary: 1, final: 2 } as const;

/** One series' thumbnail: a small JPEG the image server renders (absent from a plain WADO archive). */
export const seriesThumbnailSchema = z.object({
  seriesUid: text,
  seriesNumber: z.int(),
  modality: text,
  description: optionalText,
  imageCount: count,
  thumbnailUrl: optionalText,
});
export type SeriesThumbnail = z.infer<typeof seriesThumbnailSchema>;

/**
 * `V1.0/Package/HospitalStudyImageList?CollectId=`: the film detail. The first five fields are spec
 * section 3's; the rest is what the film detail page shows.
 */
export const filmDetailSchema = z.object({
  sex: optionalText,
  age: z.nullish(z.union([z.string(), z.number()])),
  imServerUrl: optionalText,
  studyUId: optionalText,
  orgCode: optionalText,
  collectFilmId: z.optional(id),
  patientName: optionalText,
  modality: optionalText,
  bodyPart: optionalText,
  studyDescription: optionalText,
  studyDate: optionalText,
  studyTime: optionalText,
  /** A department code; `V1.0/Common/DeptNames` names it. */
  deptCode: optionalText,
  accessionNumber: optionalText,
  hospitalName: optionalText,
  imageCount: z.optional(count),
  series: z.optional(z.array(seriesThumbnailSchema)),
});
export type FilmDetail = z.infer<typeof filmDetailSchema>;

/** `V1.0/Common/DeptNames`: department code to name. */
export const deptNamesSchema = z.array(z.object({ code: text, name: text }));
export type DeptNames = z.infer<typeof deptNamesSchema>;

/** `V1.0/Report/detail?CollectId=`: the radiology report of a study. */
export const reportSchema = z.object({
  /** REPORT_STATUS: 0 means no report yet (findings and impression are then empty). */
  status: z.int(),
  checkType: optionalText,
  findings: optionalText,
  impression: optionalText,
  reportedBy: optionalText,
  reportedAt: optionalText,
  reviewedBy: optionalText,
  reviewedAt: optionalText,
});
export type Report = z.infer<typeof reportSchema>;

/**
 * `V1.0/Report/GetSyncReportStatus` (with `CollectId=` for one study): whether the hospital's
 * report has reached the cloud-film service yet, and when it was last checked.
 */
export const reportSyncSchema = z.object({
  synced: z.boolean(),
  lastSyncAt: optionalText,
});
export type ReportSync = z.infer<typeof reportSyncSchema>;

/** `V1.0/Report/GetReportCheckType`: the check types the patient has reports of (tabs). */
export const checkTypesSchema = z.array(z.object({ code: text, name: text }));
export type CheckTypes = z.infer<typeof checkTypesSchema>;

/** A row of `V1.0/Report/ReportPatientStudyList?checkType=&pageIndex=&pageLength=`. */
export const reportRowSchema = z.object({
  collectFilmId: id,
  checkType: text,
  studyDescription: text,
  studyDate: text,
  status: z.int(),
  impression: optionalText,
  hospitalName: optionalText,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** A row of `V1.0/Package/list` (my films): a study the patient collected, with the collection's id. */
export const filmPackageSchema = z.object({
  collectId: id,
  collectFilmId: id,
  collectedAt: text,
  patientName: text,
  modality: text,
  bodyPart: optionalText,
  studyDescription: optionalText,
  studyDate: text,
  hospitalName: optionalText,
  imageCount: z.optional(count),
  thumbnailUrl: optionalText,
});
export type FilmPackage = z.infer<typeof filmPackageSchema>;

/**
 * `V1.0/Package/GetPatientStudyImageList?studyUId=&hospId=`: the series and instances the viewer
 * loads, and where from (issue 25 §1): with `dicomWebRoot` the viewer retrieves by WADO-RS under
 * that root; else by WADO-URI at `wadoUrl`; else at the link's `wadourl`. Either may carry the
 * signature the API put on it for this study (an archive configured `signed`).
 */
export const studyImagesSchema = z.object({
  studyUId: text,
  /** The archive's WADO-URI address. */
  wadoUrl: optionalText,
  /** The archive's DICOMweb root (`.../dicom-web`): the study is at `{root}/studies/{studyUId}`. */
  dicomWebRoot: optionalText,
  patientName: optionalText,
  patientId: optionalText,
  sex: optionalText,
  age: z.nullish(z.union([z.string(), z.number()])),
  studyDate: optionalText,
  studyDescription: optionalText,
  hospitalName: optionalText,
  series: z.array(
    z.object({
      seriesUid: text,
      seriesNumber: z.int(),
      modality: text,
      description: optionalText,
      thumbnailUrl: optionalText,
      instances: z.array(
        z.object({
          sopUid: text,
          instanceNumber: z.int(),
          /** Frames in the instance; more than one for a multi-frame object. */
          frames: z._default(z.int().check(z.positive()), 1),
          /**
           * Where the slice is along the patient's long axis, in mm (Image Position Patient z, else
           * Slice Location); not in the specification (docs/extensions.md): the prior study beside
           * this one scrolls in step by it.
           */
          position: z.nullish(z.number()),
        }),
      ),
    }),
  ),
});
export type StudyImages = z.infer<typeof studyImagesSchema>;

/** A picture the server rendered (film sheet or HD key image). */
export const renderedImageSchema = z.object({
  url: text,
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  title: optionalText,
});
export type RenderedImage = z.infer<typeof renderedImageSchema>;

/** `V2.0/YJPIndex/ElectImages?CollectId=`: the electronic film sheets and the HD key images. */
export const electImagesSchema = z.object({
  films: z.array(renderedImageSchema),
  hdImages: z.array(renderedImageSchema),
});
export type ElectImages = z.infer<typeof electImagesSchema>;

/** `V2.0/YJPIndex/ElectReport?CollectId=`: the printed report as the hospital issued it (an image), if any. */
export const electReportSchema = z.object({
  pages: z.array(renderedImageSchema),
});
export type ElectReport = z.infer<typeof electReportSchema>;

/** `V2.0/YJPIndex/StorageInfo?CollectId=`: how long this study's images stay online. */
export const storageInfoSchema = z.object({
  /** 1 stored (within the free or a paid period), 0 expired: images no longer served. */
  stored: z.boolean(),
  /** YYYY-MM-DD, the last day the images are kept. */
  expireDate: optionalText,
  daysLeft: z.int(),
  /** Whether storage can be bought for this study. */
  canBuy: z.boolean(),
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;

/** `V2.0/YJPIndex/CheckExpireStorage`: the patient's studies whose storage ends within 30 days or has ended. */
export const expiringStorageSchema = z.object({
  expiringCount: count,
  expiredCount: count,
  soonestExpireDate: optionalText,
});
export type ExpiringStorage = z.infer<typeof expiringStorageSchema>;

/**
 * An AI mark on one image: a box (x, y, width, height) or a mark (x, y), in image pixels. One
 * finding (a nodule) has many marks, a box on every slice that cuts it: `findingId` names the
 * finding they belong to (rules/aiFindings.ts counts findings, not marks).
 */
export const aiFindingSchema = z.object({
  findingId: optionalText,
  seriesUid: text,
  sopUid: text,
  frame: z._default(z.int().check(z.positive()), 1),
  shape: z.enum(['box', 'mark']),
  x: z.number(),
  y: z.number(),
  width: z._default(z.number(), 0),
  height: z._default(z.number(), 0),
  label: text,
});
export type AiFinding = z.infer<typeof aiFindingSchema>;

/** `V2.0/YJPIndex/ReportAiInfo?CollectId=` (or `?studyUId=`): the study's AI analyses and their findings. */
export const reportAiInfoSchema = z.object({
  orders: z.array(
    z.object({
      orderId: id,
      item: text,
      status: z.int(),
      checkWay: z.nullish(z.int()),
      summary: optionalText,
    }),
  ),
  findings: z.array(aiFindingSchema),
});
export type ReportAiInfo = z.infer<typeof reportAiInfoSchema>;
