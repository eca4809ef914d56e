import type { ConsultationJump } from '../../../machines/consultation/consultation.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';
import { CONSULTATION_CODES, consultationJumpSchema } from '../../shared/api/serviceSchemas';
import { allowedExternalUrl } from '../../shared/navigation/externalUrl';
import { consultationSends } from './consultationLink';

/** The origin of an address as the patient can read it, or null for something that is no address. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin !== 'null' ? url.origin : url.protocol;
  } catch {
    return null;
  }
}

/**
 * GET V1.0/Haodafu/GetZjwzJumpUrl?id=: the consultation page for this patient (and study), checked
 * against the allowed origins; an allowed one comes with what opening it sends.
 */
export async function askConsultation(
  api: ApiClient,
  request: { collectFilmId: string | null; allowedOrigins: readonly string[] },
  signal?: AbortSignal,
): Promise<ConsultationJump> {
  try {
    const { url } = await api.request(ENDPOINTS.haodafu.GetZjwzJumpUrl, {
      params: request.collectFilmId ? { id: request.collectFilmId } : {},
      schema: consultationJumpSchema,
      signal,
    });
    const allowed = allowedExternalUrl(url, request.allowedOrigins);
    return allowed ? { kind: 'go', url: allowed, sends: consultationSends(allowed) } : { kind: 'refused', origin: originOf(url) };
  } catch (error) {
    const failure = businessFailure(error);
    if (!failure) throw error;
    if (failure.statusCode === CONSULTATION_CODES.notOffered) return { kind: 'notOffered' };
    return { kind: 'declined', message: failure.message };
  }
}
