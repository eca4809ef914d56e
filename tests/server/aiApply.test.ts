// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiChannelListSchema, aiOrderCreatedSchema, aiOrderInfoSchema, aiResultSchema, aiStudyListSchema } from '../../src/shared/api/aiApplySchemas';
import { reportAiInfoSchema } from '../../src/shared/api/studySchemas';
import { AI_CHECK_RESULT, AI_PAY_PARAMS, AI_PAY_RESULT, startSandbox, STUDY_LIST, TEST_MODE } from './helpers';
import { finishAnalysis, patientApi, query } from './patientApi';
import { payInApp } from './sandboxPayment';

const LIST = '/api/V1.0/AI/list';
const CHANNELS = '/api/V1.0/AI/channelList';
/** A new order's number: the day, then 10 random characters (the seeded demo orders keep their numbers). */
const SUBMIT = '/api/V1.0/AI/submmit';
const INFO = '/api/V1.0/AI/info';
const AI_INFO = '/api/V2.0/YJPIndex/ReportAiInfo';
const DEFAULT_REASON = '影像层厚不满足AI分析要求，请咨询医院放射科';

afterEach(() => void vi.useRealTimers());

interface StudyRow {
  collectFilmId: number;
  modality: string;
  bodyPart: string;
}

async function client(app: FastifyInstance, login = 'patient1') {
  return {
    ...(await patientApi(app, login)),
    /** The patient's studies, newest first (demoData order). */
    async studies(): Promise<StudyRow[]> {
      return (await this.get(`${STUDY_LIST}?pageIndex=1&pageLength=100`)).result.rows;
    },
    async submit(id: number, channelId: string) {
      const body = await this.post(SUBMIT, { id, channelId });
      expect(body.statusCode).toBe(200);
      return aiOrderCreatedSchema.parse(body.result);
    },
    async info(orderId: string) {
      const body = await this.get(`${INFO}?orderId=${orderId}`);
      expect(body.statusCode).toBe(200);
      return aiOrderInfoSchema.parse(body.result);
    },
  };
}

describe('V1.0/AI/channelList', () => {
  it('lists the channels that fit the study: its modality and its body part (a head CT is offered no lung or heart analysis)', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const channelsOf = async (modality: string, bodyPart: string) => {
      const study = studies.find((row) => row.modality === modality && row.bodyPart === bodyPart)!;
      const body = await api.get(`${CHANNELS}?id=${study.collectFilmId}`);
      expect(body.statusCode).toBe(200);
      return aiChannelListSchema.parse(body.result).channels;
    };
    const ct = await channelsOf('CT', '胸部');
    expect(ct.map((channel) => channel.channelId)).toEqual(['lungNodule', 'coronaryCta']);
    expect((await channelsOf('CT', '头颅')).map((channel) => channel.channelId)).toEqual(['stroke']);
    expect((await channelsOf('CT', '上腹部')).map((channel) => channel.channelId)).toEqual(['liverLesion']);
    expect(ct[0]).toEqual({
      channelId: 'lungNodule',
      name: '肺结节AI分析',
      provider: '云影智能',
      providerEn: 'Yunying AI',
      description: expect.stringContaining('结节'),
      nameEn: 'Lung nodule AI analysis',
      descriptionEn: expect.stringContaining('lung nodules'),
      charge: 12.5,
      checkWay: 2,
      minutes: expect.any(Number),
      fits: { modalities: ['CT'], bodyParts: ['胸部', '肺'] },
    });
    expect((await channelsOf('DR', '胸部')).map((channel) => channel.channelId)).toEqual(['fracture']);
    expect((await channelsOf('DR', '颈椎')).map((channel) => channel.channelId)).toEqual(['fracture', 'spine']);
    expect((await channelsOf('US', '甲状腺')).map((channel) => channel.channelId)).toEqual(['thyroidNodule']);
    expect((await channelsOf('US', '腹部')).map((channel) => channel.channelId)).toEqual(['liverLesion']);
    expect((await channelsOf('MR', '头颅')).map((channel) => channel.channelId)).toEqual(['stroke']);
    expect((await channelsOf('MR', '腰椎')).map((channel) => channel.channelId)).toEqual(['spine']);
    expect(await channelsOf('MR', '膝关节')).toEqual([]);
    expect((await channelsOf('DR', '胸部')).find((channel) => channel.channelId === 'fracture')!.charge).toBe(0);
  });

  it('answers 4501 for an unknown or another patient’s study, 4503 when the hospital offers no AI', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    expect(await api.get(`${CHANNELS}?id=999999`)).toMatchObject({ statusCode: 4501, result: null });
    expect(await (await client(app, 'patient2')).get(`${CHANNELS}?id=${study!.collectFilmId}`)).toMatchObject({ statusCode: 4501 });
    expect(await api.get(CHANNELS)).toMatchObject({ statusCode: 400 });
    app.sandbox.hospitals.setModule(app.sandbox.studies.findById(study!.collectFilmId)!.hospitalId, 'aiAnalysis', false);
    expect(await api.get(`${CHANNELS}?id=${study!.collectFilmId}`)).toMatchObject({ statusCode: 4503, result: null });
    expect(await api.post(SUBMIT, { id: study!.collectFilmId, channelId: 'lungNodule' })).toMatchObject({ statusCode: 4503 });
    expect(aiStudyListSchema.parse((await api.get(LIST)).result).studies).toEqual([]);
  });
});

