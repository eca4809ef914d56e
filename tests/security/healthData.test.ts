// @vitest-environment node
/**
 * Every route outside the JSON API, classified, and every byte of health data behind a credential
 * for its study (issue 22): anonymous reads refused, another patient's token and pass refused,
 * signed URLs that cannot be altered, expire, and die with the share they were signed under; CORS
 * for the app's origin only; test hooks that do not exist outside test mode.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STUDY_PASS_HEADER } from '../../src/shared/api/collectSchemas';
import { PUBLIC_ORIGIN, startSandbox, TEST_MODE } from '../server/helpers';
import { patientApi } from '../server/patientApi';
import type { PatientApi } from '../server/patientApi';
import { sharedSandbox } from '../server/sharedSandbox';
import { signedInHeaders } from '../server/signIn';
import { auditorHeaders } from '../server/auditor';
import { ledger } from '../../scripts/security/ledger';
import { registeredRoutes, routeMethods } from './routes';
import { ATTACKER, leakedMarkers, VICTIM, victimOf, XSRF } from './world';
import type { Victim } from './world';

const sandbox = sharedSandbox(TEST_MODE);
const book = ledger('api', 'healthData');
afterAll(() => book.write());

type RouteClass =
  | 'health data: a credential for the study'
  | 'health data: a page signed for its patient'
  | 'the audit trail: auditors only'
  | 'signing in at the audit page'
  | 'test mode only'
  | 'public: no health data';

/** Every route outside /api. A new one must be classified here, or the inventory test fails. */
const ROUTES: Record<string, RouteClass> = {
  '/sandbox/wado': 'health data: a credential for the study',
  '/sandbox/dicom-web/studies/:study/series/:series/instances/:instance': 'health data: a credential for the study',
  '/sandbox/dicom-web/studies/:study/series/:series/instances/:instance/metadata': 'health data: a credential for the study',
  '/sandbox/dicom-web/studies/:study/series/:series/instances/:instance/frames/:frames': 'health data: a credential for the study',
  '/sandbox/films/:studyUid/:file': 'health data: a credential for the study',
  '/sandbox/reports/:file': 'health data: a credential for the study',
  '/sandbox/ai-report/:orderId': 'health data: a page signed for its patient',
  '/sandbox/h5pay/:recordNo': 'health data: a page signed for its patient',
  '/sandbox/audit': 'the audit trail: auditors only',
  '/sandbox/audit/:orderId': 'the audit trail: auditors only',
  '/sandbox/audit/callback': 'signing in at the audit page',
  '/sandbox/audit/sign-out': 'signing in at the audit page',
  '/sandbox/audit/signed-out': 'signing in at the audit page',
  '/sandbox/ai/finish': 'test mode only',
  '/sandbox/reports/sync': 'test mode only',
  '/sandbox/hospital/modules': 'test mode only',
  '/sandbox/wxpay/:prepayId': 'test mode only',
  '/sandbox/oidc/revoke': 'test mode only',
  // The hospital's logo, the pages' styles, the official account's QR code.
  '/sandbox/assets/hospital-logo.svg': 'public: no health data',
  '/sandbox/assets/sandbox-pages.css': 'public: no health data',
  '/sandbox/assets/sandbox-audit.css': 'public: no health data',
  '/sandbox/assets/official-account-qr.svg': 'public: no health data',
  // An avatar the patient chose, by a random token that changes with every upload.
  '/sandbox/avatars/:token': 'public: no health data',
  // The consultation stand-in shows what its own address says (the patient masked): nothing it looks up.
  '/sandbox/consultation': 'public: no health data',
  '/config.json': 'public: no health data',
  // The reverse proxy to a real archive (server/archives/; its attacks: archiveProxy.test.ts).
  '/archives/pacs/*': 'health data: a credential for the study',
  // nginx's auth_request check: a status for the request's own credential, no body.
  '/archives/access': 'public: no health data',
};

