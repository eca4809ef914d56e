import type { ConsultationSends } from '../../../machines/consultation/consultation.types';
import { CONSULTATION_LINK } from '../../shared/api/serviceSchemas';

const KNOWN: ReadonlySet<string> = new Set(Object.values(CONSULTATION_LINK));

/**
 * What opening the consultation address sends to the service, read from the address itself (the
 * one the app is about to open), so what the patient is told cannot differ from what goes: the
 * parameters the server writes (CONSULTATION_LINK), and any other by its name.
 */
export function consultationSends(url: string): ConsultationSends {
  const address = new URL(url);
  const read = (name: string) =>
    address.searchParams
      .getAll(name)
      .map((value) => value.trim())
      .filter(Boolean)
      .join(', ') || null;
  const study = {
    modality: read(CONSULTATION_LINK.modality),
    description: read(CONSULTATION_LINK.studyDescription),
    date: read(CONSULTATION_LINK.studyDate),
    number: read(CONSULTATION_LINK.studyNumber),
  };
  return {
    site: address.host,
    patientName: read(CONSULTATION_LINK.patient),
    hospital: read(CONSULTATION_LINK.hospital),
    study: Object.values(study).some((value) => value !== null) ? study : null,
    other: [...new Set(address.searchParams.keys())].filter((name) => !KNOWN.has(name)),
  };
}
