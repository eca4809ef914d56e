/**
 * The bench's HTTPS and HTTP/2 front (scripts/bench/tlsFront.ts) in a real nginx: it speaks
 * HTTP/2, passes requests and answers through as they are (a precompressed body stays the same
 * bytes), serves the build's hashed assets itself when given the build (as docs/deploy.md's nginx
 * does: the .br copy as it is, kept a year, source maps never), names the certificate it serves,
 * and is gone once closed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { connect as connectHttp2 } from 'node:http2';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsFront, type TlsFront } from '../../scripts/bench/tlsFront';
import { freePort } from '../server/helpers';

const BODY = Buffer.from([0x1b, 0x00, 0xff, 0x10, 0x42]);

let upstream: Server;
let front: TlsFront;
let build: string;
let servingBuild: TlsFront;
const BROTLI_COPY = Buffer.from([0x8b, 0x02, 0x80, 0x61, 0x03]);
const seen: { host?: string; proto?: string; url?: string }[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push({ host: request.headers.host, proto: request.headers['x-forwarded-proto'] as string, url: request.url });
    response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
    response.end(BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as { port: number };
  front = await startTlsFront(`http://127.0.0.1:${port}`, await freePort());
  // Private, as a checkout under a home is: the front serves a copy its worker can read.
  build = mkdtempSync(join(tmpdir(), 'front-build-'));
  mkdirSync(join(build, 'assets'));
  writeFileSync(join(build, 'assets', 'index-abc.js'), 'export {};\n');
  writeFileSync(join(build, 'assets', 'index-abc.js.br'), BROTLI_COPY);
  writeFileSync(join(build, 'assets', 'index-abc.js.map'), '{}');
  servingBuild = await startTlsFront(`http://127.0.0.1:${port}`, await freePort(), build);
}, 20_000);

afterAll(async () => {
  await front?.close();
  await servingBuild?.close();
  upstream?.close();
  rmSync(build, { recursive: true, force: true });
});

function get(path: string, through: TlsFront = front): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // The front's certificate is this run's own: checked below by its key, not by a CA.
    const session = connectHttp2(through.origin, { rejectUnauthorized: false });
    session.once('error', reject);
    const stream = session.request({ ':path': path, 'accept-encoding': 'br' });
    const chunks: Buffer[] = [];
    let headers: Record<string, unknown> = {};
    stream.on('response', (h) => void (headers = h));
    stream.on('data', (chunk: Buffer) => void chunks.push(chunk));
    stream.once('end', () => {
      session.close();
      resolve({ headers, body: Buffer.concat(chunks) });
    });
    stream.once('error', reject);
  });
}

describe('the HTTPS and HTTP/2 front of the bench', () => {
  it('answers over HTTP/2 with what the sandbox sent, headers and bytes as they were', async () => {
    const { headers, body } = await get('/assets/index-abc.js?x=1');
    expect(headers[':status']).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.equals(BODY)).toBe(true);
    expect(seen.at(-1)).toEqual({ host: new URL(front.origin).host, proto: 'https', url: '/assets/index-abc.js?x=1' });
  });

  it('names the key of the certificate it serves, for Chromium to trust that one alone', async () => {
    const { port } = new URL(front.origin);
    const spki = await new Promise<string>((resolve, reject) => {
      const socket = connectTls({ host: '127.0.0.1', port: Number(port), rejectUnauthorized: false, ALPNProtocols: ['h2'] }, () => {
        const certificate = socket.getPeerX509Certificate();
        socket.end();
        if (!certificate) return reject(new Error('no certificate'));
        expect(socket.alpnProtocol).toBe('h2');
        resolve(createHash('sha256').update(certificate.publicKey.export({ type: 'spki', format: 'der' })).digest('base64'));
      });
      socket.once('error', reject);
    });
    expect(spki).toBe(front.spkiSha256);
  });

  it("given the build, serves its hashed assets itself as production's nginx does, and passes the rest on", async () => {
    const asked = seen.length;
    const asset = await get('/assets/index-abc.js', servingBuild);
    expect(asset.headers[':status']).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body.equals(BROTLI_COPY)).toBe(true);
    expect((await get('/assets/index-abc.js.map', servingBuild)).headers[':status']).toBe(404);
    expect((await get('/assets/missing-abc.js', servingBuild)).headers[':status']).toBe(404);
    expect(seen.length).toBe(asked);
    const page = await get('/myStudyList', servingBuild);
    expect(page.body.equals(BODY)).toBe(true);
    expect(seen.at(-1)?.url).toBe('/myStudyList');
  });
});