function classOf(path: string): RouteClass | undefined {
  return path.startsWith('/sandbox/test/') ? 'test mode only' : ROUTES[path];
}

let victim: Victim;
let api: PatientApi;
/** Health data of the victim's, each at the address the app is given for it. */
let wado: string;
/** The same object by WADO-RS (issue 25). */
let dicomWeb: string;
let thumbnail: string;
let film: string;
let reportSheet: string;
let aiReport: string;
let h5Page: string;

const pathOf = (url: string) => {
  const parsed = new URL(url, PUBLIC_ORIGIN);
  return `${parsed.pathname}${parsed.search}`;
};
const unsigned = (url: string) => {
  const parsed = new URL(url, PUBLIC_ORIGIN);
  for (const name of ['exp', 'grant', 'sig']) parsed.searchParams.delete(name);
  return `${parsed.pathname}${parsed.search}`;
};

function expectHeld(klass: string, name: string, response: LightMyRequestResponse, statuses: readonly number[]): void {
  const leaked = leakedMarkers(victim, response);
  const ok = statuses.includes(response.statusCode) && leaked.length === 0;
  expect(book.record(klass, name, ok), `${klass}: ${name} answered ${response.statusCode}${leaked.length ? `, leaked ${leaked.join(', ')}` : ''}`).toBe(true);
}

async function firstWith<T>(ids: readonly number[], find: (id: number) => Promise<T | null>): Promise<T> {
  for (const id of ids) {
    const found = await find(id);
    if (found) return found;
  }
  throw new Error('nothing found');
}

beforeAll(async () => {
  const app = sandbox.app();
  victim = await victimOf(app);
  api = await patientApi(app, VICTIM);
  const images = (await api.get(`/api/V1.0/Package/GetPatientStudyImageList?studyUId=${victim.studyUid}`)).result;
  const [series] = images.series as Array<{ seriesUid: string; thumbnailUrl: string; instances: Array<{ sopUid: string }> }>;
  wado = `/sandbox/wado?${new URLSearchParams({ requestType: 'WADO', studyUID: victim.studyUid, seriesUID: series!.seriesUid, objectUID: series!.instances[0]!.sopUid, contentType: 'application/dicom' })}`;
  dicomWeb = `/sandbox/dicom-web/studies/${victim.studyUid}/series/${series!.seriesUid}/instances/${series!.instances[0]!.sopUid}`;
  thumbnail = pathOf(series!.thumbnailUrl);
  film = pathOf((await api.get(`/api/V2.0/YJPIndex/ElectImages?CollectId=${victim.studyId}`)).result.films[0].url);
  const studyIds = ((await api.get('/api/V1.0/Package/HospitalStudyList?pageIndex=1&pageLength=100')).result.rows as Array<{ collectFilmId: number }>).map((row) => Number(row.collectFilmId));
  reportSheet = await firstWith(studyIds, async (id) => {
    const pages = (await api.get(`/api/V2.0/YJPIndex/ElectReport?CollectId=${id}`)).result.pages as Array<{ url: string }>;
    return pages[0] ? pathOf(pages[0].url) : null;
  });
  const succeeded = (await api.orders()).filter((order) => order.status === 3);
  aiReport = await firstWith(
    succeeded.map((order) => order.id),
    async (id) => {
      const order = succeeded.find((one) => one.id === id)!;
      const detail = (await api.get(`/api/V1.0/AI/GetSJAiCheckResult?orderId=${order.orderId}`)).result as { resultUrl: string | null };
      return detail.resultUrl ? pathOf(detail.resultUrl) : null;
    },
  );
  h5Page = pathOf((await api.get(`/api/V1.0/AI/GetWxPayParms?payway=2&checkRecordId=${victim.aiOrder.id}`)).result.h5_url);
});

