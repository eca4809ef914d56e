// @vitest-environment node
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import type * as DicomParser from 'dicom-parser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DicomArchive } from '../../server/dicom/archive';
import { dicomCacheRoot } from '../../server/dicom/cache';
import { catalogue } from '../../server/dicom/catalogue';
import { demoArchiveStudies } from '../../server/dicom/studies';
import { TRANSFER_SYNTAX_UID } from '../../server/dicom/write/index';
import type { SyntaxName } from '../../server/dicom/write/index';
import { ANONYMOUS_NAME, deidentified, desensitizeDicom } from '../../server/packaging/desensitize';
import { packageTaskRepository } from '../../server/repositories/packageTasks';
import { packagesDirOf } from '../../server/routes/filmDown';
import { DOWNLOAD_TOKEN_HEADER, downloadRecordSchema, packageTaskSchema } from '../../src/shared/api/downloadSchemas';
import { LINK_GRANT } from '../../server/signedUrls';
import { PUBLIC_ORIGIN, startSandbox, STUDY_LIST, tempDir } from './helpers';
import { allRecords, dicomParser, readDicomdir, utf8 } from './dicomdirReader';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';

// app.ts does not hand the sandbox's env to the download routes yet: they read process.env too.
vi.stubEnv('CF_PACKAGE_MIN_MS', '0');
const ENV = { CF_PACKAGE_MIN_MS: '0', SANDBOX_TEST_MODE: '1' };
const BASE = '/api/v2/FilmDown';
const XSRF = 'test-pair';
const PATIENT1 = { name: '张伟', id: 'MZ0010023456', birthDate: '19810415', hospital: '' };
const studies = demoArchiveStudies();

// The series are generated once per machine into the shared cache (see wado.test.ts).
beforeAll(async () => {
  await new DicomArchive({ cacheRoot: dicomCacheRoot({}), studies: { byUid: () => undefined, all: () => studies }, faults: false }).warmUp();
}, 300_000);

/** The API as the app calls it (JSON bodies); answers the parsed envelope. */
function client(app: FastifyInstance, headers: Record<string, string> = {}) {
  return {
    async get(url: string) {
      return (await app.inject({ url, headers })).json();
    },
    async post(url: string, body?: Record<string, unknown>) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'x-xsrf-token': XSRF },
        cookies: { 'XSRF-TOKEN': XSRF },
        ...(body === undefined ? {} : { payload: body }),
      });
      return response.json();
    },
  };
}

type Client = ReturnType<typeof client>;

async function signedIn(app: FastifyInstance, login = 'patient1'): Promise<Client> {
  return client(app, await signedInHeaders(app, login));
}

async function studyIdOf(api: Client, date: string): Promise<number> {
  const body = await api.get(`${STUDY_LIST}?pageLength=100`);
  const row = (body.result.rows as { collectFilmId: number; studyDate: string }[]).find((r) => r.studyDate === date);
  if (!row) throw new Error(`no study on ${date}`);
  return Number(row.collectFilmId);
}

/** Asks for the task until it is ready (or failed). */
async function untilDone(api: Client, taskId: string) {
  for (let i = 0; i < 600; i++) {
    const body = await api.get(`${BASE}/QueryPackageTask?taskId=${taskId}`);
    expect(body.statusCode).toBe(200);
    if (body.result.state === 'ready' || body.result.state === 'failed') return packageTaskSchema.parse(body.result);
    await sleep(50);
  }
  throw new Error(`task ${taskId} never finished`);
}

async function download(app: FastifyInstance, fileUrl: string) {
  // Nobody signed in: the URL's signature is the credential.
  return app.inject({ url: fileUrl });
}

/** Who downloads with a received link: the link's token, in its header (never in a URL). */
function byLink(app: FastifyInstance, token: string) {
  return app.inject({ url: `${BASE}/QueryPackageTask`, headers: { [DOWNLOAD_TOKEN_HEADER]: token } });
}

/** The token in a download link's fragment. */
function tokenOfLink(link: string): string {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

function unzip(bytes: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(bytes));
}

function includes(haystack: Uint8Array, text: string): boolean {
  return Buffer.from(haystack).includes(Buffer.from(text, 'utf8'));
}

