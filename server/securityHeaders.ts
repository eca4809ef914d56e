import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /**
   * Origins of an identity provider that is not this sandbox: the app fetches its metadata and
   * tokens, renews silently in an iframe, and may post forms to it.
   */
  identityProviderOrigins?: readonly string[];
  /** Image archives (WADO-URI) on other origins the viewer fetches DICOM and thumbnails from. */
  imageArchiveOrigins?: readonly string[];
  /** The hash sources of the styles and the script the app's index.html carries inline (server/inlineSources.ts). */
  inline?: () => { styles: readonly string[]; scripts: readonly string[] };
}

/** The one Content-Security-Policy of the sandbox. No 'unsafe-inline' anywhere. */
export function contentSecurityPolicyDirectives({ identityProviderOrigins = [], imageArchiveOrigins = [], inline = () => ({ styles: [], scripts: [] }) }: SecurityOptions = {}) {
  const self = "'self'";
  return {
    'default-src': [self],
    // The viewer's decoders (JPEG, JPEG-LS, JPEG 2000) are WebAssembly; compiling it needs this,
    // and nothing else (no eval of strings). index.html's boot script, by hash.
    'script-src': [self, "'wasm-unsafe-eval'", () => inline().scripts.join(' ')],
    // index.html's own inline styles, by hash: the first paint waits for no style sheet.
    'style-src': [self, () => inline().styles.join(' ')],
    // Series thumbnails are JPEGs the archive renders (WADO-URI contentType=image/jpeg).
    'img-src': [self, 'data:', 'blob:', ...imageArchiveOrigins],
    'connect-src': [self, ...identityProviderOrigins, ...imageArchiveOrigins],
    // The viewer decodes in a worker built from the app's own chunks.
    'worker-src': [self, 'blob:'],
    'frame-src': [self, ...identityProviderOrigins],
    'frame-ancestors': [self],
    'base-uri': [self],
    'form-action': [self, ...identityProviderOrigins],
    'object-src': ["'none'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions = {}): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Would block cross-origin images the viewer loads.
    crossOriginEmbedderPolicy: false,
    // The sandbox speaks plain HTTP on a developer machine; HSTS there only pins localhost.
    strictTransportSecurity: false,
  });
}
