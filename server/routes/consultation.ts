import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectNow } from '../collect/clock';
import { maskName } from '../collect/masks';
import { currentHospital } from '../currentHospital';
import { currentPatient } from '../currentPatient';
import type { SqliteDatabase } from '../db';
import { ApiError, fail, ok } from '../envelope';
import { parseQuery, recordIdParam } from '../query';
import { clientOf, defineLimit } from '../rateLimit';
import { followerRepository } from '../repositories/followers';
import { feedbackRepository } from '../repositories/feedback';
import { consultationUrl } from '../sandboxUrls';
import { passOf, readableStudy } from '../studyAccess';
import { TEST_PATH_PREFIX } from '../testMode';
import { STUDY_PASS_HEADER } from '../../src/shared/api/collectSchemas';
import { CONSULTATION_CODES } from '../../src/shared/api/serviceSchemas';
import type { consultationJumpSchema, experiencePassSchema, officialAccountTagSchema } from '../../src/shared/api/serviceSchemas';
import type * as zm from 'zod/mini';

const NOT_OFFERED = '该医院暂未开通在线问诊';
/** The experience pass reads the demo study for a day. */
const EXPERIENCE_PASS_SECONDS = 24 * 3600;
/**
 * New experience passes one address may get in a pass's life (issue 22): each is a row. A pass
 * the request still carries is answered again instead, uncounted, so a visitor who comes back
 * gets theirs and only a client that drops its passes runs into this.
 */
const EXPERIENCE_PASSES = defineLimit({
  name: 'experiencePass.client',
  max: 20,
  windowSeconds: EXPERIENCE_PASS_SECONDS,
  perClient: true,
  purpose: 'ExperiencePass (public): new demo-study passes for one address in a day',
});
const TOO_MANY_PASSES = '体验影像打开次数过多，请稍后再试';

const jumpQuerySchema = z.object({
  // Empty is the same as absent: the consultation without a study.
  id: z.preprocess((value) => (value === '' ? undefined : value), recordIdParam('id').optional()),
});

/**
 * Test mode can make GetZjwzJumpUrl answer another origin (an address the app must refuse to
 * open); per database, so the test routes and the API of one sandbox share it.
 */
const consultationOrigins = new WeakMap<SqliteDatabase, string>();

/**
 * The hospital's other services (issue 14): V1.0/Haodafu/GetZjwzJumpUrl and
 * V1.0/WeChat/GetUserScribeGZHTag (signed in), V1.0/Package/ExperiencePass (public).
 */
export async function consultationRoutes(app: FastifyInstance): Promise<void> {
  const { db, hospitals, limits, passes, publicOrigin, studies } = app.sandbox;
  const followers = followerRepository(db);

  /** ?id=<collectFilmId, optional, a study the patient may read>: the consultation page's address; 4701 when the module is off. */
  app.get('/V1.0/Haodafu/GetZjwzJumpUrl', async (request) => {
    const patient = await currentPatient(request);
    const { id } = parseQuery(jumpQuerySchema, request.query);
    const hospital = hospitals.findById(patient.hospitalId);
    if (!hospital?.modules.consultation) throw new ApiError(CONSULTATION_CODES.notOffered, NOT_OFFERED);
    const study = id === undefined ? undefined : (await readableStudy(request, id)).study;
    const url = consultationUrl(consultationOrigins.get(db) ?? publicOrigin, {
      patientMasked: maskName(patient.name),
      hospitalName: hospital.name,
      study: study && { collectFilmId: study.id, description: study.studyDescription, date: study.studyDate, modality: study.modality },
    });
    return ok({ url } satisfies zm.input<typeof consultationJumpSchema>);
  });

  app.get('/V1.0/WeChat/GetUserScribeGZHTag', async (request) => {
    const patient = await currentPatient(request);
    return ok({ subscribed: followers.isFollowing(patient.id) } satisfies zm.input<typeof officialAccountTagSchema>);
  });

  /**
   * Public: a read-only pass (24 h, scope experience) over the hospital's demo study, owned by the experience patient
   * who has only that study; null when the hospital (?orgCode=, the demo hospital by default) has none. A live
   * experience pass over that study in the request's X-Study-Pass is answered again; otherwise a new one, within
   * EXPERIENCE_PASSES for the address (else 429 with the wait).
   */
  app.get('/V1.0/Package/ExperiencePass', async (request) => {
    const studyId = currentHospital(request).experienceStudyId;
    const study = studyId === null ? undefined : studies.findById(studyId);
    if (!study) return ok(null satisfies zm.input<typeof experiencePassSchema>);
    const held = passOf(request);
    const heldToken = request.headers[STUDY_PASS_HEADER.toLowerCase()];
    let pass: { token: string; expiresAt: string };
    if (held?.scope === 'experience' && held.studyIds.has(study.id) && typeof heldToken === 'string') {
      pass = { token: heldToken.trim(), expiresAt: held.expiresAt };
    } else {
      limits.require(EXPERIENCE_PASSES, clientOf(request), new Date(), TOO_MANY_PASSES);
      pass = passes.issue({ scope: 'experience', patientId: study.patientId, studyIds: [study.id], ttlSeconds: EXPERIENCE_PASS_SECONDS }, collectNow());
    }
    return ok({
      pass: pass.token,
      passExpiresAt: pass.expiresAt,
      collectFilmId: String(study.id),
      studyDescription: study.studyDescription,
      modality: study.modality,
    } satisfies zm.input<typeof experiencePassSchema>);
  });
}

