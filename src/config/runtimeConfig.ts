import { z } from 'zod';

/**
 * The runtime configuration loaded at start, so that one build serves many hospitals
 * (decisions.md). Served as `/config.json` next to the app.
 */
export const runtimeConfigSchema = z.object({
  productTitle: z.string().min(1),
  apiBaseUrl: z.string().min(1),
  oidc: z.object({
    authority: z.url(),
    clientId: z.string().min(1),
    scope: z.string().min(1),
  }),
  /** Origins the app may send a patient to (AI result pages, pay pages). */
  allowedRedirectOrigins: z.array(z.url()),
  defaultTheme: z.number().int().min(1).max(6),
  /** Non-production QA tooling; never on in a patient's build unless asked for. */
  qaPanel: z.boolean().default(false),
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
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    return { ok: false, problem: 'invalid', detail };
  }
  return { ok: true, config: parsed.data };
}
