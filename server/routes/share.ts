import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectNow } from '../collect/clock';
import { currentPatient } from '../currentPatient';
import { commandInput } from '../commandInput';
import type { SqliteDatabase } from '../db';
import { ApiError, fail, failWith, ok } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam, textParam } from '../query';
import { clientOf, defineLimit, tooManyRequests } from '../rateLimit';
import { shareRepository, shareStateOf } from '../repositories/shares';
import type { ShareListRecord, ShareRecord, ShareRepository, ShareSummary } from '../repositories/shares';
import { STUDY_NOT_FOUND } from '../requestedStudy';
import { setSharePassCheck } from '../studyAccess';
import { TEST_PATH_PREFIX } from '../testMode';
import { SHARE_CODES, SHARE_DAYS, SHARE_LOG_MOST } from '../../src/shared/api/shareSchemas';
import type { Share, ShareLog, ShareOpened, SharePreview } from '../../src/shared/api/shareSchemas';
import { deviceKindOf } from '../deviceKind';
import { tellShareOwner } from '../shareNotices';
import { TEXT_FIELDS, textProblem } from '../../src/shared/rules/text';

const SHARE_NOT_FOUND = '分享不存在';
const SHARE_EXPIRED = '分享已过期';
const SHARE_REVOKED = '分享已被撤销';
const ACCESS_CODE_WRONG = '访问码不正确';
const TOO_MANY_ATTEMPTS = '访问码错误次数过多，请稍后再试';
const DAYS_WRONG = '有效期不正确';

/** A share's pass reads for six hours at most, and never past the share's own expiry. */
const SHARE_PASS_MAX_SECONDS = 6 * 3600;

const createSchema = z.object({
  collectFilmId: recordIdParam('collectFilmId'),
  days: z.coerce
    .number({ error: DAYS_WRONG })
    .refine((days) => (SHARE_DAYS as readonly number[]).includes(days), { error: DAYS_WRONG }),
});
const revokeSchema = z.object({ shareId: recordIdParam('shareId') });
const infoSchema = z.object({
  // The shared text rule's bounds and characters (src/shared/rules/text.ts, TEXT_FIELDS.shareCode).
  code: textParam('code', 'a share code').refine((code) => textProblem(TEXT_FIELDS.shareCode, code) === null, { error: 'code must be a share code' }),
  // Empty is the same as absent: the code page before the access code is typed.
  accessCode: z
    .string({ error: 'accessCode must be text' })
    .trim()
    .optional()
    .transform((value) => value || undefined),
});
const testCodeSchema = z.object({ code: textParam('code', 'a share code') });

/** 张* style: the first character, then a star for each of the rest (one at least). */
function maskName(name: string): string {
  const [first = '', ...rest] = Array.from(name.trim());
  return first + '*'.repeat(Math.max(1, rest.length));
}

function shareUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin}/shareCode?code=${encodeURIComponent(code)}`;
}

/** An expired or revoked share refuses everything but the share list. */
function refuseInactive(share: ShareRecord, now: Date): void {
  const state = shareStateOf(share, now);
  if (state === 'revoked') throw new ApiError(SHARE_CODES.revoked, SHARE_REVOKED);
  if (state === 'expired') throw new ApiError(SHARE_CODES.expired, SHARE_EXPIRED);
}

function shareOf(row: ShareListRecord, publicOrigin: string, now: Date): Share {
  return {
    shareId: String(row.id),
    collectFilmId: String(row.studyId),
    code: row.code,
    accessCode: row.accessCode,
    url: shareUrl(publicOrigin, row.code),
    days: row.days,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    state: shareStateOf(row, now),
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt,
    studyDescription: row.studyDescription,
    studyDate: row.studyDate,
    modality: row.modality,
    patientName: row.patientName,
    hospitalName: row.hospitalName,
  };
}

function previewOf(share: ShareSummary): SharePreview {
  return { code: share.code, hospitalName: share.hospitalName, sharedByMasked: maskName(share.sharedByName), expiresAt: share.expiresAt };
}

const repositories = new WeakMap<SqliteDatabase, ShareRepository>();

/** One repository per database: the routes, the test routes and the access rule's check share its lock state. */
function sharesOf(db: SqliteDatabase): ShareRepository {
  let shares = repositories.get(db);
  if (!shares) {
    shares = shareRepository(db);
    repositories.set(db, shares);
  }
  return shares;
}

/** Unknown share codes and wrong access codes one client may try in an hour. */
export const SHARE_MISSES_LIMIT = defineLimit({
  name: 'share.misses',
  max: 30,
  windowSeconds: 3600,
  perClient: true,
  purpose: 'Share/info: unknown share codes and wrong access codes one client may try in an hour (each share also locks after 5 wrong codes)',
});

/**
 * The share calls (issue 13); Share/info answers without sign-in (paths.ts lists it). Times come
 * from the collect clock, the one the access rule reads passes by, so a test that moves it moves both.
 */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const { publicOrigin, passes, limits } = app.sandbox;
  const shares = sharesOf(app.sandbox.db);
  // A share's passes read only while the share is open; the access rule asks on every read, with
  // the request's own database (one check serves every sandbox in the process).
  setSharePassCheck((shareId, db, now) => sharesOf(db).isActive(shareId, now));

  app.post('/V1.0/Share/create', async (request) => {
    const patient = await currentPatient(request);
    const { collectFilmId, days } = parseQuery(createSchema, commandInput(request));
    if (!shares.canShare(patient.id, collectFilmId)) return fail(404, STUDY_NOT_FOUND);
    const now = collectNow();
    const share = shares.create({ patientId: patient.id, studyId: collectFilmId, days }, now);
    return ok(shareOf(shares.listRowOf(share.id)!, publicOrigin, now) satisfies Share);
  });

  app.get('/V1.0/Share/list', async (request) => {
    const patient = await currentPatient(request);
    const page = parseQuery(pageQuerySchema, request.query);
    const now = collectNow();
    const { rows, totals } = shares.pageForPatient(patient.id, pageWindow(page));
    return ok({ rows: rows.map((row) => shareOf(row, publicOrigin, now) satisfies Share), totals });
  });

  /** Idempotent: revoking a revoked share is fine. Its passes stop reading at once (the access rule asks). */
  app.post('/V1.0/Share/revoke', async (request) => {
    const patient = await currentPatient(request);
    const { shareId } = parseQuery(revokeSchema, commandInput(request));
    if (!shares.revoke(patient.id, shareId, collectNow())) return fail(SHARE_CODES.notFound, SHARE_NOT_FOUND);
    return ok(null, '操作成功');
  });

  /**
   * Public. Without accessCode: the code page's preview. With it: opens the share (each opening
   * counts, the same person's too) and hands out a share pass over the study.
   */
  app.get('/V1.0/Share/info', async (request) => {
    const { code, accessCode } = parseQuery(infoSchema, request.query);
    const now = collectNow();
    // Guessing share codes or access codes from one client: the share's own lock stops one share,
    // this stops a client trying many.
    const client = clientOf(request);
    const misses = limits.peek(SHARE_MISSES_LIMIT, client, now);
    if (!misses.allowed) throw tooManyRequests(misses.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    const miss = () => limits.take(SHARE_MISSES_LIMIT, client, now);
    const share = shares.findByCode(code);
    if (!share) {
      miss();
      throw new ApiError(SHARE_CODES.notFound, SHARE_NOT_FOUND);
    }
    refuseInactive(share, now);
    if (accessCode === undefined) return ok(previewOf(share) satisfies SharePreview);

    const outcome = shares.tryAccessCode(share, accessCode, now);
    // The owner's log: each code tried (not the tries a lock refused untried), and a notice.
    if (outcome.kind !== 'locked' || outcome.justNow) {
      shares.logOpening(share.id, { openedAt: now.toISOString(), device: deviceKindOf(request.headers['user-agent']), codeRight: outcome.kind === 'opened' });
      if (outcome.kind !== 'wrong') tellShareOwner(app.sandbox, shares, share, outcome.kind, now);
    }
    if (outcome.kind === 'wrong') {
      miss();
      return failWith(SHARE_CODES.accessCodeWrong, ACCESS_CODE_WRONG, { attemptsLeft: outcome.attemptsLeft });
    }
    if (outcome.kind === 'locked') {
      return failWith(SHARE_CODES.tooManyAttempts, TOO_MANY_ATTEMPTS, { retryAfterSeconds: outcome.retryAfterSeconds });
    }
    const secondsLeft = Math.floor((Date.parse(share.expiresAt) - now.getTime()) / 1000);
    const pass = passes.issue(
      {
        scope: 'share',
        patientId: share.studyPatientId,
        studyIds: [share.studyId],
        shareId: share.id,
        ttlSeconds: Math.max(1, Math.min(SHARE_PASS_MAX_SECONDS, secondsLeft)),
      },
      now,
    );
    return ok({
      collectFilmId: String(share.studyId),
      pass: pass.token,
      passExpiresAt: pass.expiresAt,
      expiresAt: share.expiresAt,
      studyDescription: share.studyDescription,
      studyDate: share.studyDate,
      modality: share.modality,
    } satisfies ShareOpened);
  });
}

const shareLogSchema = z.object({ shareId: recordIdParam('shareId') });
const notifySchema = z.object({
  shareId: recordIdParam('shareId'),
  notify: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: 'notify must be true or false' }),
});

/**
 * Who opened my share (issue 27 §4, docs/extensions.md): the owner's log of a share's tries and the
 * switch for its notices. Another patient's share is not found, exactly like one that does not exist.
 */
export async function shareLogRoutes(app: FastifyInstance): Promise<void> {
  const { publicOrigin } = app.sandbox;
  const shares = sharesOf(app.sandbox.db);

  app.get('/V1.0/ShareLog/detail', async (request) => {
    const patient = await currentPatient(request);
    const { shareId } = parseQuery(shareLogSchema, request.query);
    const row = shares.listRowOf(shareId);
    if (!row || row.patientId !== patient.id) return fail(SHARE_CODES.notFound, SHARE_NOT_FOUND);
    const { openings, right, wrong } = shares.openingsOf(shareId, SHARE_LOG_MOST);
    return ok({ share: shareOf(row, publicOrigin, collectNow()), notify: row.notifyOpenings === 1, openings, rightTotal: right, wrongTotal: wrong } satisfies ShareLog);
  });

  app.post('/V1.0/ShareLog/notify', async (request) => {
    const patient = await currentPatient(request);
    const { shareId, notify } = parseQuery(notifySchema, commandInput(request));
    if (!shares.setNotify(patient.id, shareId, notify)) return fail(SHARE_CODES.notFound, SHARE_NOT_FOUND);
    return ok(null, '操作成功');
  });
}

/** Test-mode only (SANDBOX_TEST_MODE=1): what the browser tests read or change behind the app's back. */
export async function shareTestRoutes(app: FastifyInstance): Promise<void> {
  const shares = sharesOf(app.sandbox.db);

  /** The share expires now: for the "expired share" test. */
  app.post(`${TEST_PATH_PREFIX}/shares/expire`, async (request, reply) => {
    const { code } = parseQuery(testCodeSchema, request.query);
    if (!shares.expireNow(code, collectNow())) return reply.code(404).send(fail(SHARE_CODES.notFound, SHARE_NOT_FOUND));
    return ok({ code, expiresAt: shares.findByCode(code)!.expiresAt });
  });

  /** What a test cannot read through the app: the access code (also in the list), openings, state. */
  app.get(`${TEST_PATH_PREFIX}/shares`, async (request, reply) => {
    const { code } = parseQuery(testCodeSchema, request.query);
    const share = shares.findByCode(code);
    if (!share) return reply.code(404).send(fail(SHARE_CODES.notFound, SHARE_NOT_FOUND));
    return ok({ accessCode: share.accessCode, openCount: share.openCount, state: shareStateOf(share, collectNow()) });
  });
}
