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
import { downloadEmail, downloadLinkOf, emailLinkOf, linkInBody } from '../packaging/email';
import { PackageRunner, packageMinMs } from '../packaging/runner';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam } from '../query';
import { emailOutboxRepository } from '../repositories/emailOutbox';
import { isExpired, packageTaskRepository } from '../repositories/packageTasks';
import type { DownloadVia, PackageTaskRow } from '../repositories/packageTasks';
import type { StudyRecord } from '../repositories/studies';
import { passOfGrant, readableStudy } from '../studyAccess';
import { LINK_GRANT, parseGrant, patientGrant } from '../signedUrls';
import type { Grant } from '../signedUrls';
import type { ReadableStudy } from '../studyAccess';
import { TEST_PATH_PREFIX } from '../testMode';
import { DOWNLOAD_CODES, DOWNLOAD_TOKEN_HEADER, DOWNLOAD_VIA, PACKAGE_FORMATS } from '../../src/shared/api/downloadSchemas';
import type { DownloadLink, DownloadRecord, EmailSent, PackageTask } from '../../src/shared/api/downloadSchemas';
import { requireValidEmail } from '../emailRule';

/**
 * Packaged downloads (issue 13), v2/FilmDown: a ZIP of one study, DICOM with a DICOMDIR or JPEG,
 * desensitized or not, built by a job the app follows (packaging/runner.ts), fetched by an
 * unguessable token, shared as a link or by e-mail (into the sandbox's outbox) with the token in the
 * link's fragment; the file itself by a URL signed for minutes. Each call says who
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
const desensitizeSchema = z.object({ taskId: recordIdParam('taskId'), desensitize: flag('desensitize') });
const emailSchema = z.object({ email: z.string({ error: 'email must be text' }) });
const sendEmailSchema = z.object({ taskId: recordIdParam('taskId'), email: z.string({ error: 'email must be text' }) });
const fileQuerySchema = z.object({ taskId: recordIdParam('taskId'), via: z.enum(DOWNLOAD_VIA) });

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

/** The study, if the request may download it (not with a share's or the demo study's pass), whose request it is, and under which grant. */
async function downloadableStudy(request: FastifyRequest, studyId: number): Promise<{ study: StudyRecord; requester: number; grant: Grant }> {
  const access = refuseReadOnlyPass(await readableStudy(request, studyId));
  return { study: access.study, requester: await requesterOf(request, access), grant: access.grant };
}

/**
 * What a package file's signed URL is signed for: that task's file as packed now. The download
 * token is part of it (it stays out of the URL: the scope is only in the signature), so packing
 * again, which gives a new token, ends every URL of the old file.
 */
function packageScope(task: { id: number; downloadToken: string }): string {
  return `package:${task.id}:${task.downloadToken}`;
}

