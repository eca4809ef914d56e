/** URL prefixes the sandbox answers itself; the static app and its history fallback never touch them. */

export function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

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