function pixelBytes(dataSet: DicomParser.DataSet): Uint8Array {
  const element = dataSet.elements.x7fe00010!;
  return dataSet.byteArray.subarray(element.dataOffset, element.dataOffset + element.length);
}

const sandbox = sharedSandbox(ENV);

describe('packaged downloads', () => {
  let app: FastifyInstance;
  let api: Client;
  let drStudy: number;
  let usStudy: number;

  beforeAll(async () => {
    app = sandbox.app();
    api = await signedIn(app);
    drStudy = await studyIdOf(api, '2026-10-27');
    usStudy = await studyIdOf(api, '2026-09-15');
    PATIENT1.hospital = app.sandbox.studies.findById(drStudy)!.hospitalName;
  });

  it('has no task for a study nobody packed', async () => {
    expect(await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}`)).toMatchObject({ statusCode: 200, result: null });
  });

  it('packs a DICOM package with a DICOMDIR that references every file, and serves it by a signed URL', async () => {
    const added = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: false });
    expect(added.statusCode).toBe(200);
    const queued = packageTaskSchema.parse(added.result);
    expect(queued).toMatchObject({ collectFilmId: String(drStudy), format: 'dicom', desensitize: false, modality: 'DR', studyDate: '2026-10-27', fileUrl: null });
    expect(['queued', 'packing']).toContain(queued.state);

    const task = await untilDone(api, queued.taskId);
    expect(task).toMatchObject({ state: 'ready', progress: 100, fileName: '2026-10-27_DR_胸部正位片_DICOM.zip', failure: null });
    expect(task.fileUrl).toMatch(/^\/api\/v2\/FilmDown\/FilmDownFile\?taskId=[0-9]+&via=app&exp=[0-9]+&grant=p[0-9]+&sig=[\w-]+$/);
    expect(Date.parse(task.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(existsSync(join(packagesDirOf(app), `${task.taskId}.zip`))).toBe(true);

    const response = await download(app, task.fileUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cloudfilm_2026-10-27_DR_DICOM.zip"; filename*=UTF-8''${encodeURIComponent('2026-10-27_DR_胸部正位片_DICOM.zip')}`,
    );
    expect(Number(response.headers['content-length'])).toBe(task.sizeBytes);

    const files = unzip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['DICOM/S0000001/I0000001', 'DICOMDIR', 'README.txt']);
    const readme = new TextDecoder().decode(files['README.txt']);
    expect(readme).toContain('DICOMDIR');
    expect(readme).toContain('RadiAnt');
    expect(readme).toContain('胸部正位片');

    const { roots } = readDicomdir(files.DICOMDIR!);
    expect(utf8(roots[0]!.dataSet, 'x00100010')).toBe(PATIENT1.name);
    expect(roots[0]!.dataSet.string('x00100020')).toBe(PATIENT1.id);
    const images = allRecords(roots).filter((r) => r.type === 'IMAGE');
    expect(images).toHaveLength(1);
    for (const image of images) {
      const path = image.dataSet.string('x00041500')!.split('\\').join('/');
      const file = files[path];
      expect(file, path).toBeDefined();
      const dataSet = dicomParser.parseDicom(file!);
      expect(dataSet.string('x00080018')).toBe(image.dataSet.string('x00041511'));
      expect(dataSet.string('x00080016')).toBe(image.dataSet.string('x00041510'));
      expect(dataSet.string('x00020010')).toBe(image.dataSet.string('x00041512'));
      expect(utf8(dataSet, 'x00100010')).toBe(PATIENT1.name);
    }
  });

  it('answers the same task to the same request (a double tap, a reload)', async () => {
    const first = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: false });
    const again = await api.post(`${BASE}/AddPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=false`);
    expect(again.result.taskId).toBe(first.result.taskId);
    const existing = await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=false`);
    expect(existing.result.taskId).toBe(first.result.taskId);
    expect((await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=true`)).result).toBeNull();
  });

  it('desensitizes: no name, ID, birth date, hospital or accession number in any file; the same pixels; the DICOMDIR uses the pseudonym', async () => {
    const plain = await untilDone(api, (await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: false })).result.taskId);
    const added = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: true });
    const task = await untilDone(api, added.result.taskId);
    expect(task).toMatchObject({ state: 'ready', desensitize: true, fileName: '2026-10-27_DR_胸部正位片_DICOM_脱敏.zip' });
    const files = unzip((await download(app, task.fileUrl!)).rawPayload);
    const original = unzip((await download(app, plain.fileUrl!)).rawPayload)['DICOM/S0000001/I0000001']!;
    const accession = dicomParser.parseDicom(original).string('x00080050')!;
    expect(accession).toMatch(/^DR2026/);
    for (const [name, bytes] of Object.entries(files)) {
      for (const value of [PATIENT1.name, PATIENT1.id, PATIENT1.birthDate, PATIENT1.hospital, accession]) {
        expect(includes(bytes, value), `${name} holds ${value}`).toBe(false);
      }
    }
    const dataSet = dicomParser.parseDicom(files['DICOM/S0000001/I0000001']!);
    const originalSet = dicomParser.parseDicom(original);
    expect(dataSet.string('x00100010')).toBe(ANONYMOUS_NAME);
    const pseudonym = dataSet.string('x00100020')!;
    expect(pseudonym).toMatch(/^ANON[0-9A-F]{12}$/);
    expect(dataSet.string('x00120062')).toBe('YES');
    expect(dataSet.string('x00120063')).toContain('REMOVED');
    expect(dataSet.string('x00100030') ?? '').toBe('');
    expect(dataSet.string('x00080080') ?? '').toBe('');
    expect(dataSet.string('x00080018')).toBe(originalSet.string('x00080018'));
    expect(dataSet.string('x0020000d')).toBe(originalSet.string('x0020000d'));
    expect(Buffer.from(pixelBytes(dataSet)).equals(Buffer.from(pixelBytes(originalSet)))).toBe(true);

    const { roots } = readDicomdir(files.DICOMDIR!);
    expect(roots[0]!.dataSet.string('x00100010')).toBe(ANONYMOUS_NAME);
    expect(roots[0]!.dataSet.string('x00100020')).toBe(pseudonym);
    expect(roots[0]!.children[0]!.dataSet.string('x00200010')).toBe(dataSet.string('x00200010'));
    expect(new TextDecoder().decode(files['README.txt'])).toContain('脱敏会去除姓名、ID、出生日期、医院和检查号；影像本身不变。');

    // The same patient keeps the same pseudonym in every package.
    const us = await untilDone(api, (await api.post(`${BASE}/AddPackageTask`, { collectFilmId: usStudy, format: 'dicom', desensitize: true })).result.taskId);
    const usFiles = unzip((await download(app, us.fileUrl!)).rawPayload);
    expect(dicomParser.parseDicom(usFiles['DICOM/S0000001/I0000001']!).string('x00100020')).toBe(pseudonym);
  });

  it('packs JPEG renderings, one per frame of a cine, with a README', async () => {
    const added = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: usStudy, format: 'jpeg', desensitize: false });
    const task = await untilDone(api, added.result.taskId);
    expect(task).toMatchObject({ state: 'ready', format: 'jpeg', fileName: '2026-09-15_US_肝胆胰脾彩超_JPEG.zip' });
    const files = unzip((await download(app, task.fileUrl!)).rawPayload);
    const jpegs = Object.keys(files).filter((name) => name.endsWith('.jpg'));
    expect(jpegs).toHaveLength(20);
    expect(jpegs[0]).toMatch(/^JPEG\/1-[A-Za-z0-9._-]+\/0001-001\.jpg$/);
    for (const name of jpegs) expect([files[name]![0], files[name]![1]]).toEqual([0xff, 0xd8]);
    expect(new TextDecoder().decode(files['README.txt'])).toContain('JPEG');
  });

  it('lists the downloads, newest first, with their file while it lasts', async () => {
    const task = await untilDone(api, (await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${usStudy}&format=jpeg`)).result.taskId);
    // A file URL says how it was handed out, and cannot be altered to say otherwise.
    expect((await app.inject({ url: task.fileUrl!.replace('via=app', 'via=email') })).statusCode).toBe(403);
    const row = packageTaskRepository(app.sandbox.db).byId(Number(task.taskId))!;
    const viaEmail = app.sandbox.signer.sign(`${BASE}/FilmDownFile?taskId=${task.taskId}&via=email`, `package:${row.id}:${row.downloadToken}`, LINK_GRANT);
    expect((await app.inject({ url: viaEmail })).statusCode).toBe(200);
    const body = await api.get(`${BASE}/FilmDownRecord?pageIndex=1&pageLength=3`);
    expect(body.statusCode).toBe(200);
    expect(body.result.totals).toBeGreaterThanOrEqual(5);
    const rows = body.result.rows.map((row: unknown) => downloadRecordSchema.parse(row));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ taskId: task.taskId, collectFilmId: String(usStudy), format: 'jpeg', via: 'email', modality: 'US', fileUrl: expect.stringMatching(/&via=app&/) });
    expect((await download(app, rows[0].fileUrl)).statusCode).toBe(200);
    expect(rows[1]).toMatchObject({ taskId: task.taskId, via: 'app' });
    // Another patient has none.
    const other = await signedIn(app, 'patient2');
    expect((await other.get(`${BASE}/FilmDownRecord`)).result).toEqual({ rows: [], totals: 0 });
  });

  it('gives the link to pass on, and e-mails it', async () => {
    const task = (await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=false`)).result;
    const link = await api.get(`${BASE}/CopyDownUrl?taskId=${task.taskId}`);
    // The token rides in the fragment, which no server or proxy ever sees.
    expect(link.result).toEqual({ url: expect.stringMatching(new RegExp(`^${PUBLIC_ORIGIN}/downloadLink#token=[\\w-]+$`)), expiresAt: task.expiresAt });
    const token = tokenOfLink(link.result.url);
    expect(token).toBe(packageTaskRepository(app.sandbox.db).byId(Number(task.taskId))!.downloadToken);

    expect(await api.post(`${BASE}/SendEmail`, { taskId: task.taskId, email: 'not an address' })).toMatchObject({ statusCode: 4203, message: '邮箱格式不正确：缺少@' });
    expect(await api.post(`${BASE}/UpdateEmail`, { email: 'a..b@example.com' })).toMatchObject({ statusCode: 4203 });
    expect(await api.post(`${BASE}/UpdateEmail`, { email: 'zhangwei@example.com' })).toMatchObject({ statusCode: 200, result: { email: 'zhangwei@example.com' } });

    const sent = await api.post(`${BASE}/SendEmail`, { taskId: task.taskId, email: 'doctor_li@example.com' });
    expect(sent).toMatchObject({ statusCode: 200, result: { email: 'doctor_li@example.com' } });
    const outbox = (await app.inject({ url: '/sandbox/test/outbox?to=doctor_li@example.com' })).json();
    expect(outbox.messages).toHaveLength(1);
    const [message] = outbox.messages;
    expect(message).toMatchObject({ to: 'doctor_li@example.com', link: `${PUBLIC_ORIGIN}/downloadFilm#token=${token}`, sentAt: sent.result.sentAt });
    expect(message.subject).toContain('胸部正位片');
    expect(message.body).toContain('链接有效期至');
    expect(message.body).toContain(message.link);
    // Someone with the link reads the task by its token (no sign-in) and downloads it by the URL it gets.
    const byToken = (await byLink(app, token)).json();
    expect(byToken).toMatchObject({ statusCode: 200, result: { taskId: task.taskId, state: 'ready', fileUrl: expect.stringMatching(/&via=link&.*grant=link/) } });
    expect((await download(app, byToken.result.fileUrl)).statusCode).toBe(200);
    // The token in a URL opens nothing.
    expect((await app.inject({ url: `${BASE}/QueryPackageTask?token=${token}` })).json()).toMatchObject({ statusCode: 400 });
  });

  it('packs again when the choice changes; the old link stops working', async () => {
    const task = await untilDone(api, (await api.post(`${BASE}/AddPackageTask`, { collectFilmId: usStudy, format: 'jpeg', desensitize: false })).result.taskId);
    const oldUrl = task.fileUrl!;
    const changed = await api.post(`${BASE}/UpdateDesensitize`, { taskId: task.taskId, desensitize: true });
    expect(changed.result).toMatchObject({ taskId: task.taskId, desensitize: true, progress: 0, fileUrl: null });
    expect(['queued', 'packing']).toContain(changed.result.state);
    expect((await download(app, oldUrl)).statusCode).toBe(403);
    const repacked = await untilDone(api, task.taskId);
    expect(repacked).toMatchObject({ state: 'ready', desensitize: true });
    expect(repacked.fileUrl).not.toBe(oldUrl);
    // Asking for the DR plain package's choice, which exists, answers that task.
    const plain = (await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=false`)).result;
    const desensitized = (await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=true`)).result;
    expect((await api.post(`${BASE}/UpdateDesensitize`, { taskId: plain.taskId, desensitize: true })).result.taskId).toBe(desensitized.taskId);
  });

  it('answers 410 and 4202 once the package expired', async () => {
    const task = await untilDone(api, (await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'jpeg', desensitize: false })).result.taskId);
    const token = packageTaskRepository(app.sandbox.db).byId(Number(task.taskId))!.downloadToken;
    const expired = await app.inject({ method: 'POST', url: `/sandbox/test/packages/expire?taskId=${task.taskId}` });
    expect(expired.statusCode).toBe(200);
    const file = await download(app, task.fileUrl!);
    expect(file.statusCode).toBe(410);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(await api.get(`${BASE}/QueryPackageTask?taskId=${task.taskId}`)).toMatchObject({ statusCode: 4202 });
    expect((await byLink(app, token)).json()).toMatchObject({ statusCode: 4202 });
    expect(await api.get(`${BASE}/CopyDownUrl?taskId=${task.taskId}`)).toMatchObject({ statusCode: 4202 });
    // It is no longer "the existing task": asking again packs a new one.
    expect((await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=jpeg`)).result).toBeNull();
    const again = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'jpeg', desensitize: false });
    expect(again.result.taskId).not.toBe(task.taskId);
    await untilDone(api, again.result.taskId);
  });

  it('answers 403 for a file URL nobody signed, 4201 for an unknown link and 409 while packing', async () => {
    const unsigned = await download(app, `${BASE}/FilmDownFile?taskId=1&via=app`);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.headers['content-type']).toMatch(/^text\/plain/);
    expect((await download(app, `${BASE}/FilmDownFile`)).statusCode).toBe(403);
    expect((await byLink(app, 'nobody-gave-this-out')).json()).toMatchObject({ statusCode: 4201 });
    const tasks = packageTaskRepository(app.sandbox.db);
    const waiting = tasks.create({ patientId: app.sandbox.studies.findById(drStudy)!.patientId, studyId: drStudy, format: 'dicom', desensitize: true });
    const waitingUrl = app.sandbox.signer.sign(`${BASE}/FilmDownFile?taskId=${waiting.id}&via=link`, `package:${waiting.id}:${waiting.downloadToken}`, LINK_GRANT);
    expect((await download(app, waitingUrl)).statusCode).toBe(409);
    expect(await api.get(`${BASE}/CopyDownUrl?taskId=${waiting.id}`)).toMatchObject({ statusCode: 4201 });
    expect(await api.post(`${BASE}/SendEmail`, { taskId: waiting.id, email: 'doctor_li@example.com' })).toMatchObject({ statusCode: 4201 });
  });

  it("keeps another patient's study and tasks out of reach", async () => {
    const other = await signedIn(app, 'patient2');
    expect(await other.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: false })).toMatchObject({ statusCode: 404 });
    expect(await other.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}`)).toMatchObject({ statusCode: 404 });
    const mine = (await api.get(`${BASE}/ExeitPackageTask?collectFilmId=${drStudy}&format=dicom&desensitize=false`)).result;
    expect(await other.get(`${BASE}/QueryPackageTask?taskId=${mine.taskId}`)).toMatchObject({ statusCode: 4201 });
    expect(await other.get(`${BASE}/CopyDownUrl?taskId=${mine.taskId}`)).toMatchObject({ statusCode: 4201 });
    expect(await other.post(`${BASE}/UpdateDesensitize`, { taskId: mine.taskId, desensitize: true })).toMatchObject({ statusCode: 4201 });
    // Without any credential, a task id is the sign-in's business.
    expect((await app.inject({ url: `${BASE}/QueryPackageTask?taskId=${mine.taskId}` })).statusCode).toBe(401);
    expect((await app.inject({ url: `${BASE}/FilmDownRecord` })).statusCode).toBe(401);
  });

  it("lets a collect pass download the pass's studies, not a share's pass", async () => {
    const owner = app.sandbox.studies.findById(drStudy)!.patientId;
    const collect = app.sandbox.passes.issue({ scope: 'collect', patientId: owner, studyIds: [drStudy], ttlSeconds: 600 });
    const visitor = client(app, { 'x-study-pass': collect.token });
    const added = await visitor.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: false });
    expect(added).toMatchObject({ statusCode: 200 });
    expect((await visitor.get(`${BASE}/QueryPackageTask?taskId=${added.result.taskId}`)).statusCode).toBe(200);

    const now = new Date();
    const { lastInsertRowid } = app.sandbox.db
      .prepare('INSERT INTO shares (code, access_code, patient_id, study_id, days, expires_at, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)')
      .run('test-share', '1234', owner, drStudy, new Date(now.getTime() + 86_400_000).toISOString(), now.toISOString());
    const share = app.sandbox.passes.issue({ scope: 'share', patientId: owner, studyIds: [drStudy], shareId: Number(lastInsertRowid), ttlSeconds: 600 });
    const viewer = client(app, { 'x-study-pass': share.token });
    expect(await viewer.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom', desensitize: false })).toMatchObject({ statusCode: 4204, message: '无权下载该检查' });
    expect(await viewer.get(`${BASE}/QueryPackageTask?taskId=${added.result.taskId}`)).toMatchObject({ statusCode: 4204 });
  });

  it('refuses a bad request with a 400 answer', async () => {
    expect(await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'png', desensitize: false })).toMatchObject({ statusCode: 400 });
    expect(await api.post(`${BASE}/AddPackageTask`, { collectFilmId: drStudy, format: 'dicom' })).toMatchObject({ statusCode: 400 });
  });
});

