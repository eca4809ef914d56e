import { ApiError } from '../envelope';
import type { CollectIdentityRepository, CollectPatient } from '../repositories/collectIdentity';
import type { StudyRecord, StudyRepository } from '../repositories/studies';
import { isValidNationalId } from '../../src/shared/rules/nationalId';
import { TEXT_FIELDS } from '../../src/shared/rules/text';
import { requireText } from '../textRule';
import { COLLECT_CODES } from '../../src/shared/api/collectSchemas';
import { accessionOfBagCode } from './bagCode';

export const IDENTITY_MESSAGES = {
  notFound: '未找到该患者的检查',
  badNationalId: '身份证号不正确',
  badPhone: '手机号码不正确',
  badName: '姓名不正确',
  bagUnknown: '未识别的胶片袋编码',
} as const;

const PHONE = /^1\d{10}$/;

/** Who a visitor said they are, found: their studies (newest first) and the film bag's study. */
export interface Identified {
  patient: CollectPatient;
  studyIds: number[];
  bagStudyId: number | null;
}

function notFound(message: string = IDENTITY_MESSAGES.notFound): ApiError {
  return new ApiError(COLLECT_CODES.identityNotFound, message);
}

/**
 * Finding the patient a visitor names, by national ID or by name and phone, in one hospital: the
 * film bag's when they came with one (its study must then be theirs), otherwise the request's.
 * A patient without studies is not found either: there is nothing to collect.
 */
export function identification(identities: CollectIdentityRepository, studies: StudyRepository) {
  /** The study a film bag's code names: 4009 when none, or when the code breaks the text rule (TEXT_FIELDS.bagCode). */
  function bagStudy(bagCode: string): StudyRecord {
    const unknown = () => new ApiError(COLLECT_CODES.bagCodeUnknown, IDENTITY_MESSAGES.bagUnknown);
    const studyId = identities.studyIdOfAccession(accessionOfBagCode(requireText(TEXT_FIELDS.bagCode, bagCode, unknown)));
    const study = studyId === undefined ? undefined : studies.findById(studyId);
    if (!study) throw unknown();
    return study;
  }

  function identified(find: (hospitalId: number) => CollectPatient | undefined, bagCode: string | undefined, hospitalId: number): Identified {
    const bag = bagCode ? bagStudy(bagCode) : undefined;
    const patient = find(bag?.hospitalId ?? hospitalId);
    const studyIds = patient ? identities.studyIdsOf(patient.id) : [];
    if (!patient || studyIds.length === 0 || (bag && bag.patientId !== patient.id)) throw notFound();
    return { patient, studyIds, bagStudyId: bag?.id ?? null };
  }

  return {
    bagStudy,

    byNationalId(idCard: string, bagCode: string | undefined, hospitalId: number): Identified {
      const nationalId = idCard.trim();
      if (!isValidNationalId(nationalId)) throw notFound(IDENTITY_MESSAGES.badNationalId);
      return identified((hospital) => identities.byNationalId(hospital, nationalId), bagCode, hospitalId);
    },

    /** The name by the text rule (TEXT_FIELDS.patientName: 1-40 characters, none of them control or invisible ones), the phone 11 digits from 1. */
    byNamePhone(name: string, phone: string, bagCode: string | undefined, hospitalId: number): Identified {
      const trimmedName = requireText(TEXT_FIELDS.patientName, name, () => notFound(IDENTITY_MESSAGES.badName));
      const trimmedPhone = phone.trim();
      if (!PHONE.test(trimmedPhone)) throw notFound(IDENTITY_MESSAGES.badPhone);
      return identified((hospital) => identities.byNamePhone(hospital, trimmedName, trimmedPhone), bagCode, hospitalId);
    },
  };
}

export type Identification = ReturnType<typeof identification>;
