// @vitest-environment node
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import type * as DicomParser from 'dicom-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DicomArchive } from '../../server/dicom/archive';
import { dicomCacheRoot } from '../../server/dicom/cache';
import { catalogue, FAULT_STUDY, UNSUPPORTED_SYNTAX_UID } from '../../server/dicom/catalogue';
import { demoArchiveStudies } from '../../server/dicom/studies';
import type { ArchiveStudy } from '../../server/dicom/studies';
import { TRANSFER_SYNTAX_UID } from '../../server/dicom/write/index';
import type { SyntaxName } from '../../server/dicom/write/index';
import { startPlainWado } from '../../server/plainWado';
import type { PlainWado } from '../../server/plainWado';
import { PUBLIC_ORIGIN } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { signedForOwner } from './studyUrls';

const dicomParser = createRequire(import.meta.url)('dicom-parser') as typeof DicomParser;

const WADO = '/sandbox/wado';
const studies = demoArchiveStudies();
const sandbox = sharedSandbox({ SANDBOX_FAULTS: '1' });

// The series are generated once per machine into the shared cache (about half a minute the first
// time); after that, every test finds them.
beforeAll(async () => {
  await new DicomArchive({ cacheRoot: dicomCacheRoot({}), studies: { byUid: () => undefined, all: () => studies }, faults: false }).warmUp();
}, 300_000);

function wadoQuery(fields: Record<string, string>): string {
  return `${WADO}?${new URLSearchParams(fields)}`;
}

function objectQuery(study: ArchiveStudy, seriesIndex = 0, instanceIndex = 0, extra: Record<string, string> = {}): Record<string, string> {
  const series = catalogue(study, { faults: true })[seriesIndex]!;
  const instance = series.instances[instanceIndex]!;
  return { requestType: 'WADO', studyUID: study.studyUId, seriesUID: series.seriesUid, objectUID: instance.sopUid, ...extra };
}

function studyOf(date: string): ArchiveStudy {
  const study = studies.find((s) => s.studyDate === date);
  if (!study) throw new Error(`no demo study on ${date}`);
  return study;
}

/** The object as the study's owner may fetch it (a URL signed for them); who may ask is studyBytes.test.ts's. */
async function get(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return sandbox.app().inject({ url: signedForOwner(sandbox.app(), wadoQuery(fields), fields.studyUID ?? ''), headers });
}

