// Apart from the collect schemas, so the API client and the app's start do not bring them.

/** The request header that carries a study pass. */
export const STUDY_PASS_HEADER = 'X-Study-Pass';
