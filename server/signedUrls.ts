import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs (issue 22), for what cannot send the bearer token or the study pass
 * header: an `<img>` (thumbnails, film sheets, key images, printed reports) and a page the
 * browser navigates to (the AI report, the H5 pay page). A signed URL names
 * - what it is for (`scope`, e.g. `study:12`), which the route that serves it knows on its own
 *   and the signature covers, so a URL signed for one study opens nothing else;
 * - a `grant`: whose credential it was signed under, `p<patient id>` for a signed-in patient or
 *   `s<pass hash>` for a study pass. The route asks again, on every request, whether that grant
 *   still reads the thing: a revoked share, an expired pass or a film taken out of my films
 *   ends its URLs at once, not when they expire;
 * - `exp`, in Unix seconds: minutes, rounded up to a whole period so the same image keeps the
 *   same URL for a while and the browser's cache can serve it again.
 * Nothing in it is a credential by itself: without the sandbox's key no one can make one.
 */

const PARAMS = ['exp', 'grant', 'sig'] as const;
/** URLs expiring within the same period look the same, so a reload finds them in the browser's cache. */
const PERIOD_SECONDS = 300;
/** How long a signed URL lasts by default: long enough to look at a page, short enough to be worthless when leaked. */
export const SIGNED_URL_TTL_SECONDS = 900;

/** A signed-in patient, a study pass (by its token's hash), or whoever holds a package's download link. */
export type Grant = `p${number}` | `s${string}` | 'link';

/** The grant of whoever presented a package's download link (its token): good while the package is. */
export const LINK_GRANT: Grant = 'link';

export function patientGrant(patientId: number): Grant {
  return `p${patientId}`;
}

export function passGrant(tokenHash: string): Grant {
  return `s${tokenHash}`;
}

/** What a grant names: a patient, a study pass by its token's hash, or a download link's holder. */
export function parseGrant(grant: string): { patientId: number } | { passHash: string } | { link: true } | null {
  if (/^p[1-9][0-9]{0,15}$/.test(grant)) return { patientId: Number(grant.slice(1)) };
  if (/^s[0-9a-f]{64}$/.test(grant)) return { passHash: grant.slice(1) };
  if (grant === LINK_GRANT) return { link: true };
  return null;
}

export interface SignedUrlCheck {
  grant: string;
  /** Unix seconds when it stops working: the most a cache may keep what it answered. */
  expiresAt: number;
}

/** The path and query a signature covers, in one canonical form: the query sorted, without `sig`. */
function canonical(scope: string, url: URL): string {
  const query = [...url.searchParams.entries()].filter(([name]) => name !== 'sig').sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return `${scope}\n${url.pathname}\n${new URLSearchParams(query).toString()}`;
}

export function urlSigner(key: Buffer = randomBytes(32)) {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();

  return {
    /** `url` (absolute, or a path on `origin`) with exp, grant and sig added; relative in, relative out. */
    sign(url: string, scope: string, grant: Grant, now: Date = new Date(), ttlSeconds = SIGNED_URL_TTL_SECONDS): string {
      const relative = !/^[a-z][a-z0-9+.-]*:/i.test(url);
      const parsed = new URL(url, 'http://relative.invalid');
      for (const name of PARAMS) parsed.searchParams.delete(name);
      const exp = Math.ceil((now.getTime() / 1000 + ttlSeconds) / PERIOD_SECONDS) * PERIOD_SECONDS;
      parsed.searchParams.set('exp', String(exp));
      parsed.searchParams.set('grant', grant);
      parsed.searchParams.set('sig', mac(canonical(scope, parsed)).toString('base64url'));
      return relative ? `${parsed.pathname}${parsed.search}` : parsed.href;
    },

    /**
     * The grant of a URL signed for `scope` that has not expired; null for a missing, forged,
     * altered or expired signature. The caller still checks that the grant stands.
     */
    verify(url: string, scope: string, now: Date = new Date()): SignedUrlCheck | null {
      const parsed = new URL(url, 'http://relative.invalid');
      const [exp, grant, sig] = PARAMS.map((name) => parsed.searchParams.getAll(name));
      if (exp?.length !== 1 || grant?.length !== 1 || sig?.length !== 1) return null;
      const expiresAt = Number(exp[0]);
      if (!/^[0-9]{1,12}$/.test(exp[0]!) || expiresAt * 1000 <= now.getTime()) return null;
      const given = Buffer.from(sig[0]!, 'base64url');
      const expected = mac(canonical(scope, parsed));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { grant: grant[0]!, expiresAt };
    },
  };
}

export type UrlSigner = ReturnType<typeof urlSigner>;

/**
 * The patient a request's URL was signed for under `scope` (a page the browser navigates to: the AI
 * report, the H5 pay page); null when it carries no live signature or one of a study pass.
 */
export function signedPatient(signer: UrlSigner, url: string, scope: string, now: Date = new Date()): number | null {
  const check = signer.verify(url, scope, now);
  const grant = check && parseGrant(check.grant);
  return grant && 'patientId' in grant ? grant.patientId : null;
}

/** Whether a request's URL carries a signature at all (then it is judged by it alone). */
export function carriesSignature(url: string): boolean {
  return new URL(url, 'http://relative.invalid').searchParams.has('sig');
}

/** How long a cache may keep an answer to a signed URL: private, and no longer than the URL lives. */
export function signedCacheControl(check: SignedUrlCheck, now: Date = new Date()): string {
  return `private, max-age=${Math.max(0, Math.floor(check.expiresAt - now.getTime() / 1000))}`;
}
