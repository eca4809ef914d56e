import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DicomArchive } from './dicom/archive';
import { dicomCacheRoot } from './dicom/cache';
import { demoArchiveStudies } from './dicom/studies';
import { answerWado, OPEN_ARCHIVE_POLICY, WADO_CORS_HEADERS, type AnswerPolicy } from './dicom/wadoUri';

/**
 * A second, plain WADO-URI archive: node:http alone, no app, no sign-in, CORS for any origin: a
 * hospital archive that asks nothing, as many do, and which the sandbox's access rule does not
 * cover (the viewer sends it no credential; docs/security.md says what a deployment puts in front
 * of such an archive). Tests and development only, never `npm start`. It
 * serves the demo studies' objects from the same cache by the same query as the sandbox's
 * /sandbox/wado, at any path (the browser tests use http://127.0.0.1:8091/wado), so the viewer
 * can be tried against an archive on another origin:
 *
 *   tsx server/plainWado.ts --port 8091 [--host 127.0.0.1] [--faults]
 *
 * SANDBOX_DICOM_CACHE names the cache as for the sandbox; SANDBOX_FAULTS=1 or --faults turns the
 * test-only faults on. Under `/no-cors/` (http://127.0.0.1:8091/no-cors/wado) it answers the same
 * without any CORS header, as an archive that never heard of CORS does (Orthanc, many PACS): the
 * browser refuses the viewer its answers, which the viewer must tell from a network failure.
 */

/** The path prefix answered without CORS headers. */
export const NO_CORS_PREFIX = '/no-cors/';
const WITHOUT_CORS: AnswerPolicy = { ...OPEN_ARCHIVE_POLICY, headers: {} };

export interface PlainWadoOptions {
  port: number;
  host?: string;
  faults?: boolean;
  cacheRoot?: string;
}

export interface PlainWado {
  /** e.g. http://127.0.0.1:8091/wado */
  url: string;
  archive: DicomArchive;
  /** Requests held by fault=hang right now. */
  hanging(): number;
  close(): Promise<void>;
}

export async function startPlainWado(options: PlainWadoOptions): Promise<PlainWado> {
  const host = options.host ?? '127.0.0.1';
  const studies = demoArchiveStudies();
  const byUid = new Map(studies.map((study) => [study.studyUId, study]));
  const archive = new DicomArchive({
    cacheRoot: options.cacheRoot ?? dicomCacheRoot(),
    studies: { byUid: (uid) => byUid.get(uid), all: () => studies },
    faults: options.faults ?? false,
  });
  const hanging = new Set<() => void>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://plain-wado');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...WADO_CORS_HEADERS, 'access-control-allow-methods': 'GET', 'access-control-max-age': '86400' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...WADO_CORS_HEADERS, allow: 'GET, HEAD' }).end();
      return;
    }
    const policy = url.pathname.startsWith(NO_CORS_PREFIX) ? WITHOUT_CORS : OPEN_ARCHIVE_POLICY;
    answerWado(archive, url.searchParams, policy).then(
      (answer) => {
        if (answer.kind === 'hang') {
          const release = () => {
            hanging.delete(release);
            if (!response.writableEnded) response.writeHead(503, { ...WADO_CORS_HEADERS, connection: 'close' }).end('closing');
          };
          hanging.add(release);
          response.once('close', release);
          return;
        }
        const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
        response.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        console.error(`plain WADO ${request.url}:`, error);
        response.writeHead(500, { ...WADO_CORS_HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('internal error');
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/wado`,
    archive,
    hanging: () => hanging.size,
    async close() {
      archive.close();
      for (const release of hanging) release();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(argument('--port') ?? process.env.PORT ?? 8091);
  startPlainWado({
    port,
    host: argument('--host'),
    faults: process.argv.includes('--faults') || process.env.SANDBOX_FAULTS === '1',
  }).then(
    (wado) => {
      console.log(`Plain WADO-URI archive: ${wado.url}`);
      const stop = () => void wado.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
