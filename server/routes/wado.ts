import type { FastifyInstance } from 'fastify';
import type { PacsArchive } from '../archives/pacsArchive';
import type { DicomArchive } from '../dicom/archive';
import { answerDicomWeb, studyUidOfPath } from '../dicom/dicomWeb';
import { answerWado, isUid } from '../dicom/wadoUri';
import { DICOMWEB_ROOT_PATH, WADO_PATH } from '../sandboxUrls';
import { studyIdOfUid } from '../studyAccess';
import { answerStudyBytesPreflight, authorizeStudyBytes, carriesCredential, NO_STORE, refuseStudyBytes, studyBytesCors } from '../studyBytes';

export interface ArchiveRouteOptions {
  archive: DicomArchive;
  /** The real archive CF_PACS_URL names, if any (server/archives/). */
  pacs?: PacsArchive;
}

/**
 * The sandbox's WADO-URI service at /sandbox/wado (dicom/wadoUri.ts says what it answers). Every
 * object needs a credential for its study (server/studyBytes.ts): the viewer's fetch sends the
 * bearer token or the study pass, a thumbnail's URL is signed. Once the sandbox is ready it generates, in the background,
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

  app.options(WADO_PATH, async (request, reply) => answerStudyBytesPreflight(request, reply));

  /**
   * The same archive by WADO-RS (dicom/dicomWeb.ts), under the same rules: a credential for the
   * study the path names, or a signature on the root signed for that study (the image list's
   * `dicomWebRoot` when the sandbox signs it: CF_SANDBOX_DICOMWEB_SIGNED).
   */
  const instance = `${DICOMWEB_ROOT_PATH}/studies/:study/series/:series/instances/:instance`;
  for (const path of [instance, `${instance}/metadata`, `${instance}/frames/:frames`]) {
    app.options(path, async (request, reply) => answerStudyBytesPreflight(request, reply));
    app.get(path, async (request, reply) => {
      const at = request.url.indexOf('?');
      const under = decodeURIComponent((at === -1 ? request.url : request.url.slice(0, at)).slice(DICOMWEB_ROOT_PATH.length + 1));
      if (!carriesCredential(request)) return refuseStudyBytes(request, reply, 401);
      const studyUid = studyUidOfPath(under);
      const verdict = await authorizeStudyBytes(request, studyUid === undefined ? undefined : studyIdOfUid(app.sandbox.db, studyUid), `${DICOMWEB_ROOT_PATH}${at === -1 ? '' : request.url.slice(at)}`);
      if (!verdict.ok) return refuseStudyBytes(request, reply, verdict.status);
      const answer = await answerDicomWeb(archive, under, request.headers.accept, { headers: studyBytesCors(request), cacheControl: verdict.cacheControl });
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  }

  app.get(WADO_PATH, async (request, reply) => {
    const at = request.url.indexOf('?');
    const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
    if (!carriesCredential(request)) return refuseStudyBytes(request, reply, 401);
    // A request that names no study UID, or not as a UID, is answered 400 by answerWado: it reads nothing.
    const studyUid = query.get('studyUID');
    let cacheControl = NO_STORE;
    if (studyUid && isUid(studyUid)) {
      const verdict = await authorizeStudyBytes(request, studyIdOfUid(app.sandbox.db, studyUid));
      if (!verdict.ok) return refuseStudyBytes(request, reply, verdict.status);
      cacheControl = verdict.cacheControl;
    }
    const cors = studyBytesCors(request);
    const answer = await answerWado(archive, query, { headers: cors, cacheControl });
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
      return reply.code(503).headers(cors).type('text/plain; charset=utf-8').send('closing');
    }
    return reply.code(answer.status).headers(answer.headers).send(typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
  });
}