describe('the route inventory', () => {
  it('classifies every route the sandbox answers outside /api', () => {
    const unclassified = registeredRoutes(sandbox.app()).filter((path) => !path.startsWith('/api/') && classOf(path) === undefined);
    expect(unclassified).toEqual([]);
  });

  it('has no test hook outside test mode: each is a 404', async () => {
    const plain = await startSandbox();
    const hooks = [...routeMethods(sandbox.app())].filter(([path]) => classOf(path) === 'test mode only');
    expect(hooks.length).toBeGreaterThan(10);
    for (const [path, methods] of hooks) {
      const url = path.replace(/:(\w+)/g, 'x');
      const asked = methods.filter((method): method is 'GET' | 'POST' => method === 'GET' || method === 'POST');
      const answers = await Promise.all(asked.map((method) => plain.inject({ method, url, headers: { 'x-xsrf-token': XSRF }, cookies: { 'XSRF-TOKEN': XSRF } })));
      const ok = answers.every((answer) => answer.statusCode === 404);
      expect(book.record('test hooks outside test mode', path, ok), `${path} answered ${answers.map((a) => a.statusCode).join('/')}`).toBe(true);
    }
  });
});

describe('health data, asked for by a stranger', () => {
  it.each([
    ['a WADO object', () => wado],
    ['a WADO-RS instance', () => dicomWeb],
    ['a WADO-RS frame', () => `${dicomWeb}/frames/1`],
    ['WADO-RS metadata', () => `${dicomWeb}/metadata`],
    ['a thumbnail, its signature taken off', () => unsigned(thumbnail)],
    ['a film sheet, its signature taken off', () => unsigned(film)],
    ['a printed report, its signature taken off', () => unsigned(reportSheet)],
  ])('%s needs a credential', async (name, url) => {
    expectHeld('no credential', name, await sandbox.app().inject({ url: url() }), [401]);
  });

  it.each([
    ['the AI report page, by its order number alone', () => unsigned(aiReport)],
    ['the H5 pay page, by its payment number alone', () => unsigned(h5Page)],
  ])('%s shows nothing', async (name, url) => {
    expectHeld('no credential', name, await sandbox.app().inject({ url: url() }), [403]);
  });

  it('the audit trail needs an auditor: nobody is 401, a patient 403', async () => {
    const url = `/sandbox/audit?orderId=${victim.aiOrder.orderId}`;
    expectHeld('the audit trail', 'read with no token', await sandbox.app().inject({ url }), [401]);
    expectHeld('the audit trail', 'read as a patient', await sandbox.app().inject({ url, headers: await signedInHeaders(sandbox.app(), ATTACKER) }), [403]);
    expectHeld('the audit trail', 'read as the order\'s own patient', await sandbox.app().inject({ url, headers: await signedInHeaders(sandbox.app(), VICTIM) }), [403]);
    const asAuditor = await sandbox.app().inject({ url, headers: await auditorHeaders(sandbox.app()) });
    expect(asAuditor.statusCode).toBe(200);
  });
});

describe("health data, asked for with another patient's credential", () => {
  it("another patient's token and study pass do not open the victim's WADO object", async () => {
    const app = sandbox.app();
    expectHeld("another patient's token", 'a WADO object', await app.inject({ url: wado, headers: await signedInHeaders(app, ATTACKER) }), [404]);
    expectHeld("another patient's token", 'a WADO-RS instance', await app.inject({ url: dicomWeb, headers: await signedInHeaders(app, ATTACKER) }), [404]);
    const { db, passes } = app.sandbox;
    const attacker = db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?').get(ATTACKER)!.id;
    const own = db.prepare<[number], { id: number }>('SELECT id FROM studies WHERE patient_id = ?').all(attacker).map((row) => row.id);
    const pass = passes.issue({ scope: 'collect', patientId: attacker, studyIds: own, ttlSeconds: 600 }).token;
    expectHeld('a study pass for other studies', 'a WADO object', await app.inject({ url: wado, headers: { [STUDY_PASS_HEADER]: pass } }), [404]);
    expectHeld('a study pass for other studies', 'WADO-RS metadata', await app.inject({ url: `${dicomWeb}/metadata`, headers: { [STUDY_PASS_HEADER]: pass } }), [404]);
  });
});

