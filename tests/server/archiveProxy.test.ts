// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSandbox } from '../../server/app';
import { pacsArchiveOf, pacsImageArchives } from '../../server/archives/pacsArchive';

import { FILM_DETAIL, freeIssuer, PUBLIC_ORIGIN, STUDY_LIST } from './helpers';
import { OBJECT_BYTES, PACS_AUTHORIZATION, startFakePacs } from './fakePacs';
import type { FakePacs } from './fakePacs';
import { signedInHeaders } from './signIn';

const IMAGE_LIST = '/api/V1.0/Package/GetPatientStudyImageList';

let pacs: FakePacs;
let app: FastifyInstance;
let dataDir: string;
let owner: Record<string, string>;
let stranger: Record<string, string>;
const imports: string[] = [];

async function start(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  const identityProviderIssuer = await freeIssuer();
  const started = await buildSandbox({ dataDir, publicOrigin: PUBLIC_ORIGIN, env, identityProviderIssuer, onArchiveImport: (message) => imports.push(message) });
  await started.sandbox.identity.listen(Number(new URL(identityProviderIssuer).port), '127.0.0.1');
  return started;
}

beforeAll(async () => {
  pacs = await startFakePacs();
  dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-archive-'));
  app = await start({ CF_PACS_URL: pacs.url });
  owner = await signedInHeaders(app, 'patient1');
  stranger = await signedInHeaders(app, 'patient2');
});

afterAll(async () => {
  await app?.close();
  await pacs?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  pacs.asked.length = 0;
});

const ct = () => pacs.studies[0]!;
const us = () => pacs.studies[1]!;
const wado = (studyUid: string, extra = '') => `/archives/pacs/wado?requestType=WADO&studyUID=${studyUid}&seriesUID=${studyUid}.1&objectUID=${studyUid}.1.1&contentType=application%2Fdicom${extra}`;

describe('CF_PACS_URL', () => {
  it('names the archive without its credential, with its DICOMweb root and WADO-URI address', () => {
    expect(pacsArchiveOf({ CF_PACS_URL: 'http://orthanc:s%40cret@pacs.example:8042' })).toEqual({
      url: 'http://pacs.example:8042/',
      dicomWebRoot: 'http://pacs.example:8042/dicom-web',
      wadoUrl: 'http://pacs.example:8042/wado',
      authorization: `Basic ${Buffer.from('orthanc:s@cret').toString('base64')}`,
    });
    expect(pacsArchiveOf({})).toBeUndefined();
    expect(() => pacsArchiveOf({ CF_PACS_URL: 'file:///etc/passwd' })).toThrow(/http/);
  });

  it('routes the archive through /archives/pacs/ with the session credential, and never puts the credential in the configuration', async () => {
    expect(pacsImageArchives({ CF_PACS_URL: pacs.url })).toEqual([{ url: `${pacs.origin}/`, route: '/archives/pacs/', credential: 'session' }]);
    const config = (await app.inject({ url: '/config.json' })).body;
    expect(config).not.toContain('archive-secret');
  });

  it('lists it in /config.json, routed through the proxy with the patient\'s credential', async () => {
    expect((await app.inject({ url: '/config.json' })).json()).toMatchObject({ imageArchives: [{ url: `${pacs.origin}/`, route: '/archives/pacs/', credential: 'session' }] });
  });
});

