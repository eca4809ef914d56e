/** URL prefixes the sandbox answers itself; the static app and its history fallback never touch them. */

export function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The API paths that answer without a signed-in patient; every other API route needs a bearer token. */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set([
  '/api/V2.0/YJPIndex/GetHospitalSetting',
  '/api/V1.0/Package/HospitalLogo',
  // The page configures the WeChat JS-SDK before anyone signs in.
  '/api/v1.0/wechat/GetJsConfigParms',
]);

export function isSandboxPath(pathname: string): boolean {
  return pathname === '/sandbox' || pathname.startsWith('/sandbox/');
}

export const RUNTIME_CONFIG_PATH = '/config.json';

export function isReservedPath(pathname: string): boolean {
  return isApiPath(pathname) || isSandboxPath(pathname) || pathname === RUNTIME_CONFIG_PATH;
}

/** Vite puts content-hashed build output here. */
export function isHashedAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}
