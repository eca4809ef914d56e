// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerAuditRecord } from '../../server/repositories/serverAudit';
import { auditorHeaders } from './auditor';
import { AI_CANCEL_ORDER, AI_PAY_PARAMS, AI_PAY_RESULT, startSandbox } from './helpers';
import { patientApi, query } from './patientApi';
import { postH5 } from './sandboxPayment';

const AUDIT = '/sandbox/audit';
const STORAGE_SUBMIT = '/api/V1.0/Image/submmit';
const STORAGE_CANCEL = '/api/V1.0/Image/CancelOrder';
const AI_SUBMIT = '/api/V1.0/AI/submmit';
const STUDY_LIST = '/api/V1.0/Package/HospitalStudyList';

/** The server's half of an order's trail, as an auditor reads it. */
async function serverSteps(app: FastifyInstance, orderId: string): Promise<ServerAuditRecord[]> {
  const response = await app.inject({ url: `${AUDIT}?${new URLSearchParams({ orderId })}`, headers: await auditorHeaders(app) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { server: ServerAuditRecord[] }).server;
}

const stepsOf = (records: ServerAuditRecord[]) => records.map((record) => [record.step, record.actor, record.detail]);

describe("the sandbox's own audit trail", () => {
  it('writes every money step it performs for an AI order, whatever the app sends: created, pay asked, provider told, result answered', async () => {
    const app = await startSandbox({ env: { CF_AI_ANALYSIS_MS: 'off' } });
    const api = await patientApi(app);
    // demoData: patient1's tenth study is an abdominal ultrasound whose liver lesion analysis failed, so a new order is made.
    const study = ((await api.get(`${STUDY_LIST}?pageIndex=1&pageLength=10`)).result.rows as Array<{ collectFilmId: number }>)[9];
    const created = (await api.post(AI_SUBMIT, { id: study!.collectFilmId, channelId: 'liverLesion' })).result as { orderId: string; id: number };
    const pay = (await api.get(`${AI_PAY_PARAMS}?${query({ payway: 2, checkRecordId: created.id })}`)).result as { h5_url: string; record_no: string };
    await api.get(`${AI_PAY_RESULT}?checkRecordId=${created.id}`);
    await postH5(app, pay.h5_url, { action: 'pay' });
    await postH5(app, pay.h5_url, { action: 'fail' });
    await api.get(`${AI_PAY_RESULT}?checkRecordId=${created.id}`);
    await api.post(`${AI_CANCEL_ORDER}?${query({ orderId: created.orderId })}`);

    const steps = await serverSteps(app, created.orderId);
    expect(stepsOf(steps)).toEqual([
      ['order_created', 'patient1', { item: '肝脏病灶AI分析', chargeFen: 1990, status: 2, reused: false }],
      ['pay_requested', 'patient1', { payWay: 2, outcome: 'started', recordNo: pay.record_no, amountFen: 1990 }],
      ['pay_result_answered', 'patient1', { answer: 0 }],
      ['provider_notified', 'provider', { recordNo: pay.record_no, payWay: 2, said: 'paid', state: 'paid', settledNow: true, orderPaid: true }],
      ['provider_notified', 'provider', { recordNo: pay.record_no, payWay: 2, said: 'failed', state: 'paid', settledNow: false, orderPaid: false }],
      ['pay_result_answered', 'patient1', { answer: 1 }],
      ['cancel', 'patient1', { outcome: 'notCancellable' }],
    ]);
    expect(steps.every((step) => step.orderKind === 'ai' && step.checkRecordId === created.id)).toBe(true);
    // In the order they happened.
    expect(steps.map((step) => step.at)).toEqual([...steps.map((step) => step.at)].sort());
  });

  it('writes a storage order made, the one it replaced closed, a refused payment and a cancel', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const [study] = (await api.get(`${STUDY_LIST}?pageIndex=1&pageLength=1`)).result.rows as Array<{ collectFilmId: number }>;
    const first = (await api.post(STORAGE_SUBMIT, { id: study!.collectFilmId, planId: 'storage-12m' })).result as { orderId: string; id: number };
    const second = (await api.post(STORAGE_SUBMIT, { id: study!.collectFilmId, planId: 'storage-36m' })).result as { orderId: string; id: number };
    expect((await api.get(`/api/V1.0/Image/pay?${query({ payway: 1, checkRecordId: first.id })}`)).statusCode).toBe(4002);
    await api.post(STORAGE_CANCEL, { orderId: second.orderId });

    expect(stepsOf(await serverSteps(app, first.orderId))).toEqual([
      ['order_created', 'patient1', { planId: 'storage-12m', chargeFen: 3000, status: 2, reused: false }],
      ['cancel', 'patient1', { outcome: 'cancelled', replacedBy: second.orderId }],
      ['pay_requested', 'patient1', { payWay: 1, outcome: 'notPayable', orderStatus: 5 }],
    ]);
    expect(stepsOf(await serverSteps(app, second.orderId)).map(([step, , detail]) => [step, detail])).toEqual([
      ['order_created', expect.objectContaining({ planId: 'storage-36m' })],
      ['cancel', { outcome: 'cancelled' }],
    ]);
  });

  it('writes nothing for an order that is not the patient\'s, and cannot be changed or deleted afterwards', async () => {
    const app = await startSandbox();
    const [theirs] = await (await patientApi(app, 'patient2')).orders();
    const api = await patientApi(app);
    expect((await api.post(`${AI_CANCEL_ORDER}?${query({ orderId: theirs!.orderId })}`)).statusCode).toBe(404);
    expect(await serverSteps(app, theirs!.orderId)).toEqual([]);

    const [mine] = (await api.orders()).filter((row) => row.status === 2);
    await api.post(`${AI_CANCEL_ORDER}?${query({ orderId: mine!.orderId })}`);
    const { db } = app.sandbox;
    expect(() => db.prepare("UPDATE server_audit SET actor = 'patient2'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM server_audit').run()).toThrow(/append-only/);
    expect(() => db.prepare("UPDATE analytics_records SET received_for = 'x'").run()).not.toThrow();
    expect(() => db.prepare("INSERT INTO analytics_records (id, kind, at, seq, device_id, body, received_at, received_for) VALUES ('r-000001', 'event', 'x', 0, 'd', '{}', 'x', 'p')").run()).not.toThrow();
    expect(() => db.prepare("UPDATE analytics_records SET received_for = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM analytics_records').run()).toThrow(/append-only/);
    expect(stepsOf(await serverSteps(app, mine!.orderId))).toEqual([['cancel', 'patient1', { outcome: 'cancelled' }]]);
  });
});
