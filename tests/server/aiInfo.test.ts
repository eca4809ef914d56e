// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reportAiInfoSchema } from '../../src/shared/api/studySchemas';
import { aiFindingCount } from '../../src/shared/rules/aiFindings';
import { STUDY_LIST } from './helpers';
import { sharedSandbox } from './sharedSandbox';

const AI_INFO = '/api/V2.0/YJPIndex/ReportAiInfo';
const sandbox = sharedSandbox();

describe('ReportAiInfo', () => {
  it("lists the study's AI orders, newest first, with the finding of a succeeded one", async () => {
    const api = await sandbox.as('patient1');
    const studies = (await api.get(`${STUDY_LIST}?pageIndex=1&pageLength=8`)).result.rows as { collectFilmId: number }[];
    // demoData: patient1's newest study has a lung nodule and a coronary analysis to pay, and a free fracture screening queued.
    const newest = reportAiInfoSchema.parse((await api.get(`${AI_INFO}?CollectId=${studies[0]!.collectFilmId}`)).result);
    expect(newest.orders.map((order) => [order.item, order.status, order.checkWay])).toEqual([
      ['骨折AI筛查', 0, 2],
      ['冠脉CTA AI分析', 2, 1],
      ['肺结节AI分析', 2, 2],
    ]);
    expect(newest.orders.every((order) => order.summary === null)).toBe(true);
    // Its sixth study (usThyroid) has a succeeded thyroid analysis.
    const thyroid = reportAiInfoSchema.parse((await api.get(`${AI_INFO}?CollectId=${studies[5]!.collectFilmId}`)).result);
    expect(thyroid.orders).toEqual([expect.objectContaining({ item: '甲状腺结节AI分析', status: 3, summary: expect.stringContaining('TI-RADS 3类') })]);
  });

  it("answers another patient's study as missing", async () => {
    const mine = (await (await sandbox.as('patient1')).get(`${STUDY_LIST}?pageIndex=1&pageLength=1`)).result.rows[0].collectFilmId;
    const answer = await (await sandbox.as('patient2')).get(`${AI_INFO}?CollectId=${mine}`);
    expect(answer).toMatchObject({ statusCode: 404, result: null });
  });

  it('is asked by study UID too (the viewer has only that), with the finding boxes of a finished lung-nodule analysis', async () => {
    const api = await sandbox.as('patient1');
    const studies = (await api.get(`${STUDY_LIST}?pageIndex=1&pageLength=8`)).result.rows as { collectFilmId: number; studyUId: string; studyDate: string }[];
    // demoData: the eighth study, the 2026-02-09 chest CT, has a lung-nodule analysis that succeeded.
    const chest = studies[7]!;
    const byUid = reportAiInfoSchema.parse((await api.get(`${AI_INFO}?studyUId=${chest.studyUId}`)).result);
    const byId = reportAiInfoSchema.parse((await api.get(`${AI_INFO}?CollectId=${chest.collectFilmId}`)).result);
    expect(byUid).toEqual(byId);
    expect(byUid.findings.filter((finding) => finding.shape === 'mark')).toHaveLength(1);
    expect(byUid.findings.length).toBeGreaterThan(1);
    // Many marks, one nodule: every mark names the same finding, so the app counts one, as the AI's text does.
    expect(new Set(byUid.findings.map((finding) => finding.findingId))).toEqual(new Set(['lung-nodule-1']));
    expect(aiFindingCount(byUid.findings)).toBe(1);
    const other = await (await sandbox.as('patient2')).get(`${AI_INFO}?studyUId=${chest.studyUId}`);
    expect(other).toMatchObject({ statusCode: 404, result: null });
  });
});