/** `filename` for old clients (ASCII), `filename*` for the real name (RFC 6266, RFC 8187). */
function contentDisposition(name: string, ascii: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
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
  const { db, studies, patients, passes, publicOrigin, signer } = app.sandbox;
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

  /** The file's URL, signed for minutes under the grant the caller holds (server/signedUrls.ts): no token in it. */
  function fileUrlOf(task: { id: number; downloadToken: string }, via: DownloadVia, grant: Grant): string {
    return signer.sign(`/api/v2/FilmDown/FilmDownFile?taskId=${task.id}&via=${via}`, packageScope(task), grant);
  }

  /** Whether the grant a file URL was signed under still downloads the task: its owner, their collect pass, or the link's holder. */
  function grantDownloads(grant: string, task: PackageTaskRow): boolean {
    const named = parseGrant(grant);
    if (!named) return false;
    if ('link' in named) return true;
    if ('patientId' in named) return named.patientId === task.patientId;
    const pass = passOfGrant(db, passes, grant);
    return pass !== undefined && pass.scope === 'collect' && pass.patientId === task.patientId && pass.studyIds.has(task.studyId);
  }

  function answer(task: PackageTaskRow, grant: Grant, via: DownloadVia = 'app'): PackageTask {
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
      fileUrl: downloadable ? fileUrlOf(task, via, grant) : null,
    } satisfies PackageTask;
  }

  /** The task, when the request acts for its owner and may download the study, and the grant it holds; anyone else's is unknown. */
  async function ownTask(request: FastifyRequest, taskId: number): Promise<{ task: PackageTaskRow; grant: Grant }> {
    // No credential at all is the sign-in's business (401), as on any signed-in call.
    if (!request.headers.authorization && !carriesStudyPass(request)) await currentPatient(request);
    const task = tasks.byId(taskId);
    if (!task) throw taskNotFound();
    let requester: number;
    let grant: Grant;
    try {
      ({ requester, grant } = await downloadableStudy(request, task.studyId));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw taskNotFound();
      throw error;
    }
    if (requester !== task.patientId) throw taskNotFound();
    return { task, grant };
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
    const { study, requester, grant } = await downloadableStudy(request, query.collectFilmId);
    const task = tasks.newest(requester, study.id, { format: query.format, desensitize: query.desensitize });
    return ok(task ? answer(task, grant) : null);
  });

  /** POST { collectFilmId, format, desensitize }: a new task, or the one of the same kind already queued, packing or ready. */
  app.post('/v2/FilmDown/AddPackageTask', async (request) => {
    const fields = parseQuery(addSchema, commandInput(request));
    const { study, requester, grant } = await downloadableStudy(request, fields.collectFilmId);
    const live = tasks.live(requester, study.id, fields.format, fields.desensitize);
    if (live) return ok(answer(live, grant));
    const task = tasks.create({ patientId: requester, studyId: study.id, format: fields.format, desensitize: fields.desensitize });
    runner.enqueue(task.id);
    return ok(answer(task, grant));
  });

  /**
   * GET ?taskId= (the owner), or the link's token in the X-Download-Token header (anyone with the
   * link; never in the URL): the task. 4201 unknown, 4202 expired.
   */
  app.get('/v2/FilmDown/QueryPackageTask', async (request) => {
    const header = request.headers[DOWNLOAD_TOKEN_HEADER.toLowerCase()];
    const token = typeof header === 'string' ? header.trim() : '';
    const found = token ? { task: tasks.byToken(token), grant: LINK_GRANT } : await ownTask(request, parseQuery(taskQuerySchema, request.query).taskId);
    const { task, grant } = found;
    if (!task) throw taskNotFound();
    if (task.state === 'ready' && isExpired(task)) throw new ApiError(DOWNLOAD_CODES.linkExpired, LINK_EXPIRED);
    return ok(answer(task, grant, token ? 'link' : 'app'));
  });

  /** POST { taskId, desensitize }: packs again with the new choice (a job under way is abandoned), or answers the task of that choice that exists. */
  app.post('/v2/FilmDown/UpdateDesensitize', async (request) => {
    const fields = parseQuery(desensitizeSchema, commandInput(request));
    const { task, grant } = await ownTask(request, fields.taskId);
    const match = tasks.live(task.patientId, task.studyId, task.format, fields.desensitize);
    if (match) return ok(answer(match, grant));
    const requeued = tasks.requeue(task.id, fields.desensitize)!;
    runner.enqueue(task.id);
    await runner.removeFile(task.id);
    return ok(answer(requeued, grant));
  });

  /** GET ?taskId=: the link to pass on (the app's downloadLink page) and until when it works. */
  app.get('/v2/FilmDown/CopyDownUrl', async (request) => {
    const { taskId } = parseQuery(taskQuerySchema, request.query);
    const task = downloadable((await ownTask(request, taskId)).task);
    return ok({ url: downloadLinkOf(publicOrigin, '/downloadLink', task.downloadToken), expiresAt: task.expiresAt! } satisfies DownloadLink);
  });

  /**
   * GET ?taskId=&via=app|link|email, by the URL a task's answer signed for minutes: the ZIP
   * itself, not an envelope. 403 for an unsigned, altered or expired URL, or one whose grant no
   * longer downloads it; 409 while packing, 410 once expired. Each download is recorded for the
   * task's owner.
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
      const task = query.success ? tasks.byId(query.data.taskId) : undefined;
      const check = task && signer.verify(request.url, packageScope(task));
      if (!query.success || !task || !check || !grantDownloads(check.grant, task)) return plain(reply, 403, '下载链接无效或已过期');
      if (isExpired(task)) return plain(reply, 410, '下载链接已过期，请重新打包');
      if (task.state !== 'ready') return plain(reply, 409, '文件尚未打包完成，请稍后再试');
      const path = runner.filePath(task.id);
      const size = await stat(path).then((s) => s.size, () => undefined);
      if (size === undefined) return plain(reply, 410, '文件已不存在，请重新打包');
      // A HEAD (a download manager looking first) is not a download.
      if (request.method !== 'HEAD') tasks.recordDownload(task.id, task.patientId, query.data.via);
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
            fileUrl: row.state === 'ready' && !isExpired(row) ? fileUrlOf({ id: row.taskId, downloadToken: row.downloadToken }, 'app', patientGrant(patient.id)) : null,
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
    const task = downloadable((await ownTask(request, fields.taskId)).task);
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
