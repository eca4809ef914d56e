import type { FastifyInstance } from 'fastify';
import { AI_FINISH_HOOK_PATH } from '../../server/sandboxUrls';
import { AI_ORDER_LIST } from './helpers';
import { signedInHeaders } from './signIn';

export interface OrderRow {
  orderId: string;
  id: number;
  collectFilmId: string;
  time: string;
  name: string;
  item: string;
  status: number;
  charge: number;
  sex: string;
  age: string;
}

/** The anti-forgery pair an API command must carry (server/antiForgery.ts). */
const XSRF = 'test-pair';

/** The API as one signed-in patient's app calls it: GET and POST answer the parsed envelope. */
export async function patientApi(app: FastifyInstance, login = 'patient1') {
  const headers = await signedInHeaders(app, login);
  const api = {
    async get(url: string) {
      return (await app.inject({ url, headers })).json();
    },
    /** A command; `body` goes as JSON (the issue 13 and 14 commands read one). */
    async post(url: string, body?: object) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'x-xsrf-token': XSRF },
        cookies: { 'XSRF-TOKEN': XSRF },
        ...(body ? { payload: body } : {}),
      });
      return response.json();
    },
    /** Every order of the patient, newest first. */
    async orders(): Promise<OrderRow[]> {
      return (await api.get(`${AI_ORDER_LIST}?status=-1&pageIndex=1&pageLength=100`)).result.rows;
    },
    async order(orderId: string): Promise<OrderRow> {
      const order = (await api.orders()).find((row) => row.orderId === orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      return order;
    },
  };
  return api;
}

export type PatientApi = Awaited<ReturnType<typeof patientApi>>;

export function query(fields: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
}

/** The tests' hook that ends an analysis under way: `outcome` succeeded or failed, with an optional `reason`. */
export function finishAnalysis(app: FastifyInstance, fields: Record<string, string>) {
  return app.inject({ method: 'POST', url: `${AI_FINISH_HOOK_PATH}?${query(fields)}` });
}
