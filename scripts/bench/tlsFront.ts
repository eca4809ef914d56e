/**
 * HTTPS with HTTP/2 in front of the sandbox, as production serves the app (`docs/deploy.md`:
 * nginx, `listen 443 ssl http2`; WeChat opens only HTTPS pages): Debian's nginx with a certificate
 * made for this run, passing every request to the sandbox as it is, headers and precompressed
 * bodies untouched.
 *
 * Why the first screens are measured through it: over plain HTTP/1.1 a browser opens at most six
 * connections to the origin, each with its own handshake and slow start, and Lighthouse's
 * simulation queues a screen's chunks and first reads behind them in waves no patient meets
 * (issue 26; measured on /myStudyList at one commit: LCP 2.7 s over HTTP/1.1, 1.9 s through this).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const STARTS_WITHIN_MS = 10_000;
/** Debian's libnginx-mod-http-brotli-static, as docs/deploy.md's server loads it. */
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';

export interface TlsFront {
  origin: string;
  /**
   * The base64 SHA-256 of the certificate's public key, for Chromium's
   * `--ignore-certificate-errors-spki-list`: this run's certificate is trusted, and no other.
   */
  spkiSha256: string;
  close(): Promise<void>;
}

/**
 * nginx's configuration: TLS and HTTP/2 on `port`, everything passed to `upstream` unbuffered but
 * the build's hashed assets, which nginx serves from `assets` (a folder holding the build's
 * `assets/`) as docs/deploy.md does: its .br and .gz copies as they are, kept a year, source maps
 * never.
 */
export function frontConfig(dir: string, port: number, upstream: string, assets?: string): string {
  const temp = (name: string) => join(dir, name);
  return `${assets ? `load_module ${BROTLI_STATIC_MODULE};\n` : ''}worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream sandbox { server ${new URL(upstream).host}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_certificate ${temp('cert.pem')};
    ssl_certificate_key ${temp('key.pem')};
    client_max_body_size 50m;
${assets ? assetsLocation(assets) : ''}    location / {
      proxy_pass http://sandbox;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
      proxy_request_buffering off;
    }
  }
}
`;
}

/** docs/deploy.md's `location /assets/`, and its refusal of source maps, with the build at `root`. */
function assetsLocation(root: string): string {
  return `    include ${MIME_TYPES};
    location /assets/ {
      root ${root};
      brotli_static on;
      gzip_static on;
      gzip_vary on;
      try_files $uri =404;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
    location ~ \\.map$ { return 404; }
`;
}

/**
 * `build`: the build's folder, when nginx should serve its hashed assets itself, as production's
 * does: the sandbox, one Node process, answers a page's twenty chunk requests one after another,
 * 100-260 ms to their first byte in a burst, where nginx answers each at once.
 * nginx serves a copy in its own folder: its worker runs as another user when the bench runs as
 * root, and may not reach a checkout under a private home.
 */
export async function startTlsFront(upstream: string, port: number, build?: string): Promise<TlsFront> {
  if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: node scripts/ensure-debian-packages.mjs installs Debian's`);
  if (build && !existsSync(BROTLI_STATIC_MODULE)) throw new Error(`no brotli_static module at ${BROTLI_STATIC_MODULE}: node scripts/ensure-debian-packages.mjs installs Debian's`);
  const dir = mkdtempSync(join(tmpdir(), 'cloud-film-front-'));
  // nginx's worker runs as another user when the bench runs as root: it must reach its temp paths.
  chmodSync(dir, 0o755);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  const assets = build ? join(dir, 'build') : undefined;
  if (build) cpSync(join(build, 'assets'), join(dir, 'build', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'nginx.conf'), frontConfig(dir, port, upstream, assets));
  const nginx = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const failed = (why: string) => {
    const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
    return new Error(`nginx in front of the sandbox ${why}: ${stderr}${log}`.trim());
  };

  const deadline = Date.now() + STARTS_WITHIN_MS;
  while (!(await answersTls(port))) {
    if (nginx.exitCode !== null) throw failed(`exited with ${nginx.exitCode}`);
    if (Date.now() > deadline) {
      nginx.kill();
      throw failed(`did not answer on port ${port} within ${STARTS_WITHIN_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const certificate = new X509Certificate(readFileSync(join(dir, 'cert.pem')));
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return {
    origin: `https://127.0.0.1:${port}`,
    spkiSha256: createHash('sha256').update(spki).digest('base64'),
    close: async () => {
      if (nginx.exitCode === null) {
        // SIGQUIT: nginx's graceful stop, its worker included.
        nginx.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a TLS handshake succeeds on the port (the certificate is not checked: it is this run's own). */
function answersTls(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ALPNProtocols: ['h2'] }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
