// @vitest-environment node
/**
 * The reverse proxy in front of a real archive (issue 25, server/archives/): `/archives/pacs/`
 * forwards to the archive `CF_PACS_URL` names with the archive's own credential, so it must let
 * through only reads of one study the request's credential opens, and give the archive nothing
 * of the patient's. Attacked as another patient, as nobody, with altered signatures, with path and
 * query tricks, with methods and bodies that are not reads; the archive (a stand-in that keeps
 * every request, tests/server/fakePacs.ts) must not even be asked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../server/app';
import { ledger } from '../../scripts/security/ledger';
import { freeIssuer, PUBLIC_ORIGIN, TEST_MODE } from '../server/helpers';
import { PACS_AUTHORIZATION, PACS_PASSWORD, startFakePacs } from '../server/fakePacs';
import type { FakePacs } from '../server/fakePacs';
import { signedInHeaders } from '../server/signIn';
import { ATTACKER, VICTIM } from './world';

const book = ledger('api', 'archiveProxy');

let pacs: FakePacs;
let app: FastifyInstance;
let dataDir: string;
let victim: Record<string, string>;
let attacker: Record<string, string>;
/** The attacker's own study pass, for the attacker's own studies. */
let attackerPass: Record<string, string>;
let studyUid: string;
let thumbnail: string;
let imported = '';

beforeAll(async () => {
  pacs = await startFakePacs();
  dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-archive-attacks-'));
  const issuer = await freeIssuer();
  app = await buildSandbox({ dataDir, publicOrigin: PUBLIC_ORIGIN, env: { ...TEST_MODE, CF_PACS_URL: pacs.url }, identityProviderIssuer: issuer, onArchiveImport: (message) => (imported = message) });
  // Everything below attacks the imported studies: the import must have found them.
  expect(imported).toMatch(/2 studies for patient1/);
  await app.sandbox.identity.listen(Number(new URL(issuer).port), '127.0.0.1');
  victim = await signedInHeaders(app, VICTIM);
  attacker = await signedInHeaders(app, ATTACKER);
  const attackerId = app.sandbox.db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?').get(ATTACKER)!.id;
  const own = app.sandbox.db.prepare<[number], { id: number }>('SELECT id FROM studies WHERE patient_id = ?').all(attackerId).map((row) => row.id);
  attackerPass = { 'x-study-pass': app.sandbox.passes.issue({ scope: 'collect', patientId: attackerId, studyIds: own, ttlSeconds: 600 }).token };
  studyUid = pacs.studies[0]!.studyUid;
  const rows = (await app.inject({ url: '/api/V1.0/Package/HospitalStudyList?pageIndex=1&pageLength=100', headers: victim })).json().result.rows as { collectFilmId: string; studyDescription: string }[];
  const row = rows.find((one) => one.studyDescription === pacs.studies[0]!.description)!;
  const detail = (await app.inject({ url: `/api/V1.0/Package/HospitalStudyImageList?CollectId=${row.collectFilmId}`, headers: victim })).json().result;
  const url = new URL(detail.series[0].thumbnailUrl as string);
  thumbnail = `${url.pathname}${url.search}`;
  pacs.asked.length = 0;
});

