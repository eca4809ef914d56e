import { ApiError } from '../envelope';
import type { CollectIdentityRepository, CollectPatient } from '../repositories/collectIdentity';
import type { StudyRecord, StudyRepository } from '../repositories/studies';
import { isValidNationalId } from '../../src/shared/rules/nationalId';
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
  /** The study a film bag's code names: 4009 when none. */
  function bagStudy(bagCode: string): StudyRecord {
    const studyId = identities.studyIdOfAccession(accessionOfBagCode(bagCode));
    const study = studyId === undefined ? undefined : studies.findById(studyId);
    if (!study) throw new ApiError(COLLECT_CODES.bagCodeUnknown, IDENTITY_MESSAGES.bagUnknown);
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

    byNamePhone(name: string, phone: string, bagCode: string | undefined, hospitalId: number): Identified {
      const trimmedName = name.trim();
      const trimmedPhone = phone.trim();
      if (!trimmedName) throw notFound(IDENTITY_MESSAGES.badName);
      if (!PHONE.test(trimmedPhone)) throw notFound(IDENTITY_MESSAGES.badPhone);
      return identified((hospital) => identities.byNamePhone(hospital, trimmedName, trimmedPhone), bagCode, hospitalId);
    },
  };
}

export type Identification = ReturnType<typeof identification>;
