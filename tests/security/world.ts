import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { demoNationalId } from '../../server/seed';
import { demoPatient } from '../server/collectFlow';
import { patientApi } from '../server/patientApi';
import type { PatientApi } from '../server/patientApi';

/**
 * The world the attacks run in: a victim (patient1, 张伟) with something of every kind (studies,
 * a film in my films, an AI order to be paid, a storage order, a package, a share), and an
 * attacker who is another patient (patient2) with a study pass of their own. What the victim has
 * is named by `markers`: an answer to the attacker that holds any of them has leaked.
 */

export const XSRF = 'test-pair';
export const VICTIM = 'patient1';
export const ATTACKER = 'patient2';

export interface Victim {
  /** The victim's patient id: what X-Family-Member would name. */
  patientId: number;
  studyId: number;
  studyUid: string;
  orgCode: string;
  collectId: string;
  aiOrder: { orderId: string; id: number };
  storageOrder: { orderId: string; id: number };
  taskId: string;
  share: { shareId: string; code: string; accessCode: string };
  nationalId: string;
  phone: string;
  name: string;
  accession: string;
  /** Strings only the victim's data holds: their name, ids, study UIDs, accession and order numbers. */
  markers: string[];
}

interface Row {
  collectFilmId: number;
  studyDate: string;
}

/** Sets up the victim's things through the API, as the app would. */
export async function victimOf(app: FastifyInstance): Promise<Victim> {
  const api = await patientApi(app, VICTIM);
  const rows = (await api.get('/api/V1.0/Package/HospitalStudyList?pageIndex=1&pageLength=100')).result.rows as Row[];
  const study = app.sandbox.studies.findById(Number(rows[0]!.collectFilmId))!;
  const films = (await api.get('/api/V1.0/Package/list?pageIndex=1&pageLength=10')).result.rows as Array<{ collectId: string }>;
  const orders = await api.orders();
  const toBePaid = orders.find((order) => order.status === 2)!;
  const storage = await firstStorageOrder(api, rows);
  const task = await api.post('/api/v2/FilmDown/AddPackageTask', { collectFilmId: study.id, format: 'jpeg', desensitize: false });
  const share = await api.post('/api/V1.0/Share/create', { collectFilmId: study.id, days: 7 });
  const patient = demoPatient(VICTIM);
  const studyUids = app.sandbox.db.prepare<[number], { uid: string; accession: string }>(
    'SELECT study_uid AS uid, accession_number AS accession FROM studies WHERE patient_id = ?',
  ).all(study.patientId);
  return {
    patientId: study.patientId,
    studyId: study.id,
    studyUid: study.studyUId,
    orgCode: study.orgCode,
    collectId: films[0]!.collectId,
    aiOrder: { orderId: toBePaid.orderId, id: toBePaid.id },
    storageOrder: storage,
    taskId: task.result.taskId,
    share: { shareId: share.result.shareId, code: share.result.code, accessCode: share.result.accessCode },
    nationalId: demoNationalId(patient),
    phone: patient.phone,
    name: patient.name,
    accession: study.accessionNumber,
    markers: [
      patient.name,
      demoNationalId(patient),
      patient.phone,
      ...studyUids.flatMap((row) => [row.uid, row.accession]),
      ...orders.map((order) => order.orderId),
      storage.orderId,
    ],
  };
}

async function firstStorageOrder(api: PatientApi, rows: readonly Row[]): Promise<{ orderId: string; id: number }> {
  for (const row of rows) {
    const body = await api.post('/api/V1.0/Image/submmit', { id: row.collectFilmId, planId: 'storage-12m' });
    if (body.statusCode === 200) return { orderId: body.result.orderId, id: body.result.id };
  }
  throw new Error('the victim could buy storage for no study');
}

/** The victim's markers an answer holds: none, or it leaked. */
export function leakedMarkers(victim: Victim, response: LightMyRequestResponse): string[] {
  const body = response.body;
  return victim.markers.filter((marker) => body.includes(marker));
}

/** What the victim has, read from the database: the attacks must leave it exactly as it was. */
export function victimState(app: FastifyInstance): string {
  const { db } = app.sandbox;
  const patientId = db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?').get(VICTIM)!.id;
  const rows = (sql: string) => db.prepare(sql).all(patientId);
  return JSON.stringify({
    films: rows('SELECT * FROM film_collections WHERE patient_id = ? ORDER BY id'),
    aiOrders: rows('SELECT id, status FROM ai_orders WHERE patient_id = ? ORDER BY id'),
    storageOrders: rows('SELECT id, status FROM storage_orders WHERE patient_id = ? ORDER BY id'),
    payments: rows('SELECT id, state FROM payments WHERE patient_id = ? ORDER BY id'),
    shares: rows('SELECT id, revoked_at FROM shares WHERE patient_id = ? ORDER BY id'),
    packages: rows('SELECT id, desensitize, email FROM package_tasks WHERE patient_id = ? ORDER BY id'),
    profile: rows('SELECT nick_name, email FROM patients WHERE id = ?'),
  });
}
