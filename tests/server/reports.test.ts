// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EXAMS } from '../../server/demoData';
import { renderReportSheet, wrapText } from '../../server/reportSheet';
import { pageSchema } from '../../src/shared/api/schemas';
import { checkTypesSchema, electReportSchema, reportRowSchema, reportSchema, reportSyncSchema } from '../../src/shared/api/studySchemas';
import { PUBLIC_ORIGIN, startSandbox, STUDY_LIST, SYNC_REPORT_STATUS, TEST_MODE } from './helpers';
import { patientApi, type PatientApi } from './patientApi';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';
import { ELECT_REPORT, REPORT_CHECK_TYPES, REPORT_DETAIL, REPORT_LIST, REPORT_SYNC_HOOK } from './studyPaths';

const sandbox = sharedSandbox(TEST_MODE);
const NOT_FOUND = { statusCode: 404, message: '影像不存在', result: null };

interface ReportListRow {
  collectFilmId: string;
  checkType: string;
  studyDate: string;
  status: number;
  impression: string | null;
}

async function studyOn(api: PatientApi, date: string): Promise<number> {
  const rows: Array<{ collectFilmId: number; studyDate: string }> = (await api.get(`${STUDY_LIST}?pageLength=100`)).result.rows;
  const study = rows.find((row) => row.studyDate === date);
  if (!study) throw new Error(`no study on ${date}`);
  return study.collectFilmId;
}

async function reportList(api: PatientApi, query: string): Promise<{ rows: ReportListRow[]; totals: number }> {
  const body = await api.get(`${REPORT_LIST}?${query}`);
  expect(body.statusCode).toBe(200);
  pageSchema(reportRowSchema).parse(body.result);
  return body.result;
}

function hook(collectId: string | number) {
  return sandbox.app().inject({ method: 'POST', url: `${REPORT_SYNC_HOOK}?collectId=${collectId}` });
}

/** The text an SVG shows, line after line run together. */
function svgText(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join('');
}

describe('Report/detail', () => {
  it('a final report: status 2, its text, both doctors', async () => {
    const api = await sandbox.as('patient1');
    const body = await api.get(`${REPORT_DETAIL}?CollectId=${await studyOn(api, '2025-12-22')}`);
    expect(body.statusCode).toBe(200);
    expect(reportSchema.parse(body.result)).toEqual({
      status: 2,
      checkType: 'MR',
      findings: EXAMS.mrKnee.findings,
      impression: EXAMS.mrKnee.impression,
      reportedBy: '赵明',
      reportedAt: expect.stringMatching(/^2025-12-22T/),
      reviewedBy: '孙立',
      reviewedAt: expect.any(String),
    });
    expect(Date.parse(body.result.reviewedAt)).toBeGreaterThan(Date.parse(body.result.reportedAt));
  });

  it('a preliminary report: status 1, not reviewed yet', async () => {
    const api = await sandbox.as('patient1');
    const { result } = await api.get(`${REPORT_DETAIL}?CollectId=${await studyOn(api, '2026-10-27')}`);
    expect(result).toMatchObject({ status: 1, checkType: 'DR', impression: EXAMS.drChest.impression, reviewedBy: null, reviewedAt: null });
  });

  it('no report yet: status 0, empty text', async () => {
    const api = await sandbox.as('patient1');
    const { result } = await api.get(`${REPORT_DETAIL}?CollectId=${await studyOn(api, '2026-11-18')}`);
    expect(result).toEqual({ status: 0, checkType: 'CT', findings: '', impression: '', reportedBy: null, reportedAt: null, reviewedBy: null, reviewedAt: null });
  });
});