afterAll(async () => {
  book.write();
  await app?.close();
  await pacs?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function objectPaths(uid: string): [string, string][] {
  const series = `${uid}.1`;
  const object = `${uid}.1.1`;
  return [
    ['WADO-URI', `/archives/pacs/wado?requestType=WADO&studyUID=${uid}&seriesUID=${series}&objectUID=${object}&contentType=application%2Fdicom`],
    ['WADO-RS instance', `/archives/pacs/dicom-web/studies/${uid}/series/${series}/instances/${object}`],
    ['WADO-RS frames', `/archives/pacs/dicom-web/studies/${uid}/series/${series}/instances/${object}/frames/1`],
    ['WADO-RS metadata', `/archives/pacs/dicom-web/studies/${uid}/metadata`],
    ['QIDO-RS inside the study', `/archives/pacs/dicom-web/studies/${uid}/series`],
  ];
}

/** Held: one of the statuses, and the archive never asked. */
function held(klass: string, name: string, response: LightMyRequestResponse, statuses: readonly number[]): void {
  const asked = pacs.asked.splice(0);
  const ok = statuses.includes(response.statusCode) && asked.length === 0 && !response.body.includes(PACS_PASSWORD);
  expect(book.record(klass, name, ok), `${klass}: ${name} answered ${response.statusCode}, the archive asked ${asked.length} times`).toBe(true);
}

describe("the archive proxy, asked for the victim's study", () => {
  it.each([0, 1, 2, 3, 4])('with no credential: 401 (%s)', async (index) => {
    const [name, url] = objectPaths(studyUid)[index]!;
    held('archive proxy: no credential', name, await app.inject({ url }), [401]);
  });

  it.each([0, 1, 2, 3, 4])("with another patient's token: 404 (%s)", async (index) => {
    const [name, url] = objectPaths(studyUid)[index]!;
    held("archive proxy: another patient's credential", `${name}, token`, await app.inject({ url, headers: attacker }), [404]);
  });

  it.each([0, 1, 2, 3, 4])("with the attacker's own study pass: 404 (%s)", async (index) => {
    const [name, url] = objectPaths(studyUid)[index]!;
    held("archive proxy: another patient's credential", `${name}, study pass`, await app.inject({ url, headers: attackerPass }), [404]);
  });

  it('with a forged bearer token: 401', async () => {
    held('archive proxy: no credential', 'a bearer that is no token', await app.inject({ url: objectPaths(studyUid)[0]![1], headers: { authorization: 'Bearer forged.token.here' } }), [401, 404]);
  });

  it("with the victim's thumbnail signature on another study, or its signature taken off", async () => {
    const other = pacs.studies[1]!.studyUid;
    held('archive proxy: a signed URL altered', 'the study UID changed', await app.inject({ url: thumbnail.replaceAll(studyUid, other) }), [403]);
    held('archive proxy: a signed URL altered', 'the size changed', await app.inject({ url: thumbnail.replace('columns=128', 'columns=4096') }), [403]);
    const unsigned = new URL(thumbnail, PUBLIC_ORIGIN);
    for (const name of ['exp', 'grant', 'sig']) unsigned.searchParams.delete(name);
    held('archive proxy: a signed URL altered', 'the signature taken off', await app.inject({ url: `${unsigned.pathname}${unsigned.search}` }), [401]);
  });

  it('through the nginx access check, as the attacker: 403', async () => {
    for (const [name, url] of objectPaths(studyUid)) {
      held("archive proxy: another patient's credential", `auth_request, ${name}`, await app.inject({ url: '/archives/access', headers: { ...attacker, 'x-original-uri': url } }), [403]);
    }
  });
});

describe('the archive proxy, asked for more than one study (as the victim, whose credential is good)', () => {
  it.each([
    ['every study (QIDO-RS)', '/archives/pacs/dicom-web/studies'],
    ['every study by patient', '/archives/pacs/dicom-web/studies?PatientID=PACS'],
    ['every series', '/archives/pacs/dicom-web/series'],
    ['every instance', '/archives/pacs/dicom-web/instances'],
    ["the archive's REST API", '/archives/pacs/patients'],
    ["the archive's system page", '/archives/pacs/system'],
    ["the archive's tools", '/archives/pacs/tools/find'],
    ['dot-dot out of the study', '/archives/pacs/dicom-web/studies/STUDY/..%2F..%2Fsystem'],
    ['an encoded slash', '/archives/pacs/dicom-web/studies/STUDY%2F..%2F..%2Fpatients'],
    ['an encoded dot-dot', '/archives/pacs/dicom-web/studies/STUDY/%2e%2e/%2e%2e/patients'],
    ['a double-encoded slash', '/archives/pacs/dicom-web/studies/STUDY%252F..%252Fpatients'],
    ['a second study in the query', '/archives/pacs/wado?requestType=WADO&studyUID=STUDY&studyUID=OTHER&seriesUID=OTHER.1&objectUID=OTHER.1.1'],
    ['the study in another spelling', '/archives/pacs/wado?requestType=WADO&studyUID=STUDY&StudyUID=OTHER&seriesUID=OTHER.1&objectUID=OTHER.1.1'],
    ['a query on WADO-RS', '/archives/pacs/dicom-web/studies/STUDY/series?StudyInstanceUID=OTHER'],
    ['an include of every field', '/archives/pacs/dicom-web/studies/STUDY/series?includefield=all'],
    ['WADO-URI naming no study', '/archives/pacs/wado?requestType=WADO&objectUID=OTHER.1.1'],
    ['a fragment smuggled in a parameter', '/archives/pacs/wado?requestType=WADO&studyUID=STUDY%26studyUID%3DOTHER'],
  ])('%s: refused, the archive never asked', async (name, url) => {
    const response = await app.inject({ url: url.replaceAll('OTHER', pacs.studies[1]!.studyUid).replaceAll('STUDY', studyUid), headers: victim });
    held('archive proxy: path and query tricks', name, response, [400, 404]);
  });
});

describe('the archive proxy, asked to do more than read', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('%s with a 2 MB body: 405', async (method) => {
    const response = await app.inject({ method, url: objectPaths(studyUid)[1]![1], headers: { ...victim, 'content-type': 'application/dicom' }, payload: Buffer.alloc(2 * 1024 * 1024, 1) });
    held('archive proxy: methods and bodies', `${method} (STOW-RS, delete)`, response, [405]);
  });

  it('a GET carrying a body: 400', async () => {
    const response = await app.inject({ method: 'GET', url: objectPaths(studyUid)[0]![1], headers: { ...victim, 'content-type': 'application/json' }, payload: '{"smuggled":true}' });
    held('archive proxy: methods and bodies', 'GET with a body', response, [400]);
  });
});

describe('what the archive and the patient get', () => {
  it("the archive gets its own credential and nothing of the patient's; the patient gets nothing of the archive's", async () => {
    const response = await app.inject({ url: objectPaths(studyUid)[0]![1], headers: { ...victim, cookie: 'XSRF-TOKEN=x; session=patient', 'x-study-pass': 'a-pass' } });
    const [asked] = pacs.asked.splice(0);
    const checks: [string, boolean][] = [
      ["the patient's bearer token not forwarded", asked?.headers.authorization === PACS_AUTHORIZATION],
      ["the patient's cookies not forwarded", asked?.headers.cookie === undefined],
      ["the patient's study pass not forwarded", asked?.headers['x-study-pass'] === undefined],
      ["the archive's cookie not passed back", !String(response.headers['set-cookie'] ?? '').includes('pacs-session')],
      ["the archive's basic-auth challenge not passed back", response.headers['www-authenticate'] === undefined],
      ['the answer is not kept', response.headers['cache-control'] === 'private, no-store'],
    ];
    for (const [name, ok] of checks) expect(book.record('archive proxy: what is forwarded', name, ok), name).toBe(true);
  });

  it("the archive's credential is in no answer the app gets", async () => {
    const answers = await Promise.all(
      ['/config.json', `/api/V1.0/Package/GetPatientStudyImageList?studyUId=${studyUid}`, '/api/V1.0/Package/HospitalStudyList?pageIndex=1&pageLength=100'].map(async (url) => [url, await app.inject({ url, headers: victim })] as const),
    );
    for (const [url, response] of answers) expect(book.record('archive proxy: what is forwarded', `the archive's password not in ${url}`, response.statusCode === 200 && !response.body.includes(PACS_PASSWORD))).toBe(true);
  });
});