describe('the import', () => {
  it("puts the archive's studies in the first demo patient's list, with the archive's date and description", async () => {
    expect(imports[0]).toMatch(/2 studies for patient1 \(2 new\)/);
    const rows = (await app.inject({ url: `${STUDY_LIST}?pageIndex=1&pageLength=50`, headers: owner })).json().result.rows as { studyDescription: string; studyDate: string; modality: string }[];
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ studyDescription: 'CT from the archive 1', studyDate: '2026-09-11', modality: 'CT' })]));
    const others = (await app.inject({ url: `${STUDY_LIST}?pageIndex=1&pageLength=50`, headers: stranger })).json().result.rows as { studyDescription: string }[];
    expect(others.some((row) => row.studyDescription.includes('from the archive'))).toBe(false);
  });

  it("answers the image list from the archive: its series and instances, frames, and the archive's real addresses", async () => {
    const body = (await app.inject({ url: `${IMAGE_LIST}?studyUId=${us().studyUid}`, headers: owner })).json();
    expect(body.statusCode).toBe(200);
    expect(body.result).toMatchObject({ studyUId: us().studyUid, dicomWebRoot: `${pacs.origin}/dicom-web`, wadoUrl: `${pacs.origin}/wado` });
    expect(body.result.series).toHaveLength(2);
    expect(body.result.series[0]).toMatchObject({ seriesUid: `${us().studyUid}.1`, seriesNumber: 1, modality: 'US', description: 'series 1' });
    expect(body.result.series[0].instances).toContainEqual({ sopUid: `${us().studyUid}.1.3`, instanceNumber: 3, frames: 12 });
    expect(JSON.stringify(body)).not.toContain('archive-secret');
    // Asked with the archive's own credential.
    expect(pacs.asked.every((asked) => asked.headers.authorization === PACS_AUTHORIZATION)).toBe(true);
  });

  it('gives the film detail the archive\'s series, with thumbnails through the proxy, signed for the study', async () => {
    const rows = (await app.inject({ url: `${STUDY_LIST}?pageIndex=1&pageLength=50`, headers: owner })).json().result.rows as { collectFilmId: string; studyDescription: string }[];
    const row = rows.find((r) => r.studyDescription === 'CT from the archive 1')!;
    const detail = (await app.inject({ url: `${FILM_DETAIL}?CollectId=${row.collectFilmId}`, headers: owner })).json().result;
    expect(detail.imServerUrl).toBe(`${PUBLIC_ORIGIN}/archives/pacs/wado`);
    expect(detail.series).toHaveLength(2);
    const thumbnail = new URL(detail.series[0].thumbnailUrl as string);
    expect(thumbnail.pathname).toBe('/archives/pacs/wado');
    expect(thumbnail.searchParams.get('contentType')).toBe('image/jpeg');
    // Written plain, as the archive reads it when a proxy passes the query on as it is (docs/deploy.md, nginx).
    expect(thumbnail.search).toContain('contentType=image/jpeg');
    // An <img> sends no header: the signature is its credential, and it is not forwarded.
    const image = await app.inject({ url: `${thumbnail.pathname}${thumbnail.search}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(pacs.asked.at(-1)!.url).not.toMatch(/sig=|grant=|exp=/);
  });

  it('draws no phantom of its own for an archive study: no film sheets, nothing at the sandbox\'s own WADO', async () => {
    const rows = (await app.inject({ url: `${STUDY_LIST}?pageIndex=1&pageLength=50`, headers: owner })).json().result.rows as { collectFilmId: string; studyDescription: string }[];
    const row = rows.find((r) => r.studyDescription === 'CT from the archive 1')!;
    expect((await app.inject({ url: `/api/V2.0/YJPIndex/ElectImages?CollectId=${row.collectFilmId}`, headers: owner })).json().result).toEqual({ films: [], hdImages: [] });
    const own = await app.inject({ url: `/sandbox/wado?requestType=WADO&studyUID=${ct().studyUid}&seriesUID=${ct().studyUid}.1&objectUID=${ct().studyUid}.1.1`, headers: owner });
    expect(own.statusCode).toBe(404);
  });
});

describe('the proxy at /archives/pacs/', () => {
  it('forwards WADO-URI with the archive\'s credential and nothing of the patient\'s, and answers the archive\'s bytes and type', async () => {
    const response = await app.inject({ url: wado(ct().studyUid), headers: { ...owner, cookie: 'session=patient-cookie', 'x-study-pass': 'not-for-the-archive', accept: 'application/dicom' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/dicom');
    expect(response.rawPayload.equals(OBJECT_BYTES)).toBe(true);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // The archive's cookie, challenge and own headers stay behind.
    expect(String(response.headers['set-cookie'] ?? '')).not.toContain('pacs-session');
    expect(response.headers['x-orthanc-internal']).toBeUndefined();
    const [asked] = pacs.asked;
    // The media type plain, as archives match it (Orthanc refuses `application%2Fdicom`).
    expect(asked).toMatchObject({ method: 'GET', url: `/wado?requestType=WADO&studyUID=${ct().studyUid}&seriesUID=${ct().studyUid}.1&objectUID=${ct().studyUid}.1.1&contentType=application/dicom` });
    expect(asked!.headers.authorization).toBe(PACS_AUTHORIZATION);
    expect(asked!.headers.cookie).toBeUndefined();
    expect(asked!.headers['x-study-pass']).toBeUndefined();
    expect(asked!.headers.accept).toBe('application/dicom');
  });

  it('forwards WADO-RS frames under the study, keeping the multipart type', async () => {
    const path = `dicom-web/studies/${us().studyUid}/series/${us().studyUid}.1/instances/${us().studyUid}.1.1/frames/1,2`;
    const response = await app.inject({ url: `/archives/pacs/${path}`, headers: { ...owner, accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^multipart\/related/);
    expect(pacs.asked[0]!.url).toBe(`/${path}`);
  });

  it('answers HEAD with the archive\'s status and type, no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: wado(ct().studyUid), headers: owner });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/dicom');
    expect(response.body).toBe('');
  });

  it('takes a study pass for the study', async () => {
    const studyId = app.sandbox.db.prepare<[string], { id: number }>('SELECT id FROM studies WHERE study_uid = ?').get(ct().studyUid)!.id;
    const { token } = app.sandbox.passes.issue({ scope: 'collect', patientId: 1, studyIds: [studyId], ttlSeconds: 600 });
    expect((await app.inject({ url: wado(ct().studyUid), headers: { 'x-study-pass': token } })).statusCode).toBe(200);
    // The same pass names no other study.
    expect((await app.inject({ url: wado(us().studyUid), headers: { 'x-study-pass': token } })).statusCode).toBe(404);
  });

  it('refuses, before asking the archive: no credential (401), another patient (404), a study the archive does not hold for the sandbox (404)', async () => {
    expect((await app.inject({ url: wado(ct().studyUid) })).statusCode).toBe(401);
    expect((await app.inject({ url: wado(ct().studyUid), headers: stranger })).statusCode).toBe(404);
    const ownPhantom = app.sandbox.db.prepare<[], { uid: string }>("SELECT study_uid AS uid FROM studies WHERE patient_id = 1 AND id NOT IN (SELECT study_id FROM archive_studies) LIMIT 1").get()!.uid;
    expect((await app.inject({ url: wado(ownPhantom), headers: owner })).statusCode).toBe(404);
    expect(pacs.asked).toEqual([]);
  });

  it.each([
    ['a search across studies', '/archives/pacs/dicom-web/studies', 400],
    ['a search with the study in the query', `/archives/pacs/dicom-web/studies?StudyInstanceUID=${'1.2.3'}`, 400],
    ['WADO-URI without a study', '/archives/pacs/wado?requestType=WADO&objectUID=1.2.3', 400],
    // (the test client resolves the dots itself, as browsers do; the route refuses them too: archiveRequest.test.ts)
    ['a dot-dot segment', '/archives/pacs/dicom-web/studies/STUDY/../../../system', 404],
    ['an encoded slash', '/archives/pacs/dicom-web/studies/STUDY%2F..%2F..%2Fsystem', 400],
    ['an encoded dot-dot', '/archives/pacs/dicom-web/studies/STUDY/%2e%2e/%2e%2e', 400],
    ['the study twice in the query', '/archives/pacs/wado?requestType=WADO&studyUID=STUDY&studyUID=1.2.3', 400],
    ['an unknown query parameter', '/archives/pacs/wado?requestType=WADO&studyUID=STUDY&studyUid=1.2.3', 400],
    ['a query on a WADO-RS address', '/archives/pacs/dicom-web/studies/STUDY/series?StudyInstanceUID=1.2.3', 400],
    ["the archive's own API", '/archives/pacs/instances', 404],
    ['a study UID that is no UID', '/archives/pacs/dicom-web/studies/1.2.x', 400],
  ])('refuses %s (%s) without asking the archive', async (_name, url, status) => {
    const response = await app.inject({ url: url.replaceAll('STUDY', ct().studyUid), headers: owner });
    expect(response.statusCode).toBe(status);
    expect(pacs.asked).toEqual([]);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)('refuses %s (only reads pass)', async (method) => {
    const response = await app.inject({ method, url: wado(ct().studyUid), headers: { ...owner, 'content-type': 'application/dicom' }, payload: 'x'.repeat(2048) });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(pacs.asked).toEqual([]);
  });

  it('refuses a read that carries a body', async () => {
    const response = await app.inject({ method: 'GET', url: wado(ct().studyUid), headers: { ...owner, 'content-type': 'text/plain' }, payload: 'smuggled' });
    expect(response.statusCode).toBe(400);
    expect(pacs.asked).toEqual([]);
  });

  it("passes the archive's refusal on without its basic-auth challenge (no password dialog in the browser)", async () => {
    const wrong = await startFakePacs();
    const other = mkdtempSync(join(tmpdir(), 'cloud-film-archive-'));
    const issuer = await freeIssuer();
    const misconfigured = await buildSandbox({ dataDir: other, publicOrigin: PUBLIC_ORIGIN, env: { CF_PACS_URL: wrong.url.replace('archive-secret', 'wrong') }, identityProviderIssuer: issuer, onArchiveImport: (message) => imports.push(message) });
    try {
      expect(imports.at(-1)).toMatch(/could not import its studies \(archive: QIDO studies\?.* answered 401\)/);
      // Nothing was imported, so the sandbox cannot vouch for any study: not found.
      expect((await misconfigured.inject({ url: wado(ct().studyUid) })).statusCode).toBe(401);
    } finally {
      await misconfigured.close();
      await wrong.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('answers 502 when the archive does not answer', async () => {
    const gone = await startFakePacs();
    const other = mkdtempSync(join(tmpdir(), 'cloud-film-archive-'));
    const issuer = await freeIssuer();
    const sandbox = await buildSandbox({ dataDir: other, publicOrigin: PUBLIC_ORIGIN, env: { CF_PACS_URL: gone.url }, identityProviderIssuer: issuer });
    try {
      await sandbox.sandbox.identity.listen(Number(new URL(issuer).port), '127.0.0.1');
      const headers = await signedInHeaders(sandbox, 'patient1');
      await gone.close();
      const response = await sandbox.inject({ url: wado(ct().studyUid), headers });
      expect(response.statusCode).toBe(502);
    } finally {
      await sandbox.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('the access check for nginx (auth_request)', () => {
  const check = (uri: string, headers: Record<string, string> = {}) => app.inject({ url: '/archives/access', headers: { 'x-original-uri': uri, ...headers } });

  it('allows the study\'s reader (204), asks for a credential (401), refuses anyone else and anything else (403)', async () => {
    expect((await check(wado(ct().studyUid), owner)).statusCode).toBe(204);
    expect((await check(`/archives/pacs/dicom-web/studies/${us().studyUid}/series/${us().studyUid}.1/instances/${us().studyUid}.1.1/frames/1`, owner)).statusCode).toBe(204);
    expect((await check(wado(ct().studyUid))).statusCode).toBe(401);
    expect((await check(wado(ct().studyUid), stranger)).statusCode).toBe(403);
    expect((await check('/archives/pacs/dicom-web/studies', owner)).statusCode).toBe(403);
    expect((await check('/sandbox/wado', owner)).statusCode).toBe(403);
    expect(pacs.asked).toEqual([]);
  });

  it("takes a thumbnail's signature, passed in its own query as nginx passes $args, checked against the original address", async () => {
    const rows = (await app.inject({ url: `${STUDY_LIST}?pageIndex=1&pageLength=50`, headers: owner })).json().result.rows as { collectFilmId: string; studyDescription: string }[];
    const row = rows.find((r) => r.studyDescription === 'CT from the archive 1')!;
    const signed = new URL((await app.inject({ url: `${FILM_DETAIL}?CollectId=${row.collectFilmId}`, headers: owner })).json().result.series[0].thumbnailUrl as string);
    const original = `${signed.pathname}${signed.search}`;
    expect((await app.inject({ url: `/archives/access${signed.search}`, headers: { 'x-original-uri': original } })).statusCode).toBe(204);
    // The signature is the original address's: another study under it is refused.
    expect((await app.inject({ url: `/archives/access${signed.search}`, headers: { 'x-original-uri': original.replaceAll(ct().studyUid, us().studyUid) } })).statusCode).toBe(403);
    // Without the query, the check has no credential.
    expect((await app.inject({ url: '/archives/access', headers: { 'x-original-uri': original } })).statusCode).toBe(401);
  });
});

describe('studies removed from the archive', () => {
  it('leave the patient\'s list at the next start; meanwhile their image list is not found', async () => {
    const removed = pacs.studies.splice(1, 1)[0]!;
    try {
      const body = (await app.inject({ url: `${IMAGE_LIST}?studyUId=${removed.studyUid}`, headers: owner })).json();
      expect(body).toMatchObject({ statusCode: 404 });
      await app.close();
      vi.spyOn(console, 'log').mockImplementation(() => {});
      app = await start({ CF_PACS_URL: pacs.url });
      expect(imports.at(-1)).toMatch(/1 studies for patient1 \(0 new; 1 gone from the archive removed\)/);
      const rows = (await app.inject({ url: `${STUDY_LIST}?pageIndex=1&pageLength=50`, headers: await signedInHeaders(app, 'patient1') })).json().result.rows as { studyDescription: string }[];
      expect(rows.map((row) => row.studyDescription)).toContain('CT from the archive 1');
      expect(rows.map((row) => row.studyDescription)).not.toContain(removed.description);
    } finally {
      pacs.studies.push(removed);
    }
  });

  it('without CF_PACS_URL the proxy has no archive, and the imported studies show no phantom', async () => {
    await app.close();
    app = await start({});
    const headers = await signedInHeaders(app, 'patient1');
    expect((await app.inject({ url: wado(ct().studyUid), headers })).statusCode).toBe(404);
    expect((await app.inject({ url: `${IMAGE_LIST}?studyUId=${ct().studyUid}`, headers })).json()).toMatchObject({ statusCode: 404 });
  });
});