const originQuerySchema = z.object({ origin: z.string({ error: 'origin must be one value' }).trim().default('') });
const followQuerySchema = z.object({
  login: z.string({ error: 'login names a patient' }).trim().min(1, { error: 'login names a patient' }),
  subscribed: z.enum(['true', 'false'], { error: 'subscribed must be true or false' }).transform((value) => value === 'true'),
});
const feedbackQuerySchema = z.object({ clientId: z.string({ error: 'clientId names a draft' }).trim().min(1, { error: 'clientId names a draft' }) });

/** Test mode only: the consultation address, following the official account, feedback received (issue 14). */
export async function servicesTestRoutes(app: FastifyInstance): Promise<void> {
  const { db, patients } = app.sandbox;
  const followers = followerRepository(db);
  const feedback = feedbackRepository(db);

  /** ?origin=https://consult.example.net: GetZjwzJumpUrl answers that origin; empty: the sandbox's own again. */
  app.post(`${TEST_PATH_PREFIX}/consultation/url`, async (request, reply) => {
    const query = originQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send(fail(400, 'origin must be one value'));
    if (!query.data.origin) {
      consultationOrigins.delete(db);
      return { origin: app.sandbox.publicOrigin };
    }
    let origin: string;
    try {
      const url = new URL(query.data.origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http');
      origin = url.origin;
    } catch {
      return reply.code(400).send(fail(400, 'origin must be an http(s) origin'));
    }
    consultationOrigins.set(db, origin);
    return { origin };
  });

  /** ?login=&subscribed=true|false: the patient follows the official account, or stops. */
  app.post(`${TEST_PATH_PREFIX}/follow`, async (request, reply) => {
    const query = followQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send(fail(400, query.error.issues.map((issue) => issue.message).join('; ')));
    const patient = patients.findByLoginName(query.data.login);
    if (!patient) return reply.code(404).send(fail(404, `no patient ${query.data.login}`));
    followers.setFollowing(patient.id, query.data.subscribed);
    return { login: patient.loginName, subscribed: followers.isFollowing(patient.id) };
  });

  /** ?clientId=: what SubmitFeedback stored for that draft; 404 when nothing was. */
  app.get(`${TEST_PATH_PREFIX}/feedback`, async (request, reply) => {
    const query = feedbackQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send(fail(400, 'clientId names a draft'));
    const stored = feedback.storedOf(query.data.clientId);
    if (!stored) return reply.code(404).send(fail(404, `no feedback ${query.data.clientId}`));
    return {
      content: stored.content,
      contact: stored.contact,
      typeId: stored.typeId,
      patientLogin: stored.patientLogin,
      receivedAt: stored.receivedAt,
      imageCount: stored.images.length,
      images: stored.images.map((image) => ({ type: image.mime, bytes: image.byteLength })),
    };
  });
}
