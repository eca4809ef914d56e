/**
 * Serves the viewer bench's candidate pages and, on the same origin, the series they load: the
 * sandbox's WADO (proxied) or a synthetic series. Cross-origin isolated (COOP and COEP), so a page
 * may measure its whole memory with `performance.measureUserAgentSpecificMemory()`. It remembers
 * which of the pages' files were asked for, to weigh what each candidate downloads.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.dcm': 'application/dicom',
};

const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm']);

const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin' };

export interface BenchServer {
  origin: string;
  /** The page files (paths under /bench/) asked for since the last `forget()`. */
  requested(): string[];
  forget(): void;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** The built candidate pages, served under /bench/. */
  pagesDir: string;
  /** Where /sandbox/… and /api/… go. */
  sandboxOrigin: string;
  /** Extra files served from memory (the manifest, a synthetic series), by path. */
  files: Map<string, Uint8Array>;
  /** Added to every request passed to the sandbox (the patient's bearer token: its images need one). */
  upstreamHeaders?: Record<string, string>;
}

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const requested = new Set<string>();

  const compressed = new Map<string, Uint8Array>();

  /** Pages and code go out brotli-compressed, as production serves them; DICOM as it is. */
  function serveFile(request: IncomingMessage, response: ServerResponse, path: string, body: Uint8Array) {
    const headers: Record<string, string | number> = { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...ISOLATED };
    if (COMPRESSED.has(extname(path)) && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      if (!compressed.has(path)) compressed.set(path, brotliCompressSync(body));
      body = compressed.get(path)!;
      headers['content-encoding'] = 'br';
    }
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    response.end(body);
  }

  function proxy(request: IncomingMessage, response: ServerResponse) {
    const target = new URL(request.url ?? '/', options.sandboxOrigin);
    const upstream = httpRequest(target, { method: request.method, headers: { ...request.headers, ...options.upstreamHeaders, host: target.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...ISOLATED });
      answer.pipe(response);
    });
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  }

  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname);
    const inMemory = options.files.get(path);
    if (inMemory) return serveFile(request, response, path, inMemory);
    if (path.startsWith('/bench/')) {
      const relative = normalize(path.slice('/bench/'.length));
      const file = join(options.pagesDir, relative);
      if (relative.startsWith('..') || !existsSync(file) || !statSync(file).isFile()) {
        response.writeHead(404);
        return response.end();
      }
      requested.add(relative);
      return serveFile(request, response, file, readFileSync(file));
    }
    proxy(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requested: () => [...requested],
    forget: () => requested.clear(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
