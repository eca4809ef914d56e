// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../src/shared/config/runtimeConfig';
import { buildSandbox } from '../../server/app';
import {
  ASSET_PATH,
  ASSET_SOURCE,
  HOSPITAL_LOGO,
  HOSPITAL_SETTING,
  INDEX_HTML,
  makeDistDir,
  PUBLIC_ORIGIN,
  startSandbox,
  STUDY_LIST,
  tempDir,
} from './helpers';
import { signedInHeaders } from './signIn';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('/config.json', () => {
  it('answers the default runtime configuration, revalidated on every load', async () => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      productTitle: '电子云胶片',
      apiBaseUrl: '/api/',
      oidc: { authority: app.sandbox.identity.issuer, clientId: 'cloud-film-web', scope: 'openid profile offline_access' },
      allowedRedirectOrigins: [PUBLIC_ORIGIN],
      imageArchiveOrigins: [],
      imageArchives: [],
      defaultTheme: 2,
      timeZone: 'Asia/Shanghai',
      qaPanel: false,
    });
    expect(runtimeConfigSchema.safeParse(response.json()).success).toBe(true);
    expect(app.sandbox.identity.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("puts the sign-in provider on the next port by default, and honours the one it is given", async () => {
    const byDefault = await buildSandbox({ dataDir: tempDir('data'), publicOrigin: 'http://127.0.0.1:8080', env: {} });
    try {
      expect((await byDefault.inject({ url: '/config.json' })).json().oidc.authority).toBe('http://127.0.0.1:8081');
    } finally {
      await byDefault.close();
    }
    const given = await startSandbox({ identityProviderIssuer: 'http://127.0.0.1:18999/' });
    expect((await given.inject({ url: '/config.json' })).json().oidc.authority).toBe('http://127.0.0.1:18999');
  });

  it('takes the product title and default theme from the environment', async () => {
    const app = await startSandbox({ env: { CF_PRODUCT_TITLE: '示范云胶片', CF_DEFAULT_THEME: '5' } });
    expect((await app.inject({ url: '/config.json' })).json()).toMatchObject({ productTitle: '示范云胶片', defaultTheme: 5 });
  });

  it('names the other image archives the viewer may fetch from, in the config and in the CSP (DICOM and thumbnails)', async () => {
    const app = await startSandbox({ env: { CF_IMAGE_ARCHIVES: 'http://127.0.0.1:8091/wado, https://pacs.example.org' } });
    const config = await app.inject({ url: '/config.json' });
    expect(config.json()).toMatchObject({ imageArchiveOrigins: ['http://127.0.0.1:8091', 'https://pacs.example.org'] });
    expect(config.headers['content-security-policy']).toMatch(/connect-src 'self' \S+ http:\/\/127\.0\.0\.1:8091 https:\/\/pacs\.example\.org;/);
    expect(config.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: http:\/\/127\.0\.0\.1:8091 https:\/\/pacs\.example\.org;/);
  });

  it('names the archives of CF_IMAGE_ARCHIVES_JSON with their credential; the CSP lets the browser reach the unrouted ones only', async () => {
    const archives = [
      { url: 'https://pacs.example.org/dicom-web', credential: 'cookie' },
      { url: 'http://127.0.0.1:8042/', route: '/archives/pacs/', credential: 'session' },
    ];
    const app = await startSandbox({ env: { CF_IMAGE_ARCHIVES_JSON: JSON.stringify(archives) } });
    const config = await app.inject({ url: '/config.json' });
    expect(config.json()).toMatchObject({ imageArchives: archives });
    expect(config.headers['content-security-policy']).toMatch(/connect-src 'self' \S+ https:\/\/pacs\.example\.org;/);
    expect(config.headers['content-security-policy']).not.toContain('8042');
    await expect(buildSandbox({ dataDir: tempDir('data'), publicOrigin: PUBLIC_ORIGIN, env: { CF_IMAGE_ARCHIVES_JSON: '[{"url":"https://pacs/","credential":"password"}]' } })).rejects.toThrow(/CF_IMAGE_ARCHIVES_JSON/);
    await expect(buildSandbox({ dataDir: tempDir('data'), publicOrigin: PUBLIC_ORIGIN, env: { CF_IMAGE_ARCHIVES_JSON: '{' } })).rejects.toThrow(/not JSON/);
  });

  it('refuses to start with a theme outside 1..6', async () => {
    await expect(
      buildSandbox({ dataDir: tempDir('data'), publicOrigin: PUBLIC_ORIGIN, env: { CF_DEFAULT_THEME: '9' } }),
    ).rejects.toThrow(/CF_DEFAULT_THEME/);
  });
});

