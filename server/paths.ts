/** URL prefixes the sandbox answers itself; the static app and its history fallback never touch them. */

export function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The API paths that answer anyone, asking nothing; every other API route needs a bearer token, except as below. */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set([
  '/api/V2.0/YJPIndex/GetHospitalSetting',
  '/api/V1.0/Package/HospitalLogo',
  // The page configures the WeChat JS-SDK before anyone signs in.
  '/api/v1.0/wechat/GetJsConfigParms',
  // The help centre and its articles (public routes, issue 14).
  '/api/V1.0/HelpSupport/QuestionTypes',
  '/api/V1.0/HelpSupport/QuestionInfo',
  // A study pass over the hospital's demo study, for anyone to try the app without signing in (issue 14).
  '/api/V1.0/Package/ExperiencePass',
]);

/**
 * The API paths a visitor who is not signed in may call (issue 13). Unlike PUBLIC_API_PATHS each
 * asks its own proof (an image code, an SMS code, a study pass, a share's access code, a download
 * token) and answers its own business failure instead of 401; each uses the bearer patient when
 * there is one.
 */
export const VISITOR_API_PATHS: ReadonlySet<string> = new Set([
  // Collecting with an SMS code: the visitor proves who they are with an image code and an SMS code.
  '/api/V1.0/Package/imagecode',
  '/api/V1.0/Package/MachTextKeyWords',
  '/api/V1.0/Package/checkcollect',
  '/api/V1.0/Report/PatientPhone',
  '/api/V1.0/Package/sendcode',
  '/api/v2/ReportCheck/sendcode',
  '/api/V1.0/Package/collect',
  '/api/v2/ReportCheck/authenpatientphone',
  // These read only through a study pass and answer 4011 without one, never 401 (no sign-in to start).
  '/api/V1.0/Report/AuthenReport',
  '/api/v2/ReportCheck/GetReportList',
  // A share's preview, and opening it with its access code.
  '/api/V1.0/Share/info',
  // Check their own credential: a download token, or a bearer or pass.
  '/api/v2/FilmDown/QueryPackageTask',
  '/api/v2/FilmDown/FilmDownFile',
  // Feedback anyone may send (issue 14); a signed-in patient's bearer attaches it to them.
  '/api/V1.0/HelpSupport/SubmitFeedback',
]);

/**
 * The API paths that a request carrying a study pass (the X-Study-Pass header) reaches without a
 * bearer token; the route decides what the pass lets it read (server/studyAccess.ts). Without the
 * header they need a signed-in patient like any other.
 */
export const PASS_API_PATHS: ReadonlySet<string> = new Set([
  // Reading one study: film detail, images, report, storage, AI findings.
  '/api/V1.0/Package/HospitalStudyImageList',
  '/api/V1.0/Package/GetPatientStudyImageList',
  '/api/V1.0/Report/detail',
  '/api/V1.0/Report/GetSyncReportStatus',
  '/api/V2.0/YJPIndex/ElectImages',
  '/api/V2.0/YJPIndex/ElectReport',
  '/api/V2.0/YJPIndex/StorageInfo',
  '/api/V2.0/YJPIndex/ReportAiInfo',
  // What a study's deptCode means, in the pass's patient's hospital.
  '/api/V1.0/Common/DeptNames',
  // Telling the hospital the studies were collected electronically.
  '/api/V1.0/Package/Notify',
  // Packaged downloads a collect pass may ask for (routes/filmDown.ts refuses share and experience passes).
  '/api/v2/FilmDown/ExeitPackageTask',
  '/api/v2/FilmDown/AddPackageTask',
  '/api/v2/FilmDown/UpdateDesensitize',
  '/api/v2/FilmDown/CopyDownUrl',
  '/api/v2/FilmDown/SendEmail',
]);

export function isSandboxPath(pathname: string): boolean {
  return pathname === '/sandbox' || pathname.startsWith('/sandbox/');
}

export const RUNTIME_CONFIG_PATH = '/config.json';

export function isReservedPath(pathname: string): boolean {
  return isApiPath(pathname) || isSandboxPath(pathname) || pathname === RUNTIME_CONFIG_PATH;
}

/**
 * A build's source maps (and its precompressed copies, which the static server picks itself):
 * written for us, never sent (issue 26); the build names them in no file it serves.
 */
export function isPrivateBuildFile(pathname: string): boolean {
  return /\.map(?:\.(?:br|gz))?$/i.test(pathname);
}

/** Vite puts content-hashed build output here. */
export function isHashedAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}