describe('signed URLs', () => {
  it('open what they were signed for, kept privately no longer than they live', async () => {
    for (const url of [thumbnail, film, reportSheet]) {
      const response = await sandbox.app().inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
  });

  it('cannot be altered: another object, another study, another grant', async () => {
    const app = sandbox.app();
    const other = new URL(thumbnail, PUBLIC_ORIGIN);
    other.searchParams.set('columns', '4096');
    expectHeld('an altered signed URL', 'a thumbnail asked bigger', await app.inject({ url: pathOf(other.href) }), [403]);
    const grant = new URL(thumbnail, PUBLIC_ORIGIN);
    grant.searchParams.set('grant', `p${Number(/^p(\d+)$/.exec(grant.searchParams.get('grant') ?? '')?.[1] ?? 1) + 1}`);
    expectHeld('an altered signed URL', 'a thumbnail under another grant', await app.inject({ url: pathOf(grant.href) }), [403]);
    const [, , , studyUid] = new URL(film, PUBLIC_ORIGIN).pathname.split('/');
    const elsewhere = film.replace(studyUid!, victim.studyUid === studyUid ? '1.2.3' : victim.studyUid);
    expectHeld('an altered signed URL', 'a film sheet of another study', await app.inject({ url: elsewhere }), [403]);
  });

  it('expire within minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60_000);
    try {
      for (const [name, url] of [['a thumbnail', thumbnail], ['a film sheet', film], ['a printed report', reportSheet]] as const) {
        expectHeld('an expired signed URL', name, await sandbox.app().inject({ url }), [403]);
      }
      expectHeld('an expired signed URL', 'the AI report page', await sandbox.app().inject({ url: aiReport }), [403]);
      expectHeld('an expired signed URL', 'the H5 pay page', await sandbox.app().inject({ url: h5Page }), [403]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('die with the share they were signed under, at once', async () => {
    const app = sandbox.app();
    const opened = (await app.inject({ url: `/api/V1.0/Share/info?code=${victim.share.code}&accessCode=${victim.share.accessCode}` })).json();
    expect(opened.statusCode).toBe(200);
    const withPass = { [STUDY_PASS_HEADER]: opened.result.pass as string };
    const images = (await app.inject({ url: `/api/V1.0/Package/GetPatientStudyImageList?studyUId=${victim.studyUid}`, headers: withPass })).json();
    const shared = pathOf(images.result.series[0].thumbnailUrl);
    expect((await app.inject({ url: shared })).statusCode).toBe(200);
    expect((await app.inject({ url: wado, headers: withPass })).statusCode).toBe(200);
    expect((await api.post('/api/V1.0/Share/revoke', { shareId: victim.share.shareId })).statusCode).toBe(200);
    expectHeld('a revoked share', "its pass's signed thumbnail", await app.inject({ url: shared }), [403]);
    expectHeld('a revoked share', 'its pass on a WADO object', await app.inject({ url: wado, headers: withPass }), [401, 404]);
  });
});

describe('CORS', () => {
  it('lets the app\'s own origin read health data across origins, and no other', async () => {
    const app = sandbox.app();
    const headers = await signedInHeaders(app, VICTIM);
    const evil = await app.inject({ url: wado, headers: { ...headers, origin: 'https://evil.example' } });
    expect(book.record('CORS', 'a WADO object read from another origin', evil.headers['access-control-allow-origin'] === undefined)).toBe(true);
    const preflight = await app.inject({ method: 'OPTIONS', url: '/sandbox/wado', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(book.record('CORS', 'a preflight from another origin', preflight.statusCode === 403 && preflight.headers['access-control-allow-origin'] === undefined)).toBe(true);
    const own = await app.inject({ url: wado, headers: { ...headers, origin: PUBLIC_ORIGIN } });
    expect(own.headers['access-control-allow-origin']).toBe(PUBLIC_ORIGIN);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});