describe('static app', () => {
  it.each(['/aiOrder?x=1', '/myStudyList', '/oidc-callback?code=abc&state=xyz', '/'])(
    'answers index.html for %s',
    async (url) => {
      const app = await startSandbox({ distDir: makeDistDir() });
      const response = await app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  describe("a route's own page (src/shared/navigation/routePages.ts)", () => {
    const withRoutePages = () => {
      const dir = makeDistDir();
      mkdirSync(join(dir, 'routes'));
      for (const page of ['myStudyList', 'index.film', 'index.hub', 'index.collect']) writeFileSync(join(dir, `routes/${page}.html`), `<!doctype html><title>${page}</title>`);
      return dir;
    };

    it.each([
      ['/myStudyList', 'myStudyList'],
      ['/MYSTUDYLIST?page=2', 'myStudyList'],
      ['/index?id=20', 'index.film'],
      ['/index?collectId=20#top', 'index.film'],
      ['/index', 'index.hub'],
      ['/index?id=%20', 'index.hub'],
      ['/index?code=AB12', 'index.collect'],
      ['/sl/pic/qr/selfhelp?code=AB12', 'index.collect'],
    ])('%s answers the page written for it (%s)', async (url, page) => {
      const app = await startSandbox({ distDir: withRoutePages() });
      const response = await app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(`<!doctype html><title>${page}</title>`);
    });

    it.each(['/aiOrder', '/', '/oidc-callback?code=abc&state=xyz', '/no-such-route'])('%s, with no page of its own, answers index.html', async (url) => {
      const app = await startSandbox({ distDir: withRoutePages() });
      expect((await app.inject({ url, headers: HTML })).body).toBe(INDEX_HTML);
    });
  });

  it('serves hashed assets as immutable', async () => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: ASSET_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(ASSET_SOURCE);
  });

  it('serves other files revalidated', async () => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([HTML, { accept: '*/*' }])('a missing asset is a real 404, never the app (accept %o)', async (headers) => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: '/assets/x.js', headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect(response.body).not.toContain('<html');
  });

  it.each(['/assets/app-1234.js.map', '/assets/app-1234.js.map.br', '/assets/app-1234.css.map', '/index.js.map'])('never sends a source map: %s is a 404', async (url) => {
    const dir = makeDistDir();
    writeFileSync(join(dir, url.slice(1)), '{"version":3,"sources":["src/main.tsx"]}');
    const app = await startSandbox({ distDir: dir });
    for (const headers of [HTML, { accept: '*/*', 'accept-encoding': 'br, gzip' }]) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('sources');
    }
  });

  it('does not answer index.html to requests that do not accept HTML', async () => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: '/aiOrder', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
  });

  it('does not answer index.html under /sandbox/', async () => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: '/sandbox/nothing-here', headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it.each([
    ['an empty dist directory', () => tempDir('dist')],
    ['no dist directory', () => undefined],
  ])('with %s, pages say to build first (503)', async (_label, distDir) => {
    const app = await startSandbox({ distDir: distDir() });
    const response = await app.inject({ url: '/aiOrder?x=1', headers: HTML });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });
});

