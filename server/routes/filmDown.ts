import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { carriesStudyPass, currentPatient } from '../currentPatient';
import { commandInput } from '../commandInput';
import type { DicomArchive } from '../dicom/archive';
import { ApiError, ok } from '../envelope';
import { packageFileName } from '../packaging/build';
import { downloadEmail, emailLinkOf, linkInBody } from '../packaging/email';
import { PackageRunner, packageMinMs } from '../packaging/runner';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam, textParam } from '../query';
import { emailOutboxRepository } from '../repositories/emailOutbox';
import { isExpired, packageTaskRepository } from '../repositories/packageTasks';
import type { DownloadVia, PackageTaskRow } from '../repositories/packageTasks';
import type { StudyRecord } from '../repositories/studies';
import { readableStudy } from '../studyAccess';
import type { ReadableStudy } from '../studyAccess';
import { TEST_PATH_PREFIX } from '../testMode';
import { DOWNLOAD_CODES, DOWNLOAD_VIA, PACKAGE_FORMATS } from '../../src/shared/api/downloadSchemas';
import type { DownloadLink, DownloadRecord, EmailSent, PackageTask } from '../../src/shared/api/downloadSchemas';
import { requireValidEmail } from '../emailRule';

/**
 * Packaged downloads (issue 13), v2/FilmDown: a ZIP of one study, DICOM with a DICOMDIR or JPEG,
 * desensitized or not, built by a job the app follows (packaging/runner.ts), fetched by an
 * unguessable token, shared as a link or by e-mail (into the sandbox's outbox). Each call says who
 * may make it; a share pass (read-only) may not download.
 */

const TASK_NOT_FOUND = '下载任务不存在';
const NOT_READY = '文件尚未打包完成';
const LINK_EXPIRED = '下载链接已过期，请重新打包';
const NOT_ALLOWED = '无权下载该检查';

const taskNotFound = () => new ApiError(DOWNLOAD_CODES.taskNotFound, TASK_NOT_FOUND);

/** true/false in JSON, or "true"/"false"/"1"/"0" in a query string. */
const flag = (name: string) => {
  const error = `${name} must be true or false`;
  return z.union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error }).transform((value) => value === 'true' || value === '1')], { error });
};
const formatParam = z.enum(PACKAGE_FORMATS, { error: `format must be ${PACKAGE_FORMATS.join(' or ')}` });

const existingQuerySchema = z.object({
  collectFilmId: recordIdParam('collectFilmId'),
  format: formatParam.optional(),
  desensitize: flag('desensitize').optional(),
});
const addSchema = z.object({ collectFilmId: recordIdParam('collectFilmId'), format: formatParam, desensitize: flag('desensitize') });
const taskQuerySchema = z.object({ taskId: recordIdParam('taskId') });
const queryTaskSchema = z.union([z.object({ token: textParam('token', 'a download token') }), taskQuerySchema], {
  error: 'give taskId or token',
});
const desensitizeSchema = z.object({ taskId: recordIdParam('taskId'), desensitize: flag('desensitize') });
const emailSchema = z.object({ email: z.string({ error: 'email must be text' }) });
const sendEmailSchema = z.object({ taskId: recordIdParam('taskId'), email: z.string({ error: 'email must be text' }) });
const fileQuerySchema = z.object({ token: z.string().optional(), via: z.string().optional() });

/** A share's pass and the demo study's open a study to look at, not to take away: only a collect pass downloads. */
function refuseReadOnlyPass(access: ReadableStudy): ReadableStudy {
  if (access.scope !== undefined && access.scope !== 'collect') throw new ApiError(DOWNLOAD_CODES.studyNotAllowed, NOT_ALLOWED);
  return access;
}

/**
 * Whose tasks and download records these are: the patient the request acts for. That is the
 * study's owner (signed in, or holding a collect pass for their studies), except for a study the
 * signed-in patient collected from someone else (a parent's): then the collector's own.
 */
async function requesterOf(request: FastifyRequest, access: ReadableStudy): Promise<number> {
  return access.via === 'collected' ? (await currentPatient(request)).id : access.ownerPatientId;
}

