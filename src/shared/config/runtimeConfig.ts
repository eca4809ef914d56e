import * as z from 'zod/mini';
import { describeIssues } from '../api/schemas';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../rules/dates';

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
    const response = await fetchImpl(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
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
