import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PatientApi } from './patientApi';
import { query } from './patientApi';
import { WX_PAY_PATH } from '../../server/sandboxUrls';

/** One row of the payments table, as the pay tests read it. */
export interface PaymentRow {
  record_no: string;
  prepay_id: string | null;
  way: number;
  amount_fen: number;
  state: string;
  settled_at: string | null;
}

/** The payments of one order (an AI or a storage order: their check record ids are numbered apart), oldest first. */
export function paymentsOf(app: FastifyInstance, kind: 'ai' | 'storage', checkRecordId: number): PaymentRow[] {
  return app.sandbox.db
    .prepare('SELECT record_no, prepay_id, way, amount_fen, state, settled_at FROM payments WHERE order_kind = ? AND check_record_id = ? ORDER BY id')
    .all(kind, checkRecordId) as PaymentRow[];
}

/** The prepay id in a pay way 1 answer's `package` ("prepay_id=wx…"), checking its shape. */
export function prepayIdOf(pkg: string): string {
  expect(pkg).toMatch(/^prepay_id=wx\d{14}[0-9a-f]{20}$/);
  return pkg.slice('prepay_id='.length);
}

/** What WeChat reports to the page after in-app pay, emulated: `body` is `{ outcome: 'ok' | 'cancel' | 'fail' }`. */
export function postWxPay(app: FastifyInstance, prepayId: string, body: unknown) {
  return app.inject({ method: 'POST', url: `${WX_PAY_PATH}/${prepayId}`, payload: body as object });
}

/** The H5 page's path and query (its signature among them), from the h5_url a pay call answers. */
export function h5PagePath(h5Url: string): string {
  const url = new URL(h5Url);
  return `${url.pathname}${url.search}`;
}

/** A button pressed on the sandbox's H5 pay page, opened by the h5_url the pay call answered: `action` is pay, cancel or fail. */
export function postH5(app: FastifyInstance, h5Url: string, fields: { action: string }) {
  return app.inject({
    method: 'POST',
    url: h5PagePath(h5Url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Pays an order in WeChat (pay way 1) as the patient's app does: the pay call of its kind
 * (`payPath`, e.g. V1.0/AI/GetWxPayParms or V1.0/Image/pay), then WeChat's answer "ok".
 * Resolves to what WeChat reported.
 */
export async function payInApp(app: FastifyInstance, api: Pick<PatientApi, 'get'>, payPath: string, checkRecordId: number) {
  const body = await api.get(`${payPath}?${query({ payway: 1, checkRecordId })}`);
  expect(body.statusCode).toBe(200);
  return (await postWxPay(app, prepayIdOf(body.result.package as string), { outcome: 'ok' })).json();
}