describe('GetReportCheckType and ReportPatientStudyList', () => {
  it('names the check types each patient has, in tab order', async () => {
    const patient1 = await (await sandbox.as('patient1')).get(REPORT_CHECK_TYPES);
    expect(checkTypesSchema.parse(patient1.result)).toEqual([
      { code: 'CT', name: 'CT' },
      { code: 'MR', name: '磁共振' },
      { code: 'DR', name: 'X线' },
      { code: 'US', name: '超声' },
    ]);
    const patient3 = await (await sandbox.as('patient3')).get(REPORT_CHECK_TYPES);
    expect(patient3.result).toEqual([
      { code: 'DR', name: 'X线' },
      { code: 'US', name: '超声' },
    ]);
  });

  it('lists every study with its report status, newest first', async () => {
    const api = await sandbox.as('patient1');
    const all = await reportList(api, 'pageIndex=1&pageLength=100');
    expect(all.totals).toBe(20);
    const dates = all.rows.map((row) => row.studyDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.rows.slice(0, 3).map((row) => [row.studyDate, row.checkType, row.status])).toEqual([
      ['2026-11-18', 'CT', 0],
      ['2026-10-27', 'DR', 1],
      ['2026-09-15', 'US', 2],
    ]);
    expect(all.rows[0]!.impression).toBeNull();
    expect(all.rows[2]!.impression).toBe(EXAMS.usAbdomen.impression);
    expect(await reportList(api, 'checkType=all&pageLength=100')).toEqual(all);
    expect(await reportList(api, 'checkType=&pageLength=100')).toEqual(all);
  });

  it('filters by check type and pages', async () => {
    const api = await sandbox.as('patient1');
    const mr = await reportList(api, 'checkType=MR&pageIndex=1&pageLength=3');
    expect(mr.totals).toBe(4);
    expect(mr.rows.map((row) => row.studyDate)).toEqual(['2026-08-02', '2025-12-22', '2025-06-24']);
    expect((await reportList(api, 'checkType=MR&pageIndex=2&pageLength=3')).rows.map((row) => row.studyDate)).toEqual(['2024-11-12']);
    expect(await reportList(api, 'checkType=PET')).toEqual({ rows: [], totals: 0 });
  });
});

