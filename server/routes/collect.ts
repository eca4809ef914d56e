import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { captchaRules } from '../collect/captcha';
import { collectNow } from '../collect/clock';
import { identification } from '../collect/identify';
import type { Identified } from '../collect/identify';
import { tellOperator } from '../collect/log';
import { maskName, maskPhone } from '../collect/masks';
import { smsDelivery } from '../collect/sms';
import { verificationRules } from '../collect/verification';
import { currentHospital } from '../currentHospital';
import { signedInPatient } from '../currentPatient';
import { commandInput } from '../commandInput';
import { ApiError, ok } from '../envelope';
import type { Envelope } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam, textParam } from '../query';
import { captchaRepository } from '../repositories/captchas';
import { collectedStudyRepository } from '../repositories/collectedStudies';
import { collectIdentityRepository } from '../repositories/collectIdentity';
import { smsOutboxRepository } from '../repositories/smsOutbox';
import { verificationRepository } from '../repositories/verifications';
import type { StudyRecord } from '../repositories/studies';
import { passInvalid, passOf, readableStudy, requirePass } from '../studyAccess';
import { TEST_PATH_PREFIX } from '../testMode';
import { listImagesOf } from './package';
import { passGrant } from '../signedUrls';
import { COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import type { BagHint, Captcha, CheckRow, CodeSent, CollectMethod, IdentityCheck, PassSummary, Verified } from '../../src/shared/api/collectSchemas';

/** A value the visitor typed: missing is empty, and the rules answer it (4003 '身份证号不正确', ...). */
const typed = (name: string) => z.string({ error: `${name} must be one text value` }).default('');
const optionalText = (name: string) =>
  z
    .string({ error: `${name} must be one text value` })
    .trim()
    .optional()
    .transform((value) => value || undefined);

const bagHintQuery = z.object({ text: typed('text') });
const byNationalIdQuery = z.object({ idCard: typed('idCard'), bagCode: optionalText('bagCode') });
const byNamePhoneQuery = z.object({ name: typed('name'), phone: typed('phone'), bagCode: optionalText('bagCode') });
const captchaFields = {
  captchaId: textParam('captchaId', 'the image code id'),
  captchaText: textParam('captchaText', 'the image code answer'),
};
const sendByNationalId = byNationalIdQuery.extend(captchaFields);
const sendByNamePhone = byNamePhoneQuery.extend(captchaFields);
const resendInput = z.object({ verificationId: textParam('verificationId', 'a verification id') });
const codeInput = resendInput.extend({ code: textParam('code', 'the SMS code') });
const notifyInput = z.object({
  // A JSON array, or in the query `?collectFilmIds=1,2` or repeated.
  collectFilmIds: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z.array(recordIdParam('collectFilmIds')).min(1, { error: 'collectFilmIds must name a study' }).max(100),
  ),
});
const phoneQuery = z.object({ phone: z.string().regex(/^1\d{10}$/) });
const captchaIdQuery = z.object({ id: z.string().min(1) });

function identityCheck({ patient, studyIds }: Identified): IdentityCheck {
  return { phoneMasked: maskPhone(patient.phone), studyCount: studyIds.length };
}

/**
 * Collecting studies with an SMS code (issue 13; the contract is src/shared/api/collectSchemas.ts).
 * A visitor proves who they are by national ID, or by name and phone, answers an image code, gets
 * an SMS code, and with the right code a `collect` study pass over all their studies for a day
 * (server/studyAccess.ts reads it). Signed in, the studies also go into my films. All public
 * (server/paths.ts); the pass calls answer 4011 without a pass.
 */