describe('WADO-URI at /sandbox/wado', () => {
  it('answers a Part 10 file in each transfer syntax the catalogue uses, with the study, series and object UIDs', async () => {
    const seen = new Map<SyntaxName, string>();
    for (const study of studies) {
      for (const [seriesIndex, series] of catalogue(study, { faults: false }).entries()) {
        if (seen.has(series.template.syntax)) continue;
        const fields = objectQuery(study, seriesIndex, series.instances.length - 1, { contentType: 'application/dicom' });
        const response = await get(fields);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/dicom');
        const dataSet = dicomParser.parseDicom(response.rawPayload);
        expect(dataSet.string('x00020010')).toBe(TRANSFER_SYNTAX_UID[series.template.syntax]);
        expect(dataSet.string('x0020000d')).toBe(study.studyUId);
        expect(dataSet.string('x0020000e')).toBe(fields.seriesUID);
        expect(dataSet.string('x00080018')).toBe(fields.objectUID);
        expect(dataSet.string('x00020003')).toBe(fields.objectUID);
        expect(dataSet.string('x00100020')).toBe(study.patientId);
        expect(dataSet.string('x00080020')).toBe(study.studyDate.replaceAll('-', ''));
        expect(dataSet.string('x00080050')).toBe(study.accessionNumber);
        expect(dataSet.intString('x00200011')).toBe(series.seriesNumber);
        expect(dataSet.intString('x00200013')).toBe(series.instances.length);
        expect(dataSet.string('x00080060')).toBe(series.template.modality);
        expect(dataSet.uint16('x00280010')).toBe(series.template.rows);
        expect(dataSet.elements.x7fe00010).toBeDefined();
        seen.set(series.template.syntax, series.template.key);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(TRANSFER_SYNTAX_UID).sort());
  });

  it('writes the patient name in UTF-8 and says so', async () => {
    const study = studyOf('2026-11-18');
    const dataSet = dicomParser.parseDicom((await get(objectQuery(study, 0, 0, { contentType: 'application/dicom' }))).rawPayload);
    expect(dataSet.string('x00080005')).toBe('ISO_IR 192');
    const name = dataSet.elements.x00100010!;
    const bytes = dataSet.byteArray.subarray(name.dataOffset, name.dataOffset + name.length);
    expect(new TextDecoder().decode(bytes).trim()).toBe('张伟');
  });

  it('renders image/jpeg (the default), fitted to rows and columns, any frame of a cine loop', async () => {
    const ct = await get(objectQuery(studyOf('2026-11-18'), 0, 150, { columns: '128' }));
    expect(ct.statusCode).toBe(200);
    expect(ct.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.decode(ct.rawPayload)).toMatchObject({ width: 128, height: 128 });

    const us = studyOf('2026-09-15');
    const frame = await get(objectQuery(us, 0, 0, { contentType: 'image/jpeg', frameNumber: '20', rows: '120' }));
    expect(frame.statusCode).toBe(200);
    expect(jpeg.decode(frame.rawPayload)).toMatchObject({ width: 160, height: 120 });
    expect((await get(objectQuery(us, 0, 0, { frameNumber: '21' }))).statusCode).toBe(400);
  });

  it('answers a bad request 400, an unknown object 404, a content type or syntax it cannot give 406', async () => {
    const study = studyOf('2026-10-27');
    const good = objectQuery(study);
    const { objectUID: _objectUid, ...withoutObject } = good;
    const cases: [Record<string, string>, number][] = [
      [{ ...good, requestType: 'WADO-RS' }, 400],
      [{ ...good, requestType: '' }, 400],
      [withoutObject, 400],
      [{ ...good, studyUID: 'not-a-uid' }, 400],
      [{ ...good, columns: '0' }, 400],
      [{ ...good, contentType: 'application/dicom', rows: '64' }, 400],
      [{ ...good, objectUID: '1.2.3.4' }, 404],
      // A study the sandbox does not have: refused like one the credential does not open, so a guess learns nothing.
      [{ ...good, studyUID: '1.2.3' }, 403],
      [{ ...good, contentType: 'image/png' }, 406],
      [{ ...good, contentType: 'application/dicom', transferSyntax: '1.2.840.10008.1.2.1' }, 406],
    ];
    for (const [fields, status] of cases) {
      const response = await get(fields);
      expect({ fields, status: response.statusCode }).toEqual({ fields, status });
      expect(response.headers['cache-control']).toMatch(/no-store/);
    }
    const chosen = await get({ ...good, contentType: 'image/png, application/dicom;q=0.5' });
    expect(chosen.headers['content-type']).toBe('application/dicom');
  });

  it('lets only the app\'s own origin read objects across origins, and keeps them private no longer than their URL lives', async () => {
    const fields = objectQuery(studyOf('2026-10-27'));
    const elsewhere = await get(fields, { origin: 'http://elsewhere.example' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(elsewhere.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(elsewhere.headers['cache-control']).toMatch(/^private, max-age=([0-9]+)$/);
    expect(Number(/max-age=([0-9]+)/.exec(elsewhere.headers['cache-control'] as string)![1])).toBeLessThanOrEqual(900 + 300);
    const app = await get(fields, { origin: PUBLIC_ORIGIN });
    expect(app.headers['access-control-allow-origin']).toBe(PUBLIC_ORIGIN);
    expect(app.headers['access-control-allow-credentials']).toBeUndefined();
    expect(app.headers.vary).toMatch(/Origin/);
    const preflight = (origin: string) =>
      sandbox.app().inject({ method: 'OPTIONS', url: WADO, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect((await preflight('http://elsewhere.example')).statusCode).toBe(403);
    const allowed = await preflight(PUBLIC_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/x-study-pass/);
  });

  it('with SANDBOX_FAULTS, serves a truncated file, a file in an unsupported syntax, and a 500 on request', async () => {
    const study = studies.find((s) => s.studyDate === FAULT_STUDY.date)!;
    const instances = catalogue(study, { faults: true })[0]!.instances;
    expect(instances.map((i) => i.fault ?? 'good')).toEqual(['good', 'truncated', 'unsupportedSyntax']);
    const dicom = { contentType: 'application/dicom' };

    const good = await get(objectQuery(study, 0, 0, dicom));
    const truncated = await get(objectQuery(study, 0, 1, dicom));
    expect(truncated.statusCode).toBe(200);
    expect(truncated.rawPayload.length).toBe(Math.floor(good.rawPayload.length * 0.6));
    expect(() => dicomParser.parseDicom(truncated.rawPayload)).toThrow();

    const unsupported = await get(objectQuery(study, 0, 2, dicom));
    const dataSet = dicomParser.parseDicom(unsupported.rawPayload);
    expect(dataSet.string('x00020010')).toBe(UNSUPPORTED_SYNTAX_UID);
    expect(dataSet.string('x00080018')).toBe(instances[2]!.sopUid);
    expect((await get(objectQuery(study, 0, 1))).statusCode).toBe(406);

    const failing = await get(objectQuery(study, 0, 0, { ...dicom, fault: '500' }));
    expect(failing.statusCode).toBe(500);
  });
});

describe('the plain WADO-URI server', () => {
  let plain: PlainWado;
  beforeAll(async () => {
    plain = await startPlainWado({ port: 0, faults: true });
  });
  afterAll(async () => {
    await plain.close();
  });

  it('serves the same bytes as the sandbox, to any origin', async () => {
    for (const [date, seriesIndex, instanceIndex] of [['2026-11-18', 1, 9], ['2025-08-05', 0, 50], ['2026-09-15', 0, 0]] as const) {
      const fields = objectQuery(studyOf(date), seriesIndex, instanceIndex, { contentType: 'application/dicom' });
      const fromSandbox = await get(fields);
      const response = await fetch(`${plain.url}?${new URLSearchParams(fields)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(Buffer.from(await response.arrayBuffer()).equals(fromSandbox.rawPayload)).toBe(true);
    }
    const missing = await fetch(`${plain.url}?${new URLSearchParams({ ...objectQuery(studyOf('2026-11-18')), objectUID: '1.2.3' })}`);
    expect(missing.status).toBe(404);
  });

  it('answers the same without any CORS header under /no-cors/, as an archive that knows nothing of CORS', async () => {
    const fields = objectQuery(studyOf('2026-11-18'), 1, 9, { contentType: 'application/dicom' });
    const response = await fetch(`${new URL(plain.url).origin}/no-cors/wado?${new URLSearchParams(fields)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals((await get(fields)).rawPayload)).toBe(true);
  });

  it('holds a fault=hang request until the server closes', async () => {
    const other = await startPlainWado({ port: 0, faults: true });
    const answer = fetch(`${other.url}?${new URLSearchParams({ ...objectQuery(studyOf('2026-10-27')), fault: 'hang' })}`);
    let settled = false;
    void answer.then(() => (settled = true));
    await expect.poll(() => other.hanging()).toBe(1);
    expect(settled).toBe(false);
    await other.close();
    expect((await answer).status).toBe(503);
  });
});