describe('V1.0/AI/list', () => {
  it('lists the patient’s studies newest first, each with its latest order', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const body = await api.get(LIST);
    expect(body.statusCode).toBe(200);
    const rows = aiStudyListSchema.parse(body.result).studies;
    // Every study some channel fits: a knee MR has none.
    const fitting = studies.filter((row) => !(row.modality === 'MR' && row.bodyPart === '膝关节'));
    expect(fitting.length).toBeLessThan(studies.length);
    expect(rows.map((row) => row.collectFilmId)).toEqual(fitting.map((row) => String(row.collectFilmId)));
    // demoData: the newest study's latest order is the free fracture screening, queued.
    expect(rows[0]).toMatchObject({ modality: 'CT', bodyPart: '胸部', latestOrder: { channelId: 'fracture', status: 0 } });
    expect(rows[0]!.latestOrder!.orderId).toMatch(/^AI\d{14}$/);

    const thyroid = studies.find((row) => row.modality === 'US' && row.bodyPart === '甲状腺')!.collectFilmId;
    const order = await api.submit(thyroid, 'thyroidNodule');
    const listed = aiStudyListSchema.parse((await api.get(LIST)).result).studies.find((row) => row.collectFilmId === String(thyroid));
    expect(listed?.latestOrder).toEqual({ orderId: order.orderId, channelId: 'thyroidNodule', status: order.status });
  });
});