/** The study, if the request may download it (not with a share's or the demo study's pass), and whose request it is. */
async function downloadableStudy(request: FastifyRequest, studyId: number): Promise<{ study: StudyRecord; requester: number }> {
  const access = refuseReadOnlyPass(await readableStudy(request, studyId));
  return { study: access.study, requester: await requesterOf(request, access) };
}

/** `filename` for old clients (ASCII), `filename*` for the real name (RFC 6266, RFC 8187). */
function contentDisposition(name: string, ascii: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function fileUrlOf(token: string, via: DownloadVia): string {
  return `/api/v2/FilmDown/FilmDownFile?token=${encodeURIComponent(token)}&via=${via}`;
}

function plain(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

export interface FilmDownOptions {
  archive: DicomArchive;
  /** Where CF_PACKAGE_MIN_MS is read; process.env when app.ts does not pass the sandbox's. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Where the packages are kept: `<dataDir>/packages`. The data directory is the database's (the
 * sandbox opens `<dataDir>/sandbox.sqlite`), which the context does not name otherwise.
 */
export function packagesDirOf(app: FastifyInstance): string {
  return join(dirname(app.sandbox.db.name), 'packages');
}

export async function filmDownRoutes(app: FastifyInstance, options: FilmDownOptions): Promise<void> {
  const { db, studies, patients, publicOrigin } = app.sandbox;
  const tasks = packageTaskRepository(db);
  const outbox = emailOutboxRepository(db);
  // Fastify without a logger has no level: then the console, so the "sent" e-mails are seen either way.
  const log = (message: string) => (app.log.level && app.log.level !== 'silent' ? app.log.info(message) : console.log(message));
  const runner = new PackageRunner({
    tasks,
    studies,
    archive: options.archive,
    dir: packagesDirOf(app),
    minMs: packageMinMs(options.env ?? process.env),
    log,
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.close());

  function studyOf(task: PackageTaskRow): StudyRecord {
    const study = studies.findById(task.studyId);
    if (!study) throw taskNotFound();
    return study;
  }

  function answer(task: PackageTaskRow, via: DownloadVia = 'app'): PackageTask {
    const study = studyOf(task);
    const downloadable = task.state === 'ready' && !isExpired(task);
    return {
      taskId: String(task.id),
      collectFilmId: String(task.studyId),
      format: task.format,
      desensitize: task.desensitize,
      state: task.state,
      progress: task.progress,
      fileName: task.fileName,
      sizeBytes: task.sizeBytes,
      failure: task.failure,
      expiresAt: task.expiresAt,
      studyDescription: study.studyDescription,
      studyDate: study.studyDate,
      modality: study.modality,
      hospitalName: study.hospitalName,
      fileUrl: downloadable ? fileUrlOf(task.downloadToken, via) : null,
    } satisfies PackageTask;
  }

  /** The task, when the request acts for its owner and may download the study; anyone else's is unknown. */
  async function ownTask(request: FastifyRequest, taskId: number): Promise<PackageTaskRow> {
    // No credential at all is the sign-in's business (401), as on any signed-in call.
    if (!request.headers.authorization && !carriesStudyPass(request)) await currentPatient(request);
    const task = tasks.byId(taskId);
    if (!task) throw taskNotFound();
    let requester: number;
    try {
      ({ requester } = await downloadableStudy(request, task.studyId));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw taskNotFound();
      throw error;
    }
    if (requester !== task.patientId) throw taskNotFound();
    return task;
  }

  /** A ready, unexpired task: what a link or an e-mail may point at. */
  function downloadable(task: PackageTaskRow): PackageTaskRow {
    if (task.state !== 'ready') throw new ApiError(DOWNLOAD_CODES.taskNotFound, NOT_READY);
    if (isExpired(task)) throw new ApiError(DOWNLOAD_CODES.linkExpired, LINK_EXPIRED);
    return task;
  }

  /** GET ?collectFilmId=&format=&desensitize=: the newest unexpired task of the study (of that kind when given), or null. */
  app.get('/v2/FilmDown/ExeitPackageTask', async (request) => {
    const query = parseQuery(existingQuerySchema, request.query);
    const { study, requester } = await downloadableStudy(request, query.collectFilmId);
    const task = tasks.newest(requester, study.id, { format: query.format, desensitize: query.desensitize });
    return ok(task ? answer(task) : null);
  });

  /** POST { collectFilmId, format, desensitize }: a new task, or the one of the same kind already queued, packing or ready. */
  app.post('/v2/FilmDown/AddPackageTask', async (request) => {
    const fields = parseQuery(addSchema, commandInput(request));
    const { study, requester } = await downloadableStudy(request, fields.collectFilmId);
    const live = tasks.live(requester, study.id, fields.format, fields.desensitize);
    if (live) return ok(answer(live));
    const task = tasks.create({ patientId: requester, studyId: study.id, format: fields.format, desensitize: fields.desensitize });
    runner.enqueue(task.id);
    return ok(answer(task));
  });

  /** GET ?taskId= (the owner) or ?token= (anyone with the link): the task. 4201 unknown, 4202 expired. */
  app.get('/v2/FilmDown/QueryPackageTask', async (request) => {
    const query = parseQuery(queryTaskSchema, request.query);
    const task = 'token' in query ? tasks.byToken(query.token) : await ownTask(request, query.taskId);
    if (!task) throw taskNotFound();
    if (task.state === 'ready' && isExpired(task)) throw new ApiError(DOWNLOAD_CODES.linkExpired, LINK_EXPIRED);
    return ok(answer(task, 'token' in query ? 'link' : 'app'));
  });

  /** POST { taskId, desensitize }: packs again with the new choice (a job under way is abandoned), or answers the task of that choice that exists. */
  app.post('/v2/FilmDown/UpdateDesensitize', async (request) => {
    const fields = parseQuery(desensitizeSchema, commandInput(request));
    const task = await ownTask(request, fields.taskId);
    const match = tasks.live(task.patientId, task.studyId, task.format, fields.desensitize);
    if (match) return ok(answer(match));
    const requeued = tasks.requeue(task.id, fields.desensitize)!;
    runner.enqueue(task.id);
    await runner.removeFile(task.id);
    return ok(answer(requeued));
  });

  /** GET ?taskId=: the link to pass on (the app's downloadLink page) and until when it works. */
  app.get('/v2/FilmDown/CopyDownUrl', async (request) => {
    const { taskId } = parseQuery(taskQuerySchema, request.query);
    const task = downloadable(await ownTask(request, taskId));
    return ok({ url: `${publicOrigin}/downloadLink?token=${encodeURIComponent(task.downloadToken)}`, expiresAt: task.expiresAt! } satisfies DownloadLink);
  });

  /**
   * GET ?token=&via=app|link|email: the ZIP itself, not an envelope. 404 for a token nobody gave
   * out, 409 while packing, 410 once expired. Each download is recorded for the task's owner.
   */
  app.get(
    '/v2/FilmDown/FilmDownFile',
    {
      // After the API's own no-store (app.ts): a download is private and never kept.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const query = fileQuerySchema.safeParse(request.query);
      const token = query.success ? query.data.token : undefined;
      const task = token ? tasks.byToken(token) : undefined;
      if (!task) return plain(reply, 404, '下载链接无效');
      if (isExpired(task)) return plain(reply, 410, '下载链接已过期，请重新打包');
      if (task.state !== 'ready') return plain(reply, 409, '文件尚未打包完成，请稍后再试');
      const path = runner.filePath(task.id);
      const size = await stat(path).then((s) => s.size, () => undefined);
      if (size === undefined) return plain(reply, 410, '文件已不存在，请重新打包');
      const asked = query.success ? query.data.via : undefined;
      const via: DownloadVia = DOWNLOAD_VIA.find((one) => one === asked) ?? 'link';
      // A HEAD (a download manager looking first) is not a download.
      if (request.method !== 'HEAD') tasks.recordDownload(task.id, task.patientId, via);
      const names = packageFileName(studyOf(task), task);
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-length': String(size),
          'content-disposition': contentDisposition(task.fileName ?? names.name, names.ascii),
          'cross-origin-resource-policy': 'same-origin',
          'x-content-type-options': 'nosniff',
        })
        .send(createReadStream(path));
    },
  );

  /** GET ?pageIndex&pageLength (signed in): my downloads, newest first. */
  app.get('/v2/FilmDown/FilmDownRecord', async (request) => {
    const patient = await currentPatient(request);
    const page = parseQuery(pageQuerySchema, request.query);
    const { rows, totals } = tasks.pageOfRecords(patient.id, pageWindow(page));
    return ok({
      rows: rows.map(
        (row) =>
          ({
            recordId: String(row.recordId),
            taskId: String(row.taskId),
            collectFilmId: String(row.collectFilmId),
            studyDescription: row.studyDescription,
            studyDate: row.studyDate,
            modality: row.modality,
            format: row.format,
            desensitize: row.desensitize,
            via: row.via,
            downloadedAt: row.downloadedAt,
            sizeBytes: row.sizeBytes,
            fileUrl: row.state === 'ready' && !isExpired(row) ? fileUrlOf(row.downloadToken, 'app') : null,
          }) satisfies DownloadRecord,
      ),
      totals,
    });
  });

  /** POST { email } (signed in): keeps the address for download links. */
  app.post('/v2/FilmDown/UpdateEmail', async (request) => {
    const patient = await currentPatient(request);
    const { email } = parseQuery(emailSchema, commandInput(request));
    requireValidEmail(email, DOWNLOAD_CODES.emailInvalid);
    patients.setEmail(patient.id, email);
    return ok({ email });
  });

  /** POST { taskId, email } (the owner, signed in or with a collect pass): e-mails the download link. */
  app.post('/v2/FilmDown/SendEmail', async (request) => {
    const fields = parseQuery(sendEmailSchema, commandInput(request));
    requireValidEmail(fields.email, DOWNLOAD_CODES.emailInvalid);
    const task = downloadable(await ownTask(request, fields.taskId));
    const study = studyOf(task);
    const { subject, body } = downloadEmail({
      study,
      format: task.format,
      desensitize: task.desensitize,
      link: emailLinkOf(publicOrigin, task.downloadToken),
      expiresAt: task.expiresAt!,
    });
    const sentAt = new Date().toISOString();
    outbox.send({ to: fields.email, subject, body, taskId: task.id, sentAt });
    tasks.setEmail(task.id, fields.email);
    log(`e-mail to ${fields.email}: ${subject}\n${body}`);
    return ok({ email: fields.email, sentAt } satisfies EmailSent);
  });
}

const outboxQuerySchema = z.object({ to: z.string().optional() });

/** Test-mode only (SANDBOX_TEST_MODE=1): what the browser tests read or change behind the app's back. */
export async function filmDownTestRoutes(app: FastifyInstance): Promise<void> {
  const tasks = packageTaskRepository(app.sandbox.db);
  const outbox = emailOutboxRepository(app.sandbox.db);

  /** GET ?to=<address>: the e-mails sent to it (all without), newest first. */
  app.get(`${TEST_PATH_PREFIX}/outbox`, async (request) => {
    const { to } = parseQuery(outboxQuerySchema, request.query);
    const messages = outbox.messages(to).map(({ to: address, subject, body, sentAt }) => ({ to: address, subject, body, link: linkInBody(body), sentAt }));
    return { messages };
  });

  /** POST ?taskId=: the task expires now (its links answer 410 and 4202). */
  app.post(`${TEST_PATH_PREFIX}/packages/expire`, async (request, reply) => {
    const { taskId } = parseQuery(taskQuerySchema, request.query);
    if (!tasks.byId(taskId)) return reply.code(404).send({ message: TASK_NOT_FOUND });
    const expiresAt = new Date(Date.now() - 1000);
    tasks.expireAt(taskId, expiresAt);
    return { taskId: String(taskId), expiresAt: expiresAt.toISOString() };
  });
}
