/** Where the sandbox's own pages live, and the URLs the API hands out for them. */
import { CONSULTATION_LINK } from '../src/shared/api/serviceSchemas';

export const WADO_PATH = '/sandbox/wado';
/** The sandbox archive's DICOMweb root (WADO-RS: server/dicom/dicomWeb.ts). */
export const DICOMWEB_ROOT_PATH = '/sandbox/dicom-web';
export const H5_PAY_PATH = '/sandbox/h5pay';
export const WX_PAY_PATH = '/sandbox/wxpay';
export const AI_REPORT_PATH = '/sandbox/ai-report';
export const AI_FINISH_HOOK_PATH = '/sandbox/ai/finish';
/** A printed report, rendered as an image: `/sandbox/reports/<print id>.svg`. */
export const REPORT_SHEET_PATH = '/sandbox/reports';
/** Test hook, test mode only: the hospital's report of a study arrives (`POST ?collectId=<collectFilmId>`). */
export const REPORT_SYNC_HOOK_PATH = '/sandbox/reports/sync';
/** Test hook, test mode only: switch a hospital module (`POST {module, enabled}`). */
export const HOSPITAL_MODULES_HOOK_PATH = '/sandbox/hospital/modules';
/** An order's audit trail, for auditors: JSON at `?orderId=<order no>`, a readable timeline at `/<order no>`. */
export const AUDIT_PATH = '/sandbox/audit';
/** Where the app lists each kind of order: the H5 page goes back there when the app names no return URL. */
export const PAY_RETURN_PATH = { ai: '/aiOrder', storage: '/storeOrder' } as const;

/** An avatar: `/sandbox/avatars/<token>`, public, a new token per upload. */
export const AVATAR_PATH = '/sandbox/avatars';
/** The online expert consultation service's stand-in page. */
export const CONSULTATION_PATH = '/sandbox/consultation';

export function avatarUrl(origin: string, token: string): string {
  return new URL(`${AVATAR_PATH}/${encodeURIComponent(token)}`, origin).href;
}

/** What the consultation page shows: who asks (masked) and about which study, if any. */
interface ConsultationRequest {
  patientMasked: string;
  hospitalName: string;
  study?: { collectFilmId: number; description: string; date: string; modality: string };
}

/** The consultation address, its parameters named as the app reads them to tell the patient what it sends. */
export function consultationUrl(origin: string, request: ConsultationRequest): string {
  const url = new URL(CONSULTATION_PATH, origin);
  url.searchParams.set(CONSULTATION_LINK.patient, request.patientMasked);
  url.searchParams.set(CONSULTATION_LINK.hospital, request.hospitalName);
  if (request.study) {
    url.searchParams.set(CONSULTATION_LINK.studyNumber, String(request.study.collectFilmId));
    url.searchParams.set(CONSULTATION_LINK.studyDescription, request.study.description);
    url.searchParams.set(CONSULTATION_LINK.studyDate, request.study.date);
    url.searchParams.set(CONSULTATION_LINK.modality, request.study.modality);
  }
  return url.href;
}

/** A URL (absolute, or relative to the origin) on the given origin; null for anything else. */
export function sameOriginUrl(value: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
}

export function h5PayUrl(origin: string, recordNo: string, redirectUrl: string): string {
  const url = new URL(`${H5_PAY_PATH}/${encodeURIComponent(recordNo)}`, origin);
  url.searchParams.set('redirect_url', redirectUrl);
  return url.href;
}

/** What an AI report's signed URL is signed for: that order's report. */
export function aiReportScope(orderNo: string): string {
  return `ai-report:${orderNo}`;
}

/** What an H5 pay page's signed URL is signed for: that payment. */
export function h5PayScope(recordNo: string): string {
  return `h5pay:${recordNo}`;
}

export function aiReportUrl(origin: string, orderNo: string): string {
  return new URL(`${AI_REPORT_PATH}/${encodeURIComponent(orderNo)}`, origin).href;
}

export function wadoBaseUrl(origin: string): string {
  return new URL(WADO_PATH, origin).href;
}

export function reportSheetUrl(origin: string, printId: string): string {
  return new URL(`${REPORT_SHEET_PATH}/${encodeURIComponent(printId)}.svg`, origin).href;
}
