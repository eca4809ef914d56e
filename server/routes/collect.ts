import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { captchaRules } from '../collect/captcha';
import type { CaptchaAnswer } from '../collect/captcha';
import { collectNow } from '../collect/clock';
import { identification, IDENTITY_MESSAGES } from '../collect/identify';
import type { Identified } from '../collect/identify';
import { tellOperator } from '../collect/log';
import { forgetLookups, lookupRules } from '../collect/lookup';
import type { LookupTarget } from '../collect/lookup';
import { maskName, maskPhone } from '../collect/masks';
import { smsDelivery } from '../collect/sms';
import { forgetPhone, verificationRules } from '../collect/verification';
import { currentHospital } from '../currentHospital';
import { signedInPatient } from '../currentPatient';
import { commandInput } from '../commandInput';
import { ApiError, ok } from '../envelope';
import type { Envelope } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { clientOf } from '../rateLimit';
import { parseQuery, recordIdParam, textParam } from '../query';
import { captchaRepository } from '../repositories/captchas';
import { collectedStudyRepository } from '../repositories/collectedStudies';
import { collectIdentityRepository } from '../repositories/collectIdentity';
import { signInCodeRepository } from '../repositories/signInCodes';
import { smsOutboxRepository } from '../repositories/smsOutbox';
import { verificationRepository } from '../repositories/verifications';
import type { StudyRecord } from '../repositories/studies';
import { passInvalid, passOf, readableStudy, requirePass } from '../studyAccess';
import { TEST_PATH_PREFIX } from '../testMode';
import { listImagesOf } from './package';
import { passGrant } from '../signedUrls';
import { COLLECT_CODES, COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import type { BagHint, Captcha, CheckRow, CodeSent, CollectMethod, IdentityCheck, PassSummary, Verified } from '../../src/shared/api/collectSchemas';

/** A value the visitor typed: missing is empty, and the rules answer it (4003 '身份证号不正确', ...). */
const typed = (name: string) => z.string({ error: `${name} must be one text value` }).default('');
const optionalText = (name: string) =>
  z
    .string({ error: `${name} must be one text value` })
    .trim()
    .optional()
    .transform((value) => value || undefined);

const captchaFields = {
  captchaId: textParam('captchaId', 'the image code id'),
  captchaText: textParam('captchaText', 'the image code answer'),
};
const byNationalIdQuery = z.object({ idCard: typed('idCard'), bagCode: optionalText('bagCode'), ...captchaFields });
const byNamePhoneQuery = z.object({ name: typed('name'), phone: typed('phone'), bagCode: optionalText('bagCode'), ...captchaFields });
/** The bag's code, and who the visitor said they are: a national ID, or else a name and phone. */
const bagHintQuery = z.object({
  text: textParam('text', "the film bag's code"),
  idCard: optionalText('idCard'),
  name: typed('name'),
  phone: typed('phone'),
  ...captchaFields,
});
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

/** A lookup's target and image code, from what the visitor sent by one method or the other. */
type Lookup = { target: LookupTarget; captcha: CaptchaAnswer };

function byNationalId(input: unknown): Lookup {
  const { idCard, bagCode, captchaId, captchaText } = parseQuery(byNationalIdQuery, input);
  return { target: { method: 'nationalId', idCard, bagCode }, captcha: { captchaId, captchaText } };
}

function byNamePhone(input: unknown): Lookup {
  const { name, phone, bagCode, captchaId, captchaText } = parseQuery(byNamePhoneQuery, input);
  return { target: { method: 'namePhone', name, phone, bagCode }, captcha: { captchaId, captchaText } };
}

/**
 * Collecting studies with an SMS code (issue 13; the contract is src/shared/api/collectSchemas.ts).
 * A visitor proves who they are by national ID, or by name and phone, answers an image code, gets
 * an SMS code, and with the right code a `collect` study pass over all their studies for a day
 * (server/studyAccess.ts reads it). Signed in, the studies also go into my films. All public
 * (server/paths.ts); the pass calls answer 4011 without a pass.
 *
 * Issue 22: every lookup that can reveal a person or a study (the identity checks, the film bag's
 * hint, the sends) needs an image code answered for its target and is limited per client and per
 * target (server/collect/lookup.ts); the film bag's hint comes only with the identity whose study
 * it is; the SMS limits count per mobile number, whatever verification (server/collect/verification.ts).
 */
export async function collectRoutes(app: FastifyInstance): Promise<void> {
  const { db, studies, passes, limits } = app.sandbox;
  const identities = collectIdentityRepository(db);
  const collections = collectedStudyRepository(db);
  const sms = smsOutboxRepository(db);
  const captchas = captchaRules(captchaRepository(db), limits);
  const lookups = lookupRules(captchas, limits);
  const verifications = verificationRules(verificationRepository(db), limits);
  const identify = identification(identities, studies);

  /** Whom a lookup finds, once its image code and limits let it go on: 4001/4002, 429, then 4003/4009. */
  function lookUp(request: FastifyRequest, { target, captcha }: Lookup, now: Date): Identified {
    lookups.open(clientOf(request), captcha, target, now);
    const hospitalId = currentHospital(request).id;
    return target.method === 'nationalId'
      ? identify.byNationalId(target.idCard, target.bagCode, hospitalId)
      : identify.byNamePhone(target.name, target.phone, target.bagCode, hospitalId);
  }

  app.get('/V1.0/Package/imagecode', async (request) => ok(captchas.issue(clientOf(request), collectNow()) satisfies Captcha));

  /**
   * What a film bag's code (its QR code: the accession number, or a link with ?code=) names,
   * masked: only for the person whose study it is, with an image code answered for them and the bag.
   */
  app.get('/V1.0/Package/MachTextKeyWords', async (request) => {
    const { text, idCard, name, phone, captchaId, captchaText } = parseQuery(bagHintQuery, request.query);
    const target: LookupTarget = idCard === undefined ? { method: 'namePhone', name, phone, bagCode: text } : { method: 'nationalId', idCard, bagCode: text };
    const { bagStudyId } = lookUp(request, { target, captcha: { captchaId, captchaText } }, collectNow());
    const study = bagStudyId === null ? undefined : studies.findById(bagStudyId);
    if (!study) throw new ApiError(COLLECT_CODES.bagCodeUnknown, IDENTITY_MESSAGES.bagUnknown);
    return ok({
      bagCode: study.accessionNumber,
      hospitalName: study.hospitalName,
      studyDate: study.studyDate,
      modality: study.modality,
      studyDescription: study.studyDescription,
      patientNameMasked: maskName(study.patientName),
    } satisfies BagHint);
  });

  app.get('/V1.0/Package/checkcollect', async (request) => ok(identityCheck(lookUp(request, byNationalId(request.query), collectNow()))));

  app.get('/V1.0/Report/PatientPhone', async (request) => ok(identityCheck(lookUp(request, byNamePhone(request.query), collectNow()))));

  /**
   * `{ verificationId }` alone asks for a new code of that verification; anything else is a
   * lookup that starts one, and uses its image code up.
   */
  function sendCode(request: FastifyRequest, method: CollectMethod, lookupOf: (input: Record<string, unknown>) => Lookup) {
    const input = commandInput(request);
    const caller = { client: clientOf(request), now: collectNow() };
    const deliver = smsDelivery(sms, caller.now, (line) => tellOperator(request, line));
    if (input.verificationId !== undefined) {
      const { verificationId } = parseQuery(resendInput, input);
      return ok(verifications.resend(verificationId, method, deliver, caller) satisfies CodeSent);
    }
    const lookup = lookupOf(input);
    const { patient, bagStudyId } = lookUp(request, lookup, caller.now);
    lookups.close(lookup.captcha, lookup.target, caller.now);
    return ok(verifications.start({ method, patientId: patient.id, phone: patient.phone, bagStudyId }, deliver, caller) satisfies CodeSent);
  }

  app.post('/V1.0/Package/sendcode', async (request) => sendCode(request, 'nationalId', byNationalId));
  app.post('/v2/ReportCheck/sendcode', async (request) => sendCode(request, 'namePhone', byNamePhone));

  /** The right code: a collect pass over all the patient's studies; signed in, they join my films too. */
  async function verify(request: FastifyRequest, method: CollectMethod): Promise<Envelope<Verified>> {
    const { verificationId, code } = parseQuery(codeInput, commandInput(request));
    // Before the code is checked: a stale bearer token (401) must not use the code up.
    const signedIn = await signedInPatient(request);
    const now = collectNow();
    const verification = verifications.check(verificationId, method, code, { client: clientOf(request), now });
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
  const { db, limits } = app.sandbox;
  const sms = smsOutboxRepository(db);
  const captchas = captchaRepository(db);
  const verifications = verificationRepository(db);
  const signInCodes = signInCodeRepository(db);
  const identities = collectIdentityRepository(db);

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

  /** The phone's live SMS codes, collect's and the identity provider's, expire now (the "expired code" tests). */
  app.post(`${TEST_PATH_PREFIX}/sms/expire`, async (request, reply) => {
    const query = phoneQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'phone must be 11 digits starting with 1' });
    const now = collectNow();
    return { expired: verifications.expireCodesOf(query.data.phone, now) + signInCodes.expireCodesOf(query.data.phone, now) };
  });

  /**
   * Every count on the phone starts again (its sends, wrong codes and lock), and so do the lookup
   * counts of its patients (their national IDs, the number, their film bags): the browser tests
   * collect the same demo patients over and over.
   */
  app.post(`${TEST_PATH_PREFIX}/verification/unlock`, async (request, reply) => {
    const query = phoneQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'phone must be 11 digits starting with 1' });
    const { phone } = query.data;
    forgetPhone(limits, phone);
    const targets = identities.lookupTargetsOfPhone(phone);
    forgetLookups(limits, { ...targets, phones: [phone] });
    return { unlocked: phone, nationalIds: targets.nationalIds.length, bagCodes: targets.bagCodes.length };
  });
}
