/**
 * Every call path of spec section 7 in one table, so a deployment can remap them.
 * Paths not shown in full are `V1.0/<Group>/<Name>`, except the groups the specification
 * prefixes otherwise (decisions.md). Methods the specification does not state follow the name:
 * reads are GET, commands are POST.
 */
export type HttpMethod = 'GET' | 'POST';

/**
 * Which rows of the error catalogue apply to a call (spec section 8): the study and report calls
 * (7001 stops the app), the order list ("network abnormal"), or the general rows.
 */
export type EndpointDomain = 'studyReport' | 'orderList' | 'general';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly domain: EndpointDomain;
}

const get = (path: string, domain: EndpointDomain = 'general'): Endpoint => ({ method: 'GET', path, domain });
const post = (path: string, domain: EndpointDomain = 'general'): Endpoint => ({ method: 'POST', path, domain });
const study = (method: HttpMethod, path: string): Endpoint => ({ method, path, domain: 'studyReport' });

export const ENDPOINTS = {
  wechat: {
    GetJsConfigParms: get('v1.0/wechat/GetJsConfigParms'),
    GetUserScribeGZHTag: get('V1.0/WeChat/GetUserScribeGZHTag'),
  },
  package: {
    // The collect calls answer a form (a wrong code, an unknown ID): their failures are the
    // form's messages, not the study calls' error page (issue 13).
    checkcollect: get('V1.0/Package/checkcollect'),
    Notify: post('V1.0/Package/Notify'),
    list: study('GET', 'V1.0/Package/list'),
    delete: study('POST', 'V1.0/Package/delete'),
    imagecode: get('V1.0/Package/imagecode'),
    sendcode: post('V1.0/Package/sendcode'),
    collect: post('V1.0/Package/collect'),
    MachTextKeyWords: get('V1.0/Package/MachTextKeyWords'),
    HospitalStudyList: study('GET', 'V1.0/Package/HospitalStudyList'),
    HospitalStudyImageList: study('GET', 'V1.0/Package/HospitalStudyImageList'),
    HospitalLogo: study('GET', 'V1.0/Package/HospitalLogo'),
    GetPatientStudyImageList: study('GET', 'V1.0/Package/GetPatientStudyImageList'),
  },
  report: {
    GetReportCheckType: study('GET', 'V1.0/Report/GetReportCheckType'),
    detail: study('GET', 'V1.0/Report/detail'),
    PatientPhone: get('V1.0/Report/PatientPhone'),
    GetSyncReportStatus: study('GET', 'V1.0/Report/GetSyncReportStatus'),
    AuthenReport: post('V1.0/Report/AuthenReport'),
    ReportPatientStudyList: study('GET', 'V1.0/Report/ReportPatientStudyList'),
  },
  share: {
    create: post('V1.0/Share/create'),
    list: get('V1.0/Share/list'),
    info: get('V1.0/Share/info'),
    /** Not in the specification, which names no way to take a share back; issue 13 asks for one. */
    revoke: post('V1.0/Share/revoke'),
  },
  /** Who opened my share (issue 27 §4): not in the specification; docs/extensions.md. */
  shareLog: {
    detail: get('V1.0/ShareLog/detail'),
    notify: post('V1.0/ShareLog/notify'),
  },
  /** Family members (issue 27 §2): not in the specification; docs/extensions.md. */
  family: {
    list: get('V1.0/Family/list'),
    add: post('V1.0/Family/add'),
    remove: post('V1.0/Family/remove'),
  },
  image: {
    chargelist: get('V1.0/Image/chargelist'),
    submmit: post('V1.0/Image/submmit'),
    CheckStorage: get('V1.0/Image/CheckStorage'),
    WxPayResultNotify: get('V1.0/Image/WxPayResultNotify'),
    pay: get('V1.0/Image/pay'),
    StorageOrderList: get('V1.0/Image/StorageOrderList'),
    CancelOrder: post('V1.0/Image/CancelOrder'),
  },
  ai: {
    list: get('V1.0/AI/list'),
    info: get('V1.0/AI/info'),
    channelList: get('V1.0/AI/channelList'),
    submmit: post('V1.0/AI/submmit'),
    GetWxPayParms: get('V1.0/AI/GetWxPayParms'),
    WxPayResultNotify: get('V1.0/AI/WxPayResultNotify'),
    GetSJAiCheckResult: get('V1.0/AI/GetSJAiCheckResult'),
    CancelOrder: post('V1.0/AI/CancelOrder'),
    OrderList: get('V1.0/AI/OrderList', 'orderList'),
  },
  helpSupport: {
    QuestionInfo: get('V1.0/HelpSupport/QuestionInfo'),
    QuestionTypes: get('V1.0/HelpSupport/QuestionTypes'),
    SubmitFeedback: post('V1.0/HelpSupport/SubmitFeedback'),
  },
  haodafu: {
    GetZjwzJumpUrl: get('V1.0/Haodafu/GetZjwzJumpUrl'),
  },
  center: {
    UpdateUser: post('V1.0/Center/UpdateUser'),
    UploadImage: post('V1.0/Center/UploadImage'),
    UserInfo: get('V1.0/Center/UserInfo'),
    UpdateUserEmail: post('V1.0/Center/UpdateUserEmail'),
  },
  /** Not in the specification, which names no call for experience: the demo study's read-only pass (issue 14). */
  experience: {
    ExperiencePass: get('V1.0/Package/ExperiencePass'),
  },
  yjpIndex: {
    ElectImages: get('V2.0/YJPIndex/ElectImages'),
    ElectReport: get('V2.0/YJPIndex/ElectReport'),
    GetHospitalSetting: get('V2.0/YJPIndex/GetHospitalSetting'),
    StorageInfo: get('V2.0/YJPIndex/StorageInfo'),
    ReportAiInfo: get('V2.0/YJPIndex/ReportAiInfo'),
    CheckExpireStorage: get('V2.0/YJPIndex/CheckExpireStorage'),
  },
  common: {
    DeptNames: get('V1.0/Common/DeptNames'),
  },
  reportCheck: {
    sendcode: post('v2/ReportCheck/sendcode'),
    GetReportList: study('GET', 'v2/ReportCheck/GetReportList'),
    authenpatientphone: post('v2/ReportCheck/authenpatientphone'),
  },
  /** Not in the specification: where analytics and the audit trail go (issue 5). */
  analytics: {
    Collect: post('V1.0/Analytics/Collect'),
  },
  filmDown: {
    ExeitPackageTask: get('v2/FilmDown/ExeitPackageTask'),
    AddPackageTask: post('v2/FilmDown/AddPackageTask'),
    QueryPackageTask: get('v2/FilmDown/QueryPackageTask'),
    CopyDownUrl: get('v2/FilmDown/CopyDownUrl'),
    FilmDownFile: get('v2/FilmDown/FilmDownFile'),
    FilmDownRecord: get('v2/FilmDown/FilmDownRecord'),
    UpdateDesensitize: post('v2/FilmDown/UpdateDesensitize'),
    UpdateEmail: post('v2/FilmDown/UpdateEmail'),
    SendEmail: post('v2/FilmDown/SendEmail'),
  },
  /** The prior study beside this one (issue 27 §3): not in the specification; docs/extensions.md. */
  compare: {
    prior: get('V1.0/Compare/prior'),
  },
} as const satisfies Record<string, Record<string, Endpoint>>;

export function allEndpoints(): Endpoint[] {
  return Object.values(ENDPOINTS).flatMap((group) => Object.values(group));
}
