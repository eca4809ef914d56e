/** Where the sandbox serves what the personal centre and the consultation hand out (issue 14). */

/** An avatar: `/sandbox/avatars/<token>`, public, a new token per upload. */
export const AVATAR_PATH = '/sandbox/avatars';
/** The online expert consultation service's stand-in page. */
export const CONSULTATION_PATH = '/sandbox/consultation';

export function avatarUrl(origin: string, token: string): string {
  return new URL(`${AVATAR_PATH}/${encodeURIComponent(token)}`, origin).href;
}

/** What the consultation page shows: who asks (masked) and about which study, if any. */
export interface ConsultationRequest {
  patientMasked: string;
  hospitalName: string;
  study?: { collectFilmId: number; description: string; date: string; modality: string };
}

export function consultationUrl(origin: string, request: ConsultationRequest): string {
  const url = new URL(CONSULTATION_PATH, origin);
  url.searchParams.set('patient', request.patientMasked);
  url.searchParams.set('hospital', request.hospitalName);
  if (request.study) {
    url.searchParams.set('id', String(request.study.collectFilmId));
    url.searchParams.set('study', request.study.description);
    url.searchParams.set('date', request.study.date);
    url.searchParams.set('modality', request.study.modality);
  }
  return url.href;
}