describe('security headers', () => {
  /** The sign-in provider is another origin: the app fetches from it, frames it to renew, posts forms to it. */
  function requiredDirectives(provider: string) {
    return {
      'default-src': "'self'",
      'script-src': "'self' 'wasm-unsafe-eval'",
      'style-src': "'self'",
      'img-src': "'self' data: blob:",
      'connect-src': `'self' ${provider}`,
      'worker-src': "'self' blob:",
      'frame-src': `'self' ${provider}`,
      'frame-ancestors': "'self'",
      'base-uri': "'self'",
      'form-action': `'self' ${provider}`,
      'object-src': "'none'",
    };
  }

  function directives(header: string): Record<string, string> {
    return Object.fromEntries(
      header
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [name = '', ...values] = part.split(/\s+/);
          return [name, values.join(' ')];
        }),
    );
  }

  it.each([
    ['an API answer', { url: HOSPITAL_SETTING }],
    ['an API 404', { url: '/api/nothing' }],
    ['the app', { url: '/aiOrder', headers: HTML }],
    ['an asset', { url: ASSET_PATH }],
    ['a missing asset', { url: '/assets/x.js' }],
    ['the runtime config', { url: '/config.json' }],
  ])('are on %s', async (_label, request) => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject(request);
    const csp = response.headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    expect(csp).not.toContain('unsafe-inline');
    expect(directives(csp as string)).toEqual(requiredDirectives(app.sandbox.identity.issuer));
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe("index.html's inline styles and boot script", () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const page = (styles: string[], scripts: string[] = []) =>
    `<!doctype html><html><head>${styles.map((css) => `<style>${css}</style>`).join('')}${scripts.map((js) => `<script>${js}</script>`).join('')}</head><body><div id="root"></div><script type="module" crossorigin src="/assets/index-a.js"></script></body></html>`;
  const sources = async (app: Awaited<ReturnType<typeof startSandbox>>, directive: 'style-src' | 'script-src') => {
    const response = await app.inject({ url: '/aiOrder', headers: HTML });
    return new RegExp(`${directive} ([^;]*)`).exec(response.headers['content-security-policy'] as string)![1]!.trim().split(/\s+/);
  };

  it('are allowed by their hashes, exactly, and nothing else inline is', async () => {
    const dir = makeDistDir();
    writeFileSync(join(dir, 'index.html'), page(['.boot-bar{min-height:48px}', 'body{margin:0}'], ['(function(){var a=1})();']));
    const app = await startSandbox({ distDir: dir });
    expect(await sources(app, 'style-src')).toEqual(["'self'", sha256('.boot-bar{min-height:48px}'), sha256('body{margin:0}')]);
    // The module script has a src: 'self' covers it, and no hash is made of it.
    expect(await sources(app, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", sha256('(function(){var a=1})();')]);
  });

  it('follow a rebuild under a running sandbox', async () => {
    const dir = makeDistDir();
    writeFileSync(join(dir, 'index.html'), page(['a{color:red}'], ['var a=1;']));
    const app = await startSandbox({ distDir: dir });
    expect(await sources(app, 'style-src')).toEqual(["'self'", sha256('a{color:red}')]);
    writeFileSync(join(dir, 'index.html'), page(['a{color:blue}'], ['var a=2;']));
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    expect(await sources(app, 'style-src')).toEqual(["'self'", sha256('a{color:blue}')]);
    expect(await sources(app, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", sha256('var a=2;')]);
  });
});

describe('compression', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses a large API answer with %s', async (encoding, decompress) => {
    const app = await startSandbox();
    const url = `${STUDY_LIST}?pageIndex=1&pageLength=20`;
    const headers = await signedInHeaders(app);
    const plain = await app.inject({ url, headers });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const response = await app.inject({ url, headers: { ...headers, 'accept-encoding': encoding } });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(decompress(response.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('compresses static files', async () => {
    const app = await startSandbox({ distDir: makeDistDir() });
    const response = await app.inject({ url: ASSET_PATH, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(ASSET_SOURCE);
  });

  it.each([
    ['br', 'br, gzip', '.br'],
    ['gzip', 'gzip, deflate', '.gz'],
  ] as const)("sends the build's precompressed %s copy as it is, never compressing again per request", async (encoding, accept, suffix) => {
    const dir = makeDistDir();
    // A marker no compressor would make from the source: proof the file on disk went out.
    const onDisk = Buffer.from(`precompressed ${encoding} copy`);
    writeFileSync(join(dir, `${ASSET_PATH.slice(1)}${suffix}`), onDisk);
    const app = await startSandbox({ distDir: dir });
    const response = await app.inject({ url: ASSET_PATH, headers: { 'accept-encoding': accept } });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload).toEqual(onDisk);
  });

  it('leaves small answers alone', async () => {
    const app = await startSandbox();
    const response = await app.inject({ url: HOSPITAL_LOGO, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