export async function collectRoutes(app: FastifyInstance): Promise<void> {
  const { db, studies, passes } = app.sandbox;
  const identities = collectIdentityRepository(db);
  const collections = collectedStudyRepository(db);
  const sms = smsOutboxRepository(db);
  const captchas = captchaRules(captchaRepository(db));
  const verifications = verificationRules(verificationRepository(db));
  const identify = identification(identities, studies);

  app.get('/V1.0/Package/imagecode', async () => ok(captchas.issue(collectNow()) satisfies Captcha));

  /** What a film bag's code (its QR code: the accession number, or a link with ?code=) names, masked. */
  app.get('/V1.0/Package/MachTextKeyWords', async (request) => {
    const { text } = parseQuery(bagHintQuery, request.query);
    const study = identify.bagStudy(text);
    return ok({
      bagCode: study.accessionNumber,
      hospitalName: study.hospitalName,
      studyDate: study.studyDate,
      modality: study.modality,
      studyDescription: study.studyDescription,
      patientNameMasked: maskName(study.patientName),
    } satisfies BagHint);
  });

  app.get('/V1.0/Package/checkcollect', async (request) => {
    const { idCard, bagCode } = parseQuery(byNationalIdQuery, request.query);
    return ok(identityCheck(identify.byNationalId(idCard, bagCode, currentHospital(request).id)));
  });

  app.get('/V1.0/Report/PatientPhone', async (request) => {
    const { name, phone, bagCode } = parseQuery(byNamePhoneQuery, request.query);
    return ok(identityCheck(identify.byNamePhone(name, phone, bagCode, currentHospital(request).id)));
  });

  /** `{ verificationId }` alone asks for a new code of that verification; anything else starts one. */
  function sendCode(request: FastifyRequest, method: CollectMethod, identified: (input: Record<string, unknown>, hospitalId: number) => Identified) {
    const input = commandInput(request);
    const now = collectNow();
    const deliver = smsDelivery(request, sms, now);
    if (input.verificationId !== undefined) {
      const { verificationId } = parseQuery(resendInput, input);
      return ok(verifications.resend(verificationId, method, deliver, now) satisfies CodeSent);
    }
    const hospitalId = currentHospital(request).id;
    const { captchaId, captchaText } = parseQuery(z.object(captchaFields), input);
    captchas.check(captchaId, captchaText, now);
    const { patient, bagStudyId } = identified(input, hospitalId);
    return ok(verifications.start({ method, patientId: patient.id, phone: patient.phone, bagStudyId }, deliver, now) satisfies CodeSent);
  }

  app.post('/V1.0/Package/sendcode', async (request) =>
    sendCode(request, 'nationalId', (input, hospitalId) => {
      const { idCard, bagCode } = parseQuery(sendByNationalId, input);
      return identify.byNationalId(idCard, bagCode, hospitalId);
    }),
  );

  app.post('/v2/ReportCheck/sendcode', async (request) =>
    sendCode(request, 'namePhone', (input, hospitalId) => {
      const { name, phone, bagCode } = parseQuery(sendByNamePhone, input);
      return identify.byNamePhone(name, phone, bagCode, hospitalId);
    }),
  );

  /** The right code: a collect pass over all the patient's studies; signed in, they join my films too. */
  async function verify(request: FastifyRequest, method: CollectMethod): Promise<Envelope<Verified>> {
    const { verificationId, code } = parseQuery(codeInput, commandInput(request));
    // Before the code is checked: a stale bearer token (401) must not use the code up.
    const signedIn = await signedInPatient(request);
    const now = collectNow();
    const verification = verifications.check(verificationId, method, code, now);
    const studyIds = identities.studyIdsOf(verification.patientId);
    const pass = passes.issue(
      { scope: 'collect', patientId: verification.patientId, studyIds, ttlSeconds: COLLECT_LIMITS.passTtlSeconds },
      now,
    );
    const collected = signedIn ? collections.addAll(signedIn.id, studyIds, now) : 0;
    return ok({
      pass: pass.token,
      passExpiresAt: pass.expiresAt,
      studyCount: studyIds.length,
      collected,
      focusStudyId: verification.bagStudyId === null ? null : String(verification.bagStudyId),
    } satisfies Verified);
  }

  app.post('/V1.0/Package/collect', async (request) => verify(request, 'nationalId'));
  app.post('/v2/ReportCheck/authenpatientphone', async (request) => verify(request, 'namePhone'));

  /** Whose studies the request's pass opens. */
  app.post('/V1.0/Report/AuthenReport', async (request) => {
    const pass = requirePass(request);
    const patient = identities.byId(pass.patientId);
    if (!patient) throw passInvalid();
    const studyIds = identities.studyIdsOf(patient.id).filter((id) => pass.studyIds.has(id));
    return ok({
      scope: pass.scope,
      patientNameMasked: maskName(patient.name),
      hospitalName: patient.hospitalName,
      studyCount: studyIds.length,
      studyIds: studyIds.map(String),
      expiresAt: pass.expiresAt,
    } satisfies PassSummary);
  });

  /** The pass's studies, newest first, with report status and images. */
  app.get('/v2/ReportCheck/GetReportList', async (request) => {
    const pass = requirePass(request);
    const page = parseQuery(pageQuerySchema, request.query);
    const { rows, totals } = identities.pageOfStudies([...pass.studyIds], pageWindow(page));
    const withImages = rows.map((row) => ({ ...row, ...listImagesOf(request, studies.findById(Number(row.collectFilmId)), passGrant(pass.hash)) }) satisfies CheckRow);
    return ok({ rows: withImages, totals });
  });

  /**
   * Tells the hospital these studies were collected electronically, so it need not print film:
   * in the sandbox, a line in the log. Only studies the caller may read count; others are skipped.
   */
  app.post('/V1.0/Package/Notify', async (request) => {
    const { collectFilmIds } = parseQuery(notifyInput, commandInput(request));
    if ((await signedInPatient(request)) === undefined && !passOf(request)) throw passInvalid();
    const notified: StudyRecord[] = [];
    for (const studyId of new Set(collectFilmIds)) {
      try {
        notified.push((await readableStudy(request, studyId)).study);
      } catch (error) {
        if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
      }
    }
    if (notified.length > 0) {
      const list = notified.map((study) => `${study.hospitalName} ${study.accessionNumber}`).join(', ');
      tellOperator(request, `Hospital notified: collected electronically, no film to print: ${list}`);
    }
    return ok(null);
  });
}

