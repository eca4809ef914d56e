/**
 * Where the app may send a patient outside itself (an AI result page): only an http(s) URL whose
 * origin the runtime configuration allows. Anything else (javascript:, data:, look-alike hosts,
 * credentials in the URL) is refused.
 */
export function allowedExternalUrl(value: string | null | undefined, allowedOrigins: readonly string[]): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const allowed = allowedOrigins.some((origin) => {
    try {
      return new URL(origin).origin === url.origin;
    } catch {
      return false;
    }
  });
  return allowed ? url.href : null;
}