describe('V1.0/AI/submmit', () => {
  it('gives one order per intent: a live order of the same study and channel comes back', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const newest = studies[0]!.collectFilmId;
    // demoData: the newest study has a lung-nodule order to be paid already.
    const seeded = await api.submit(newest, 'lungNodule');
    expect(seeded).toMatchObject({ status: 2, charge: 12.5, reused: true });

    const headCt = studies.find((row) => row.modality === 'CT' && row.bodyPart === '头颅')!.collectFilmId;
    // demoData: the head CT has a stroke analysis already; asking again, by body or by query, brings that order back.
    const stroke = await api.submit(headCt, 'stroke');
    expect(stroke).toMatchObject({ charge: 29.9, reused: true });
    expect(await api.submit(headCt, 'stroke')).toEqual({ ...stroke, reused: true });
    const byQuery = await api.post(`${SUBMIT}?${query({ id: headCt, channelId: 'stroke' })}`);
    expect(byQuery.result).toEqual({ ...stroke, reused: true });
    // A seeded order from before channels kept only its item.
    expect(app.sandbox.db.prepare('SELECT item FROM ai_orders WHERE order_no = ?').get(stroke.orderId)).toEqual({ item: '脑卒中AI分析' });
    // A channel that does not fit the study (a stroke analysis of a chest CT) is not sold: 4502.
    expect((await api.post(SUBMIT, { id: newest, channelId: 'stroke' })).statusCode).toBe(4502);

    // A closed or failed order is no intent any more: a new order is made. demoData: the 15th study's lung-nodule analysis failed.
    const again = await api.submit(studies[14]!.collectFilmId, 'lungNodule');
    expect(again).toMatchObject({ status: 2, reused: false });
    // A succeeded one comes back: the 8th study's lung-nodule analysis succeeded.
    expect((await api.submit(studies[7]!.collectFilmId, 'lungNodule')).status).toBe(3);

    expect(await api.post(SUBMIT, { id: newest, channelId: 'boneAge' })).toMatchObject({ statusCode: 4502, result: null });
    expect(await api.post(SUBMIT, { id: newest, channelId: 'tarot' })).toMatchObject({ statusCode: 4502 });
    expect(await api.post(SUBMIT, { id: 999999, channelId: 'stroke' })).toMatchObject({ statusCode: 4501 });
    expect(await api.post(SUBMIT, { id: newest })).toMatchObject({ statusCode: 400 });
  });

  it('queues a free order (0) and its analysis ends by itself', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = await client(app);
    const dr = (await api.studies())[1]!;
    expect(dr.modality).toBe('DR');
    const order = await api.submit(dr.collectFilmId, 'fracture');
    expect(order).toMatchObject({ status: 0, charge: 0, reused: false });
    const queued = await api.info(order.orderId);
    expect(queued).toMatchObject({ status: 0, channelId: 'fracture', startedAt: queued.time, finishedAt: null, failureReason: null });
    expect(queued.progress).toBeLessThan(5);
    await vi.advanceTimersByTimeAsync(30_000);
    const done = await api.info(order.orderId);
    expect(done).toMatchObject({ status: 3, progress: null, secondsLeft: null, startedAt: queued.time });
    expect(done.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(aiResultSchema.parse((await api.get(`${AI_CHECK_RESULT}?orderId=${order.orderId}`)).result)).toEqual({
      status: 3,
      checkWay: 2,
      resultUrl: null,
      summary: '未见明确骨折征象。',
      findingCount: 0,
      failureReason: null,
    });
  });

  it('pays an order, which then finishes with findings for the viewer like a seeded one', async () => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: 'off' } });
    const api = await client(app);
    const chest = (await api.studies())[14]!;
    const findings = async () => reportAiInfoSchema.parse((await api.get(`${AI_INFO}?CollectId=${chest.collectFilmId}`)).result).findings;
    expect(await findings()).toEqual([]);

    const order = await api.submit(chest.collectFilmId, 'lungNodule');
    expect(await payInApp(app, api, AI_PAY_PARAMS, order.id)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    expect((await api.get(`${AI_PAY_RESULT}?checkRecordId=${order.id}`)).result).toBe(1);
    const analysing = await api.info(order.orderId);
    expect(analysing).toMatchObject({ status: 1, provider: expect.any(String), providerEn: expect.any(String), charge: 12.5 });
    expect(analysing.startedAt).not.toBeNull();
    expect(await api.submit(chest.collectFilmId, 'lungNodule')).toEqual({ ...order, status: 1, reused: true });

    expect((await finishAnalysis(app, { orderId: order.orderId, outcome: 'succeeded' })).json().result.status).toBe(3);
    expect(await api.info(order.orderId)).toMatchObject({ status: 3, startedAt: analysing.startedAt, progress: null });
    const result = (await api.get(`${AI_CHECK_RESULT}?orderId=${order.orderId}`)).result;
    expect(result).toMatchObject({ status: 3, summary: expect.stringContaining('结节'), findingCount: 1, failureReason: null });
    const drawn = await findings();
    expect(drawn.filter((finding) => finding.shape === 'mark')).toHaveLength(1);
    expect(drawn.length).toBeGreaterThan(1);
  });
});