describe('report sync: a report reaches the service', () => {
  it('the per-patient answer stays as before', async () => {
    const { result } = await (await sandbox.as('patient1')).get(SYNC_REPORT_STATUS);
    expect(reportSyncSchema.parse(result)).toEqual({ synced: true, lastSyncAt: expect.any(String) });
  });

  it('not synced, then the hook, then synced with findings and a printed report', async () => {
    const api = await sandbox.as('patient1');
    const studyId = await studyOn(api, '2026-11-18');
    const check = async () => {
      const before = Date.now();
      const body = await api.get(`${SYNC_REPORT_STATUS}?CollectId=${studyId}`);
      expect(body.statusCode).toBe(200);
      const sync = reportSyncSchema.parse(body.result);
      // Every check is recorded: the time it says is this call's.
      expect(Date.parse(sync.lastSyncAt!)).toBeGreaterThanOrEqual(before - (before % 1000));
      expect(Date.parse(sync.lastSyncAt!)).toBeLessThanOrEqual(Date.now());
      return sync;
    };

    expect((await check()).synced).toBe(false);
    expect((await api.get(`${ELECT_REPORT}?CollectId=${studyId}`)).result).toEqual({ pages: [] });

    const arrived = await hook(studyId);
    expect(arrived.statusCode).toBe(200);
    // patient1 asked (the checks above), follows no official account and gave no e-mail: the card alone says so.
    expect(arrived.json().result).toEqual({ collectFilmId: String(studyId), synced: true, status: 2, told: [{ patientId: expect.any(Number), channel: 'card' }] });

    expect((await check()).synced).toBe(true);
    expect((await api.get(`${REPORT_DETAIL}?CollectId=${studyId}`)).result).toMatchObject({
      status: 2,
      checkType: 'CT',
      findings: EXAMS.ctChest.findings,
      impression: EXAMS.ctChest.impression,
      reviewedBy: '孙立',
    });
    expect((await reportList(api, 'pageLength=1')).rows[0]).toMatchObject({ collectFilmId: String(studyId), status: 2 });

    const { pages } = electReportSchema.parse((await api.get(`${ELECT_REPORT}?CollectId=${studyId}`)).result);
    expect(pages).toEqual([
      { url: expect.stringMatching(new RegExp(`^${PUBLIC_ORIGIN}/sandbox/reports/[0-9a-f]{32}\\.svg\\?exp=[0-9]+&grant=p[0-9]+&sig=[\\w-]+$`)), width: 794, height: expect.any(Number), title: '胸部CT平扫报告' },
    ]);
    expect(pages[0]!.height).toBeGreaterThanOrEqual(1123);

    const signed = new URL(pages[0]!.url);
    const sheet = await sandbox.app().inject({ url: `${signed.pathname}${signed.search}` });
    // The printed report is the patient's: an <img> reaches it only by its signed URL.
    expect((await sandbox.app().inject({ url: signed.pathname })).statusCode).toBe(401);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(sheet.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(sheet.body).toMatch(new RegExp(`<svg[^>]* width="794" height="${pages[0]!.height}"`));
    expect(sheet.body).not.toMatch(/<script|<style|style=|on\w+=|<foreignObject|href=/i);
    const shown = svgText(sheet.body);
    for (const text of ['云胶片示范医院', '张伟', '男', '45岁', '放射科CT室', '胸部CT平扫', EXAMS.ctChest.findings, EXAMS.ctChest.impression, '赵明', '孙立']) {
      expect(shown).toContain(text);
    }

    expect((await hook(studyId)).statusCode).toBe(409);
  });

  it('the hook refuses a missing or malformed study', async () => {
    expect((await hook(999999)).statusCode).toBe(404);
    expect((await hook('abc')).statusCode).toBe(400);
    expect((await sandbox.app().inject({ method: 'POST', url: REPORT_SYNC_HOOK })).statusCode).toBe(400);
  });

  it('an unknown printed report is refused like one the credential does not open', async () => {
    const headers = (await signedInHeaders(sandbox.app(), 'patient1'));
    expect((await sandbox.app().inject({ url: `/sandbox/reports/${'0'.repeat(32)}.svg`, headers })).statusCode).toBe(404);
    expect((await sandbox.app().inject({ url: '/sandbox/reports/nope', headers })).statusCode).toBe(404);
    expect((await sandbox.app().inject({ url: '/sandbox/reports/nope' })).statusCode).toBe(401);
  });
});

describe('ownership', () => {
  it.each([REPORT_DETAIL, ELECT_REPORT, SYNC_REPORT_STATUS])("%s answers another patient's study exactly like a missing one", async (path) => {
    const owner = await sandbox.as('patient1');
    const other = await sandbox.as('patient2');
    expect(await other.get(`${path}?CollectId=999999`)).toEqual(NOT_FOUND);
    expect(await other.get(`${path}?CollectId=${await studyOn(owner, '2025-12-22')}`)).toEqual(NOT_FOUND);
  });
});

describe('wrapText', () => {
  it('keeps lines within the width and closing punctuation off the start of a line', () => {
    const text = EXAMS.ctAbdomen.findings.repeat(3);
    const lines = wrapText(text, 160, 16);
    expect(lines.join('')).toBe(text);
    expect(lines.length).toBeGreaterThan(5);
    // A full-width character is 16 wide here, a Latin one about 9.6.
    const width = (line: string) => [...line].reduce((sum, char) => sum + (/[\x20-\x7e]/.test(char) ? 9.6 : 16), 0);
    for (const line of lines) {
      expect(line).not.toMatch(/^[，。、；：）]/);
      // Punctuation that would start the next line stays on this one, past the width.
      expect(width(line.replace(/[，。、；：）]$/, ''))).toBeLessThanOrEqual(160);
    }
    expect(lines.slice(0, -1).some((line) => width(line) > 150)).toBe(true);
  });
});

describe('renderReportSheet', () => {
  const sheet = (findings: string) =>
    renderReportSheet({
      hospitalName: '云胶片示范医院',
      patientName: '张<伟>',
      sex: 'F',
      age: '008M',
      accessionNumber: 'US202611180001',
      deptName: null,
      modality: 'US',
      bodyPart: '腹部',
      studyDescription: '肝胆胰脾彩超',
      studyDate: '2026-11-18',
      status: 'preliminary',
      findings,
      impression: EXAMS.usAbdomen.impression,
      reportedBy: '赵明',
      reportedAt: '2026-11-18T04:00:00.000Z',
      reviewedBy: null,
      reviewedAt: null,
    });

  it('is one A4 page for a short report, taller for a long one', () => {
    const short = sheet(EXAMS.usAbdomen.findings);
    expect([short.width, short.height]).toEqual([794, 1123]);
    const long = sheet(EXAMS.usAbdomen.findings.repeat(40));
    expect(long.width).toBe(794);
    expect(long.height).toBeGreaterThan(1123);
    expect(long.svg).toContain(`width="794" height="${long.height}" viewBox="0 0 794 ${long.height}"`);
  });

  it('escapes text, and says preliminary, age in months and China time', () => {
    const shown = svgText(sheet('所见').svg);
    expect(shown).toContain('张&lt;伟&gt;');
    for (const text of ['初步报告', '女', '8个月', '2026-11-18 12:00']) expect(shown).toContain(text);
  });
});

describe('report ready: the patient who asked is told, and the card says it is new (issue 27 §5)', () => {
  const messagesOf = async (login: string) => (await sandbox.app().inject({ url: `/sandbox/test/official-account-messages?login=${login}` })).json().messages;
  const rowOf = async (api: PatientApi, studyId: number) =>
    ((await api.get(`${STUDY_LIST}?pageLength=100`)).result.rows as Array<{ collectFilmId: number; reportNew: boolean }>).find((row) => row.collectFilmId === studyId)!;

  it('tells a follower by an official-account message linking to the report, marks it new, and no longer once it is read', async () => {
    const api = await sandbox.as('patient3');
    await sandbox.app().inject({ method: 'POST', url: '/sandbox/test/follow?login=patient3&subscribed=true' });
    const studyId = await studyOn(api, '2026-10-08');
    expect((await rowOf(api, studyId)).reportNew).toBe(false);
    // Asking twice is waiting once.
    await api.get(`${SYNC_REPORT_STATUS}?CollectId=${studyId}`);
    await api.get(`${SYNC_REPORT_STATUS}?CollectId=${studyId}`);
    expect((await messagesOf('patient3')).length).toBe(0);

    expect((await hook(studyId)).json().result.told).toEqual([{ patientId: expect.any(Number), channel: 'officialAccount' }]);
    const [message, ...more] = await messagesOf('patient3');
    expect(more).toEqual([]);
    expect(message).toEqual({ title: '检查报告已出', body: expect.stringContaining('2026-10-08 胸部正位片'), link: `${PUBLIC_ORIGIN}/index?id=${studyId}#report`, sentAt: expect.any(String) });
    expect((await rowOf(api, studyId)).reportNew).toBe(true);

    await api.get(`${REPORT_DETAIL}?CollectId=${studyId}`);
    expect((await rowOf(api, studyId)).reportNew).toBe(false);
  });

  it('tells a patient who follows no account by e-mail when they gave one', async () => {
    const app = await startSandbox({ env: { SANDBOX_TEST_MODE: '1' } });
    const api = await patientApi(app, 'patient1');
    expect((await api.post('/api/V1.0/Center/UpdateUserEmail', { email: 'zhang.wei@example.com' })).statusCode).toBe(200);
    const studyId = await studyOn(api, '2026-11-18');
    await api.get(`${SYNC_REPORT_STATUS}?CollectId=${studyId}`);
    const arrived = await app.inject({ method: 'POST', url: `${REPORT_SYNC_HOOK}?collectId=${studyId}` });
    expect(arrived.json().result.told).toEqual([{ patientId: expect.any(Number), channel: 'email' }]);
    const [mail] = (await app.inject({ url: '/sandbox/test/outbox?to=zhang.wei@example.com' })).json().messages;
    expect(mail.subject).toContain('Your report is ready');
    expect(mail.body).toContain(`${PUBLIC_ORIGIN}/index?id=${studyId}#report`);
  });

  it('tells nobody who did not ask, and nobody twice', async () => {
    const api = await sandbox.as('patient2');
    const studyId = await studyOn(api, '2026-11-10');
    // Already written (preliminary) and synced: nobody waits, nothing is marked new.
    await api.get(`${SYNC_REPORT_STATUS}?CollectId=${studyId}`);
    expect((await rowOf(api, studyId)).reportNew).toBe(false);
    expect(await messagesOf('patient2')).toEqual([]);
  });
});
