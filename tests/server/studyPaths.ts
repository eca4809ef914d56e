/** The study, report and storage calls (issue 12), as the app's API client reaches them. */
export const MY_FILMS = '/api/V1.0/Package/list';
export const DELETE_FILM = '/api/V1.0/Package/delete';
export const DEPT_NAMES = '/api/V1.0/Common/DeptNames';
export const REPORT_DETAIL = '/api/V1.0/Report/detail';
export const REPORT_CHECK_TYPES = '/api/V1.0/Report/GetReportCheckType';
export const REPORT_LIST = '/api/V1.0/Report/ReportPatientStudyList';
export const ELECT_REPORT = '/api/V2.0/YJPIndex/ElectReport';
export const STORAGE_INFO = '/api/V2.0/YJPIndex/StorageInfo';
export const CHECK_EXPIRE_STORAGE = '/api/V2.0/YJPIndex/CheckExpireStorage';
/** Sandbox hooks. */
export const REPORT_SYNC_HOOK = '/sandbox/reports/sync';
export const HOSPITAL_MODULES_HOOK = '/sandbox/hospital/modules';
