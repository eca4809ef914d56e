import * as z from 'zod/mini';
import { describeIssues } from '../api/schemas';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../rules/timeZone';

/**
 * What the viewer sends an archive: `session` the patient's bearer token or study pass in headers
 * (the sandbox's own archive, or a proxy that checks them), `cookie` the browser's cookies for it
 * (fetch with credentials 'include'), `signed` nothing (the API signed its URLs), `none` nothing.
 */
export const ARCHIVE_CREDENTIALS = ['session', 'cookie', 'signed', 'none'] as const;
export type ArchiveCredential = (typeof ARCHIVE_CREDENTIALS)[number];

/**
 * One image archive: `url`, an address prefix (a WADO-URI address or a DICOMweb root); `route`, a
 * same-origin path prefix the viewer fetches instead (a reverse proxy forwards it to `url`, for an
 * archive without CORS); `credential`, what the viewer sends. Tokens never go in a URL.
 */
export const imageArchiveSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  route: z.optional(z.string().check(z.regex(/^\/(?!\/)/, 'a same-origin path beginning with one /'))),
  credential: z.enum(ARCHIVE_CREDENTIALS),
});
export type ImageArchive = z.infer<typeof imageArchiveSchema>;

/**
 * The runtime configuration loaded at start, so that one build serves many hospitals
 * (decisions.md). Served as `/config.json` next to the app.
 */
export const runtimeConfigSchema = z.object({
  productTitle: z.string().check(z.minLength(1)),
  apiBaseUrl: z.string().check(z.minLength(1)),
  oidc: z.object({
    authority: z.url(),
    clientId: z.string().check(z.minLength(1)),
    scope: z.string().check(z.minLength(1)),
  }),
  /** Origins the app may send a patient to (AI result pages, pay pages). */
  allowedRedirectOrigins: z.array(z.url()),
  /**
   * Origins of image archives (WADO-URI) the viewer may fetch from besides the app's own: a
   * `wadourl` elsewhere is refused, so a crafted link cannot point the viewer anywhere.
   */
  imageArchiveOrigins: z._default(z.array(z.url()), []),
  /**
   * Image archives with what the viewer sends them (issue 25 §2, §3; imageArchives.ts applies it).
   * Each is allowed like an origin of `imageArchiveOrigins`.
   */
  imageArchives: z._default(z.array(imageArchiveSchema), []),
  defaultTheme: z.int().check(z.gte(1), z.lte(6)),
  /**
   * The hospital's IANA time zone: every time the app shows is on its clock, whatever the phone's
   * (decisions.md). Default Asia/Shanghai.
   */
  timeZone: z._default(z.string().check(z.refine(isTimeZone, 'not an IANA time zone')), DEFAULT_TIME_ZONE),
  /** Non-production QA tooling; never on in a patient's build unless asked for. */
  qaPanel: z._default(z.boolean(), false),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export type ConfigLoadResult =
  | { ok: true; config: RuntimeConfig }
  | { ok: false; problem: 'missing' }
  | { ok: false; problem: 'invalid'; detail: string };

export const RUNTIME_CONFIG_URL = '/config.json';

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url = RUNTIME_CONFIG_URL,
): Promise<ConfigLoadResult> {
  let body: unknown;
  try {
    // The very request index.html preloads (as="fetch", crossorigin), so the browser hands over the
    // preloaded answer instead of asking again: same URL, mode and credentials, no headers of its
    // own, the default cache mode (the server says no-cache, so every page load revalidates).
    const response = await fetchImpl(url);
    if (!response.ok) return { ok: false, problem: 'missing' };
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, problem: 'invalid', detail: 'not JSON' };
    }
  } catch {
    return { ok: false, problem: 'missing' };
  }
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, problem: 'invalid', detail: describeIssues(parsed.error) };
  }
  return { ok: true, config: parsed.data };
}
