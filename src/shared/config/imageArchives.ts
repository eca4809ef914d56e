import type { ArchiveCredential, ImageArchive, RuntimeConfig } from './runtimeConfig';

type ArchiveSettings = Pick<RuntimeConfig, 'imageArchiveOrigins' | 'imageArchives'>;

/** An address prefix without its trailing slashes, so `http://pacs/` and `http://pacs` name the same archive. */
const trimmed = (prefix: string) => prefix.replace(/\/+$/, '');

/** The rest of `address` after the archive's prefix, or null when the address is not under it (a whole path segment must match). */
function restUnder(address: string, prefix: string): string | null {
  const root = trimmed(prefix);
  if (!address.startsWith(root)) return null;
  const rest = address.slice(root.length);
  return rest === '' || /^[/?#]/.test(rest) ? rest : null;
}

/** The configured archive `address` is under (the longest prefix wins), or null. */
export function archiveOf(address: string, archives: readonly ImageArchive[]): ImageArchive | null {
  let best: ImageArchive | null = null;
  for (const archive of archives) {
    if (restUnder(address, archive.url) !== null && (!best || trimmed(archive.url).length > trimmed(best.url).length)) best = archive;
  }
  return best;
}

/**
 * Where the viewer fetches `address`, and what it sends: under a configured archive with a
 * `route`, the same-origin path instead (a reverse proxy forwards it); `credential` is the
 * archive's, or null for an archive the configuration does not list (the API's own origin or an
 * `imageArchiveOrigins` entry: the API client decides, as before issue 25).
 */
export function routeArchive(address: string, archives: readonly ImageArchive[], appOrigin: string): { url: string; credential: ArchiveCredential | null } {
  const archive = archiveOf(address, archives);
  if (!archive) return { url: address, credential: null };
  if (archive.route === undefined) return { url: address, credential: archive.credential };
  const rest = restUnder(address, archive.url)!;
  return { url: new URL(trimmed(archive.route) + (rest === '' ? '/' : rest), appOrigin).href, credential: archive.credential };
}

const originOf = (address: string) => new URL(address).origin;

/** The origins a link's archive may be on besides the app's own: every listed archive, routed or not. */
export function allowedArchiveOrigins(settings: ArchiveSettings): string[] {
  return [...new Set([...settings.imageArchiveOrigins.map(originOf), ...settings.imageArchives.map((archive) => originOf(archive.url))])];
}

/** The origins the browser itself fetches images from (the CSP's connect-src and img-src): a routed archive is fetched on the app's own. */
export function fetchedArchiveOrigins(settings: ArchiveSettings): string[] {
  return [...new Set([...settings.imageArchiveOrigins.map(originOf), ...settings.imageArchives.filter((archive) => archive.route === undefined).map((archive) => originOf(archive.url))])];
}