describe('V1.0/AI/info', () => {
  it('tells the progress of an order under way from when it was queued, over the analysis time', async () => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: '60000' } });
    const api = await client(app);
    const dr = (await api.studies())[1]!;
    const order = await api.submit(dr.collectFilmId, 'fracture');
    app.sandbox.db
      .prepare('UPDATE ai_orders SET updated_at = ? WHERE order_no = ?')
      .run(new Date(Date.now() - 30_000).toISOString(), order.orderId);
    const info = await api.info(order.orderId);
    expect(info.progress).toBeGreaterThanOrEqual(49);
    expect(info.progress).toBeLessThanOrEqual(51);
    expect(info.secondsLeft).toBeGreaterThanOrEqual(29);
    expect(info.secondsLeft).toBeLessThanOrEqual(31);
    app.sandbox.db.prepare('UPDATE ai_orders SET updated_at = ? WHERE order_no = ?').run(new Date(Date.now() - 3_600_000).toISOString(), order.orderId);
    expect(await api.info(order.orderId)).toMatchObject({ progress: 99, secondsLeft: 0 });

    // By study: its latest order.
    const byStudy = await api.get(`${INFO}?id=${dr.collectFilmId}`);
    expect(byStudy.result.orderId).toBe(order.orderId);
    expect(byStudy.result).toMatchObject({ collectFilmId: String(dr.collectFilmId), modality: 'DR', item: '骨折AI筛查', checkWay: 2 });
  });

  it('shows nothing to be paid as in progress, and answers 4504 / 4501 when there is no order or study', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const toBePaid = await api.submit(studies[0]!.collectFilmId, 'lungNodule');
    expect(await api.info(toBePaid.orderId)).toMatchObject({ status: 2, progress: null, secondsLeft: null, startedAt: null, finishedAt: null });
    expect(await api.get(`${INFO}?orderId=AI20990101999999`)).toMatchObject({ statusCode: 4504, result: null });
    expect(await (await client(app, 'patient2')).get(`${INFO}?orderId=${toBePaid.orderId}`)).toMatchObject({ statusCode: 4504 });
    expect(await api.get(`${INFO}?id=999999`)).toMatchObject({ statusCode: 4501 });
    app.sandbox.db.prepare('DELETE FROM payments WHERE check_record_id IN (SELECT id FROM ai_orders WHERE study_id = ?)').run(studies[19]!.collectFilmId);
    app.sandbox.db.prepare('DELETE FROM ai_orders WHERE study_id = ?').run(studies[19]!.collectFilmId);
    expect(await api.get(`${INFO}?id=${studies[19]!.collectFilmId}`)).toMatchObject({ statusCode: 4504 });
    expect(await api.get(INFO)).toMatchObject({ statusCode: 400 });
  });

  it('gives the failure reason in info and in the result, the hook’s or the default one', async () => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: 'off' } });
    const api = await client(app);
    const studies = await api.studies();
    const order = await api.submit(studies[1]!.collectFilmId, 'fracture');
    const reason = '影像伪影较多，AI无法完成分析';
    expect((await finishAnalysis(app, { orderId: order.orderId, reason })).json().result.status).toBe(4);
    expect(await api.info(order.orderId)).toMatchObject({ status: 4, failureReason: reason, progress: null });
    expect((await api.get(`${AI_CHECK_RESULT}?orderId=${order.orderId}`)).result).toEqual({
      status: 4,
      checkWay: 2,
      resultUrl: null,
      summary: null,
      findingCount: null,
      failureReason: reason,
    });

    // A new order after the failure; the hook without a reason gives the default one.
    const next = await api.submit(studies[1]!.collectFilmId, 'fracture');
    expect(next.reused).toBe(false);
    await finishAnalysis(app, { orderId: next.orderId, outcome: 'failed' });
    expect((await api.info(next.orderId)).failureReason).toBe(DEFAULT_REASON);
    const third = await api.submit(studies[1]!.collectFilmId, 'fracture');
    expect((await finishAnalysis(app, { orderId: third.orderId, outcome: 'succeeded', reason })).statusCode).toBe(400);
    expect((await finishAnalysis(app, { orderId: third.orderId, reason: ' ' })).statusCode).toBe(400);
  });
});
