/**
 * Serves the viewer bench's candidate pages and, on the same origin, the series they load: the
 * sandbox's WADO (proxied) or a synthetic series. Cross-origin isolated (COOP and COEP), so a page
 * may measure its whole memory with `performance.measureUserAgentSpecificMemory()`. It remembers
 * which of the pages' files were asked for, to weigh what each candidate downloads.
 *
 * The pages' code is compressed once, when the pages are built (`precompress`: `.br` and `.gz`
 * beside each file), and served as those files, as production serves its build: compressing on
 * the first request (brotli at quality 11) once cost Cornerstone3D's 3.9 MB bundle 12 to 52 s of
 * its measured first image (issue 26).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, existsSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/**
 * Writes `<file>.br` and `<file>.gz` (level 9) beside every page file worth compressing under
 * `dir`: brotli at quality 11 as production does, or lower for a smoke run, whose figures nobody reads.
 */
export function precompress(dir: string, brotliQuality = 11): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSED.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/** What a file goes out as: its brotli or gzip twin when the browser takes it and the build wrote it, else itself. */
function encoded(file: string, acceptEncoding: string): { path: string; encoding: 'br' | 'gzip' | null } {
  if (/\bbr\b/.test(acceptEncoding) && existsSync(`${file}.br`)) return { path: `${file}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding) && existsSync(`${file}.gz`)) return { path: `${file}.gz`, encoding: 'gzip' };
  return { path: file, encoding: null };
}

/** The brotli size of a built page file, as served (its `.br` twin), else its own size. */
export function servedBrotliSize(file: string): number {
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

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

  /** A file as it is: the manifest and DICOM from memory, the pages' files from disk (compressed at build). */
  function serveFile(response: ServerResponse, path: string, body: Uint8Array, encoding: string | null = null) {
    const headers: Record<string, string | number> = { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', 'content-length': body.length, ...ISOLATED };
    if (encoding) headers['content-encoding'] = encoding;
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
    if (inMemory) return serveFile(response, path, inMemory);
    if (path.startsWith('/bench/')) {
      const relative = normalize(path.slice('/bench/'.length));
      const file = join(options.pagesDir, relative);
      if (relative.startsWith('..') || !existsSync(file) || !statSync(file).isFile()) {
        response.writeHead(404);
        return response.end();
      }
      requested.add(relative);
      const served = encoded(file, String(request.headers['accept-encoding'] ?? ''));
      return serveFile(response, file, readFileSync(served.path), served.encoding);
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
