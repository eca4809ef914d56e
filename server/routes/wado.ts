import type { FastifyInstance } from 'fastify';
import type { DicomArchive } from '../dicom/archive';
import { answerWado, WADO_CORS_HEADERS } from '../dicom/wadoUri';
import { WADO_PATH } from '../sandboxUrls';

export interface ArchiveRouteOptions {
  archive: DicomArchive;
}

/**
 * The sandbox's WADO-URI service at /sandbox/wado (dicom/wadoUri.ts says what it answers; no
 * authentication there, on purpose). Once the sandbox is ready it generates, in the background,
 * the series not cached yet (dicom/cache.ts); a request for a series not generated yet waits for
 * that series only.
 */
export async function wadoRoutes(app: FastifyInstance, { archive }: ArchiveRouteOptions): Promise<void> {
  // Requests held by fault=hang, let go when the sandbox closes.
  const hanging = new Set<() => void>();

  app.addHook('onReady', async () => {
    if (!archive.warmsUp) return;
    void archive.warmUp((message) => app.log.info(message));
  });
  app.addHook('preClose', async () => {
    archive.close();
    for (const release of hanging) release();
  });

  app.options(WADO_PATH, async (_request, reply) =>
    reply.code(204).headers({ ...WADO_CORS_HEADERS, 'access-control-allow-methods': 'GET', 'access-control-max-age': '86400' }).send(),
  );

  app.get(WADO_PATH, async (request, reply) => {
    const at = request.url.indexOf('?');
    const answer = await answerWado(archive, new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1)));
    if (answer.kind === 'hang') {
      await new Promise<void>((resolve) => {
        const release = () => {
          hanging.delete(release);
          resolve();
        };
        hanging.add(release);
        // The response closes early only when the client goes away.
        reply.raw.once('close', release);
      });
      return reply.code(503).headers(WADO_CORS_HEADERS).type('text/plain; charset=utf-8').send('closing');
    }
    return reply.code(answer.status).headers(answer.headers).send(typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
  });
}