/** Test-mode only (SANDBOX_TEST_MODE=1): what the browser tests read or change behind the app's back. */
export async function collectTestRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.sandbox;
  const sms = smsOutboxRepository(db);
  const captchas = captchaRepository(db);
  const verifications = verificationRepository(db);

  /** The SMS sent to a phone, newest first. */
  app.get(`${TEST_PATH_PREFIX}/sms`, async (request, reply) => {
    const query = phoneQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'phone must be 11 digits starting with 1' });
    return { messages: sms.ofPhone(query.data.phone) };
  });

  /** An image code's answer. */
  app.get(`${TEST_PATH_PREFIX}/captcha`, async (request, reply) => {
    const query = captchaIdQuery.safeParse(request.query);
    const answer = query.success ? captchas.answerOf(query.data.id) : undefined;
    if (answer === undefined) return reply.code(404).send({ error: 'no such image code' });
    return { answer };
  });

  /** The phone's live SMS codes expire now (the "expired code" tests). */
  app.post(`${TEST_PATH_PREFIX}/sms/expire`, async (request, reply) => {
    const query = phoneQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'phone must be 11 digits starting with 1' });
    return { expired: verifications.expireCodesOf(query.data.phone, collectNow()) };
  });

  /** The phone's open verifications are unlocked, their wrong attempts forgotten. */
  app.post(`${TEST_PATH_PREFIX}/verification/unlock`, async (request, reply) => {
    const query = phoneQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'phone must be 11 digits starting with 1' });
    return { unlocked: verifications.unlockPhone(query.data.phone) };
  });
}