describe('the packaging job', () => {
  it('spreads its progress over the minimum time, persisting each step', async () => {
    vi.stubEnv('CF_PACKAGE_MIN_MS', '1200');
    try {
      const app = await startSandbox({ env: { ...ENV, CF_PACKAGE_MIN_MS: '1200' } });
      const api = await signedIn(app);
      const studyId = await studyIdOf(api, '2026-10-27');
      const started = Date.now();
      const added = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: studyId, format: 'dicom', desensitize: false });
      const seen = new Set<number>();
      let task = added.result;
      while (task.state !== 'ready' && task.state !== 'failed') {
        await sleep(100);
        task = (await api.get(`${BASE}/QueryPackageTask?taskId=${added.result.taskId}`)).result;
        seen.add(task.progress);
      }
      expect(task.state).toBe('ready');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
      expect([...seen].filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(3);
    } finally {
      vi.stubEnv('CF_PACKAGE_MIN_MS', '0');
    }
  });

  it('abandons a job under way when the choice changes, and packs the new choice', async () => {
    vi.stubEnv('CF_PACKAGE_MIN_MS', '1500');
    try {
      const app = await startSandbox({ env: { ...ENV, CF_PACKAGE_MIN_MS: '1500' } });
      const api = await signedIn(app);
      const studyId = await studyIdOf(api, '2026-10-27');
      const added = await api.post(`${BASE}/AddPackageTask`, { collectFilmId: studyId, format: 'dicom', desensitize: false });
      let task = added.result;
      while (!(task.state === 'packing' && task.progress > 0)) {
        await sleep(50);
        task = (await api.get(`${BASE}/QueryPackageTask?taskId=${added.result.taskId}`)).result;
      }
      const changed = await api.post(`${BASE}/UpdateDesensitize`, { taskId: task.taskId, desensitize: true });
      expect(changed.result).toMatchObject({ taskId: task.taskId, state: 'queued', progress: 0, desensitize: true });
      const done = await untilDone(api, task.taskId);
      expect(done).toMatchObject({ state: 'ready', desensitize: true });
      const files = unzip((await download(app, done.fileUrl!)).rawPayload);
      expect(dicomParser.parseDicom(files['DICOM/S0000001/I0000001']!).string('x00100010')).toBe(ANONYMOUS_NAME);
      expect(readdirSync(packagesDirOf(app)).filter((name) => name.endsWith('.part'))).toEqual([]);
    } finally {
      vi.stubEnv('CF_PACKAGE_MIN_MS', '0');
    }
  });

  it('does not count a HEAD request as a download', async () => {
    const app = await startSandbox({ env: ENV });
    const api = await signedIn(app);
    const studyId = await studyIdOf(api, '2026-10-27');
    const task = await untilDone(api, (await api.post(`${BASE}/AddPackageTask`, { collectFilmId: studyId, format: 'jpeg', desensitize: false })).result.taskId);
    expect((await app.inject({ method: 'HEAD', url: task.fileUrl! })).statusCode).toBe(200);
    expect((await api.get(`${BASE}/FilmDownRecord`)).result.totals).toBe(0);
  });

  it('packs the tasks a stopped sandbox left unfinished when it starts again', async () => {
    const dataDir = tempDir('film-down-restart');
    const first = await startSandbox({ dataDir, env: ENV });
    const api = await signedIn(first);
    const studyId = await studyIdOf(api, '2026-10-27');
    const patientId = first.sandbox.studies.findById(studyId)!.patientId;
    const tasks = packageTaskRepository(first.sandbox.db);
    const left = tasks.create({ patientId, studyId, format: 'jpeg', desensitize: false });
    tasks.markPacking(left.id);
    tasks.setProgress(left.id, 40);

    // Another sandbox on the same data, as after a restart (the first one's runner never saw the task).
    const second = await startSandbox({ dataDir, env: ENV });
    const again = await signedIn(second);
    const task = await untilDone(again, String(left.id));
    expect(task.state).toBe('ready');
    expect((await second.inject({ url: task.fileUrl! })).statusCode).toBe(200);
  });

  it('has no test-mode endpoints without test mode', async () => {
    const app = await startSandbox({ env: { CF_PACKAGE_MIN_MS: '0' } });
    expect((await app.inject({ url: '/sandbox/test/outbox?to=a@example.com' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/sandbox/test/packages/expire?taskId=1' })).statusCode).toBe(404);
  });
});

describe('desensitizing a file', () => {
  const archive = new DicomArchive({ cacheRoot: dicomCacheRoot({}), studies: { byUid: (uid) => studies.find((s) => s.studyUId === uid), all: () => studies }, faults: false });

  it('works in every transfer syntax the archive uses, keeping UIDs and pixel data', async () => {
    const seen = new Set<SyntaxName>();
    for (const study of studies) {
      for (const series of catalogue(study, { faults: false })) {
        if (seen.has(series.template.syntax)) continue;
        seen.add(series.template.syntax);
        const located = archive.locate(study.studyUId, series.seriesUid, series.instances[0]!.sopUid)!;
        const original = await archive.dicom(located);
        const values = deidentified('ANONTEST00001', study.studyUId);
        const file = desensitizeDicom(original, values);
        // dicom-parser inflates a deflated data set only from a Buffer.
        const before = dicomParser.parseDicom(Buffer.from(original));
        const after = dicomParser.parseDicom(Buffer.from(file));
        const label = series.template.syntax;
        expect(after.string('x00020010'), label).toBe(TRANSFER_SYNTAX_UID[series.template.syntax]);
        expect(after.string('x00100010'), label).toBe(ANONYMOUS_NAME);
        expect(after.string('x00100020'), label).toBe('ANONTEST00001');
        expect(after.string('x00200010'), label).toBe(values.studyId);
        expect(after.string('x00120062'), label).toBe('YES');
        for (const tag of ['x00100030', 'x00080050', 'x00080080']) expect(after.string(tag) ?? '', `${label} ${tag}`).toBe('');
        for (const tag of ['x00080018', 'x0020000d', 'x0020000e', 'x00080016', 'x00100040', 'x00080020']) expect(after.string(tag), `${label} ${tag}`).toBe(before.string(tag));
        expect(Buffer.from(pixelBytes(after)).equals(Buffer.from(pixelBytes(before))), label).toBe(true);
        const text = Buffer.from(after.byteArray);
        for (const value of [study.patientName, study.patientId, study.accessionNumber, study.institutionName, study.patientBirthDate.replaceAll('-', '')]) {
          expect(text.includes(Buffer.from(value, 'utf8')), `${label}: ${value}`).toBe(false);
        }
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(TRANSFER_SYNTAX_UID).sort());
  }, 120_000);
});
