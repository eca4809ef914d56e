// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../src/shared/api/envelope';
import { hospitalSettingSchema, pageSchema, studySchema } from '../../src/shared/api/schemas';
import { HOSPITAL_MODULES } from '../../src/shared/api/studySchemas';
import { HOSPITAL_LOGO, HOSPITAL_SETTING, startSandbox, STUDY_LIST, SYNC_REPORT_STATUS } from './helpers';
import { signedInHeaders } from './signIn';

const API_PATHS = [HOSPITAL_SETTING, `${STUDY_LIST}?pageIndex=1&pageLength=8`, SYNC_REPORT_STATUS, HOSPITAL_LOGO];

describe('API envelope', () => {
  it.each(API_PATHS)('%s answers a success envelope with no-store', async (url) => {
    const app = await startSandbox();
    const response = await app.inject({ url, headers: await signedInHeaders(app) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(envelopeSchema.parse(body)).toEqual(body);
    expect(Object.keys(body).sort()).toEqual(['message', 'result', 'statusCode']);
    expect(body.statusCode).toBe(200);
    expect(typeof body.message).toBe('string');
    expect(body.result).not.toBeNull();
  });

  it.each([
    ['GET', '/api/V1.0/Nope/Nothing'],
    ['POST', '/api/V1.0/AI/OrderList'],
    ['POST', STUDY_LIST],
    ['GET', '/api'],
    ['GET', '/api/'],
  ] as const)('%s %s is an HTTP 404 with a not-found envelope', async (method, url) => {
    const app = await startSandbox();
    const response = await app.inject({
      method,
      url,
      headers: { accept: 'text/html', 'x-xsrf-token': 'pair' },
      cookies: { 'XSRF-TOKEN': 'pair' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ statusCode: 404, message: 'not found', result: null });
  });
});

describe('GetHospitalSetting', () => {
  it('describes the demo hospital', async () => {
    const app = await startSandbox();
    const { result } = (await app.inject({ url: HOSPITAL_SETTING })).json();
    expect(result).toEqual({
      hospitalName: '云胶片示范医院',
      orgCode: 'DEMO001',
      theme: 2,
      logoUrl: '/sandbox/assets/hospital-logo.svg',
      officialAccountName: expect.any(String),
      officialAccountQrUrl: '/sandbox/assets/official-account-qr.svg',
      serviceHours: '9:00-18:00',
      servicePhone: '010-65008888',
      address: '北京市朝阳区东三环北路16号',
      latitude: 39.932431,
      longitude: 116.461087,
      modules: Object.fromEntries(HOSPITAL_MODULES.map((key) => [key, true])),
    });
    expect(hospitalSettingSchema.parse(result)).toEqual(result);
  });

  it('answers statusCode 404 for an unknown orgCode', async () => {
    const app = await startSandbox();
    const response = await app.inject({ url: `${HOSPITAL_SETTING}?orgCode=NOPE` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusCode: 404, result: null });
  });

  it('serves the logo and the official-account QR code it points to', async () => {
    const app = await startSandbox();
    const { result } = (await app.inject({ url: HOSPITAL_SETTING })).json();
    for (const url of [result.logoUrl, result.officialAccountQrUrl]) {
      const image = await app.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.body).toMatch(/<svg[\s>]/);
    }
  });
});

describe('HospitalLogo and GetSyncReportStatus', () => {
  it('HospitalLogo gives the hospital logo URL', async () => {
    const app = await startSandbox();
    expect((await app.inject({ url: HOSPITAL_LOGO })).json().result).toEqual({
      logoUrl: '/sandbox/assets/hospital-logo.svg',
    });
  });

  it('GetSyncReportStatus says the signed-in patient is synced, with an ISO time', async () => {
    const app = await startSandbox();
    const { result } = (await app.inject({ url: SYNC_REPORT_STATUS, headers: await signedInHeaders(app) })).json();
    expect(result.synced).toBe(true);
    expect(new Date(result.lastSyncAt).toISOString()).toBe(result.lastSyncAt);
  });
});

describe('HospitalStudyList paging', () => {
  const studyPage = pageSchema(studySchema);
  const signedIn = new WeakMap<object, Promise<Record<string, string>>>();

  /** One sign-in per sandbox. */
  function headersFor(app: Awaited<ReturnType<typeof startSandbox>>) {
    if (!signedIn.has(app)) signedIn.set(app, signedInHeaders(app));
    return signedIn.get(app)!;
  }

  async function page(app: Awaited<ReturnType<typeof startSandbox>>, query: string) {
    const body = (await app.inject({ url: `${STUDY_LIST}?${query}`, headers: await headersFor(app) })).json();
    expect(body.statusCode).toBe(200);
    studyPage.parse(body.result);
    return body.result as { rows: Array<Record<string, unknown>>; totals: number };
  }

  it('pages the 20 studies of patient1, newest first', async () => {
    const app = await startSandbox();
    const pages = [];
    for (const pageIndex of [1, 2, 3, 4]) pages.push(await page(app, `pageIndex=${pageIndex}&pageLength=8`));
    expect(pages.map((p) => p.rows.length)).toEqual([8, 8, 4, 0]);
    expect(pages.every((p) => p.totals === 20)).toBe(true);

    const rows = pages.flatMap((p) => p.rows);
    expect(new Set(rows.map((row) => row.studyUId)).size).toBe(20);
    const dates = rows.map((row) => row.studyDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const row of rows) {
      expect(row).toEqual({
        collectFilmId: expect.any(Number),
        studyUId: expect.stringMatching(/^1\.2\.826\.0\.1\.3680043\.8\.498\.[1-9]\d*$/),
        patientName: '张伟',
        sex: 'M',
        age: expect.stringMatching(/^\d{3}[YMWD]$/),
        modality: expect.stringMatching(/^(CT|MR|DR|US)$/),
        studyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        bodyPart: expect.any(String),
        studyDescription: expect.any(String),
        hospitalName: '云胶片示范医院',
        reportStatus: expect.any(Number),
        // Nothing asked about and arrived yet (issue 27 §5).
        reportNew: false,
        // From the image catalogue (server/dicom/), once it knows the study.
        ...('imageCount' in row ? { imageCount: expect.any(Number) } : {}),
        ...('thumbnailUrl' in row ? { thumbnailUrl: expect.any(String) } : {}),
      });
      expect((row.studyUId as string).length).toBeLessThanOrEqual(64);
    }
    expect(new Set(rows.map((row) => row.modality))).toEqual(new Set(['CT', 'MR', 'DR', 'US']));
  });

  it('defaults to the first page of 8', async () => {
    const app = await startSandbox();
    const result = await page(app, '');
    expect(result.rows).toHaveLength(8);
    expect(result.rows).toEqual((await page(app, 'pageIndex=1&pageLength=8')).rows);
  });

  it('answers a page of 20 in one go', async () => {
    const app = await startSandbox();
    expect((await page(app, 'pageIndex=1&pageLength=20')).rows).toHaveLength(20);
  });

  it.each([
    ['pageIndex=0', 'pageIndex'],
    ['pageIndex=-1', 'pageIndex'],
    ['pageIndex=abc', 'pageIndex'],
    ['pageIndex=1.5', 'pageIndex'],
    ['pageIndex=', 'pageIndex'],
    ['pageIndex=1&pageIndex=2', 'pageIndex'],
    ['pageLength=0', 'pageLength'],
    ['pageLength=101', 'pageLength'],
    ['pageLength=eight', 'pageLength'],
  ])('rejects %s with a statusCode 400 envelope', async (query, field) => {
    const app = await startSandbox();
    const response = await app.inject({ url: `${STUDY_LIST}?${query}`, headers: await headersFor(app) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body).toEqual({ statusCode: 400, message: expect.stringContaining(field), result: null });
  });
});
