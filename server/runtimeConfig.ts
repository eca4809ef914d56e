import { runtimeConfigSchema } from '../src/shared/config/runtimeConfig';
import type { ImageArchive, RuntimeConfig } from '../src/shared/config/runtimeConfig';
import { DICOMWEB_ROOT_PATH } from './sandboxUrls';

export const DEFAULT_PRODUCT_TITLE = '电子云胶片';
export const DEFAULT_THEME = 2;
export const OIDC_CLIENT_ID = 'cloud-film-web';
export const OIDC_SCOPE = 'openid profile offline_access';

function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The origins a comma-separated environment variable names (each value a URL; only its origin counts). */
function originsFrom(env: NodeJS.ProcessEnv, name: string): string[] {
  return (envValue(env, name) ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => new URL(value).origin);
}

/** CF_IMAGE_ARCHIVES: comma-separated origins of image archives other than the sandbox. */
export function imageArchiveOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return originsFrom(env, 'CF_IMAGE_ARCHIVES');
}

/**
 * CF_IMAGE_ARCHIVES_JSON: the image archives with what the viewer sends them, as the runtime
 * configuration's `imageArchives` (a JSON array of `{ url, route?, credential }`), e.g.
 * `[{"url":"https://pacs.example.org/dicom-web","credential":"cookie"}]`. Checked with the app's schema.
 */
export function imageArchivesFrom(env: NodeJS.ProcessEnv = process.env): unknown[] {
  const value = envValue(env, 'CF_IMAGE_ARCHIVES_JSON');
  if (value === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('Invalid runtime configuration: CF_IMAGE_ARCHIVES_JSON is not JSON');
  }
  if (!Array.isArray(parsed)) throw new Error('Invalid runtime configuration: CF_IMAGE_ARCHIVES_JSON is not a JSON array');
  return parsed;
}

/** Which of the sandbox's studies its image list sends to the sandbox's DICOMweb service, and whether with a signed root. */
export interface SandboxDicomWeb {
  /** `cine`: studies with a multi-frame instance (ultrasound, XA); `all`; `none`: every study by WADO-URI. */
  studies: 'cine' | 'all' | 'none';
  /** The root carries a signature for the study (credential `signed`): the viewer sends it nothing else. */
  signed: boolean;
}

/**
 * CF_SANDBOX_DICOMWEB=cine|all|none (default cine): the studies whose image list names the
 * sandbox's DICOMweb root (WADO-RS) instead of its WADO-URI address. CF_SANDBOX_DICOMWEB_SIGNED=1:
 * that root is signed for the study, and the configuration lists it as a `signed` archive.
 */
export function sandboxDicomWeb(env: NodeJS.ProcessEnv = process.env): SandboxDicomWeb {
  const studies = envValue(env, 'CF_SANDBOX_DICOMWEB') ?? 'cine';
  if (studies !== 'cine' && studies !== 'all' && studies !== 'none') throw new Error('Invalid runtime configuration: CF_SANDBOX_DICOMWEB must be cine, all or none');
  return { studies, signed: envValue(env, 'CF_SANDBOX_DICOMWEB_SIGNED') === '1' };
}

/** CF_APP_ORIGINS: comma-separated origins where the app also runs (a development server), besides the sandbox's own. */
export function otherAppOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return originsFrom(env, 'CF_APP_ORIGINS');
}

/**
 * The app's `/config.json`, from the environment with the sandbox's defaults. It is checked with
 * the app's own schema, so a bad override fails the sandbox's start instead of the app's.
 */
export function buildRuntimeConfig(
  publicOrigin: string,
  identityProviderIssuer: string,
  env: NodeJS.ProcessEnv = process.env,
  /** Archives the sandbox itself adds (a PACS it fronts), after CF_IMAGE_ARCHIVES_JSON's. */
  extraArchives: readonly ImageArchive[] = [],
): RuntimeConfig {
  const origin = new URL(publicOrigin).origin;
  const theme = envValue(env, 'CF_DEFAULT_THEME');
  const parsed = runtimeConfigSchema.safeParse({
    productTitle: envValue(env, 'CF_PRODUCT_TITLE') ?? DEFAULT_PRODUCT_TITLE,
    apiBaseUrl: '/api/',
    oidc: { authority: identityProviderIssuer, clientId: OIDC_CLIENT_ID, scope: OIDC_SCOPE },
    allowedRedirectOrigins: [origin],
    // A second, plain WADO-URI archive (the browser tests start one): CF_IMAGE_ARCHIVES=http://host:port,...
    imageArchiveOrigins: imageArchiveOrigins(env),
    // Archives with their credential and route (issue 25): CF_IMAGE_ARCHIVES_JSON='[{"url":...,"credential":"session"}]'.
    imageArchives: [
      ...imageArchivesFrom(env),
      ...(sandboxDicomWeb(env).signed ? [{ url: new URL(DICOMWEB_ROOT_PATH, origin).href, credential: 'signed' as const }] : []),
      ...extraArchives,
    ],
    defaultTheme: theme === undefined ? DEFAULT_THEME : Number(theme),
    // The hospital's clock for every time shown: CF_TIME_ZONE=Asia/Urumqi (default Asia/Shanghai).
    timeZone: envValue(env, 'CF_TIME_ZONE'),
    // A QA deployment of the sandbox: CF_QA_PANEL=1 npm start.
    qaPanel: envValue(env, 'CF_QA_PANEL') === '1',
  });
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid runtime configuration (check CF_PRODUCT_TITLE, CF_DEFAULT_THEME, CF_TIME_ZONE, CF_QA_PANEL, CF_IMAGE_ARCHIVES, CF_IMAGE_ARCHIVES_JSON): ${detail}`);
  }
  return parsed.data;
}
