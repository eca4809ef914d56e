// Apart from the collect schemas, so the API client and the app's start do not bring them.

/** The request header that carries a study pass. */
export const STUDY_PASS_HEADER = 'X-Study-Pass';

/** The request header that makes a call act for a family member (issue 27 §2; familySchemas.ts). */
export const FAMILY_MEMBER_HEADER = 'X-Family-Member';
