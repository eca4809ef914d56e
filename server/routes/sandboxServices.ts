import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messagePage, consultationPage } from '../sandboxPages';
import { avatarRepository } from '../repositories/avatars';
import { AVATAR_PATH, CONSULTATION_PATH } from '../sandboxUrls';
import { ROUTE } from '../../src/shared/navigation/routes';
import { studyPageHref } from '../../src/shared/navigation/viewerLink';
import { CONSULTATION_LINK } from '../../src/shared/api/serviceSchemas';

const HTML = 'text/html; charset=utf-8';
/** An avatar's address changes with every upload, so what it names never changes. */
const AVATAR_CACHE = 'public, max-age=31536000, immutable';

const text = z.string().trim().max(100).optional().catch(undefined);
const consultationQuerySchema = z
  .object({
    [CONSULTATION_LINK.patient]: text,
    [CONSULTATION_LINK.hospital]: text,
    [CONSULTATION_LINK.studyNumber]: z.string().regex(/^\d{1,15}$/).optional().catch(undefined),
    [CONSULTATION_LINK.studyDescription]: text,
    [CONSULTATION_LINK.studyDate]: text,
    [CONSULTATION_LINK.modality]: text,
  })
  .transform((query) => ({
    patient: query[CONSULTATION_LINK.patient],
    hospital: query[CONSULTATION_LINK.hospital],
    id: query[CONSULTATION_LINK.studyNumber],
    study: query[CONSULTATION_LINK.studyDescription],
    date: query[CONSULTATION_LINK.studyDate],
    modality: query[CONSULTATION_LINK.modality],
  }));

/**
 * The sandbox's public pages of issue 14, outside /api: the avatars the personal centre hands out,
 * and the online consultation service's stand-in page.
 */
export async function sandboxServiceRoutes(app: FastifyInstance): Promise<void> {
  const { db, publicOrigin } = app.sandbox;
  const avatars = avatarRepository(db);

  app.get<{ Params: { token: string } }>(`${AVATAR_PATH}/:token`, async (request, reply) => {
    const avatar = avatars.byToken(request.params.token);
    if (!avatar) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('no such avatar');
    return reply.type(avatar.mime).header('cache-control', AVATAR_CACHE).header('last-modified', new Date(avatar.updatedAt).toUTCString()).send(avatar.bytes);
  });

  /** What GetZjwzJumpUrl's address says; the way back goes to the study's film detail, or the app's home. */
  app.get(CONSULTATION_PATH, async (request, reply) => {
    reply.type(HTML).header('cache-control', 'no-store');
    const query = consultationQuerySchema.parse(request.query ?? {});
    if (!query.patient) return reply.code(400).send(messagePage('问诊链接不完整', 'The consultation link is incomplete'));
    const back = new URL(query.id ? studyPageHref(ROUTE.index.path, query.id) : ROUTE.Home.path, publicOrigin).href;
    return reply.send(
      consultationPage({
        patientMasked: query.patient,
        hospitalName: query.hospital ?? '',
        study: query.study ? { description: query.study, date: query.date ?? '', modality: query.modality ?? '' } : undefined,
        backUrl: back,
      }),
    );
  });
}
