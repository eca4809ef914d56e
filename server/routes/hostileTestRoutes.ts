import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_HOSPITAL, DEMO_PASSWORD, EXAMS } from '../demoData';
import type { ExamKey } from '../demoData';
import { dicomAge, uidFor } from '../dicom/uids';
import { ok } from '../envelope';
import { hashPassword } from '../passwords';
import { randomCode, withFreshCode } from '../randomCode';
import { newPrintId } from '../repositories/reports';
import { addDays, chinaDate } from '../storagePeriod';
import { STORAGE_PLANS } from '../storagePlans';
import { TEST_PATH_PREFIX } from '../testMode';
import { nationalIdCheckCharacter } from '../../src/shared/rules/nationalId';
import { ACCESS_CODE_LENGTH } from '../../src/shared/api/shareSchemas';

/**
 * Test hook for the security suite's browser half (e2e/security.spec.ts, issue 22): `POST
 * /sandbox/test/hostile-patient` makes, on each call, a new patient whose every free-text field is
 * a script payload, as a hostile or broken hospital system could send it: the name, display name,
 * e-mail address and record number; studies (their description and body part), reports (findings,
 * impression, the radiologists), AI orders (the item, the failure reason), storage orders (the
 * plan's name), a share and a ready package (its file name). The browser test walks every screen
 * as this patient and checks that nothing of it runs. It exists only in test mode, like every hook.
 */
export const HOSTILE_PATIENT_HOOK_PATH = `${TEST_PATH_PREFIX}/hostile-patient`;

/**
 * What a hostile string carries: markup that runs script when a page puts it in as HTML (an image
 * that fails, an SVG, a closed attribute and a script element, a frame, an element that opens by
 * itself), and a URL that runs script when a page follows it.
 */
export const SCRIPT_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '"><script>alert(1)</script>',
  "'><iframe src=javascript:alert(1)>",
  '<details open ontoggle=alert(1)>',
  'javascript:alert(1)',
] as const;

/** A field's hostile value: a label that says which field it is, then every payload. */
export function hostileText(label: string): string {
  return `${label} ${SCRIPT_PAYLOADS.join(' ')}`;
}

/** The studies the hostile patient gets: demo exams, newest first, each with the report state it needs. */
const STUDIES: ReadonlyArray<{ exam: ExamKey; daysAgo: number; report: 'final' | 'preliminary' | 'pending' }> = [
  { exam: 'ctChest', daysAgo: 3, report: 'final' },
  { exam: 'drChest', daysAgo: 40, report: 'preliminary' },
  { exam: 'usAbdomen', daysAgo: 90, report: 'pending' },
];

/** The AI orders of the newest study: every status a screen shows differently, both check ways. */
const AI_ORDERS: ReadonlyArray<{ status: 0 | 1 | 2 | 3 | 4 | 5; checkWay: 1 | 2; chargeFen: number }> = [
  { status: 3, checkWay: 2, chargeFen: 1250 },
  { status: 3, checkWay: 1, chargeFen: 3980 },
  { status: 4, checkWay: 2, chargeFen: 1990 },
  { status: 2, checkWay: 2, chargeFen: 1600 },
  { status: 1, checkWay: 2, chargeFen: 2990 },
  { status: 5, checkWay: 1, chargeFen: 880 },
];

export interface HostilePatient {
  loginName: string;
  password: string;
  name: string;
  nickName: string;
  email: string;
  phone: string;
  nationalId: string;
  /** Newest first. */
  studies: Array<{ collectFilmId: string; studyUid: string; accessionNumber: string; report: 'final' | 'preliminary' | 'pending'; printId: string | null }>;
  aiOrders: Array<{ orderNo: string; checkRecordId: number; status: number; checkWay: number }>;
  storageOrders: Array<{ orderNo: string; checkRecordId: number; status: number }>;
  share: { code: string; accessCode: string };
  /** The ready package's download token. */
  downloadToken: string;
}

export async function hostileTestRoutes(app: FastifyInstance): Promise<void> {
  const { db, hospitals } = app.sandbox;

  app.post(HOSTILE_PATIENT_HOOK_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const hospital = hospitals.findByOrgCode(DEMO_HOSPITAL.orgCode);
    if (!hospital) throw new Error('the demo hospital is missing');
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const patient = db.transaction(() => createHostilePatient(app, hospital.id, passwordHash)).immediate();
    return ok(patient);
  });
}

function createHostilePatient(app: FastifyInstance, hospitalId: number, passwordHash: string): HostilePatient {
  const { db } = app.sandbox;
  const now = new Date();
  const at = now.toISOString();
  const today = chinaDate(now);
  const tag = randomBytes(6).toString('hex');
  const birthDate = `19${50 + randomInt(50)}-0${1 + randomInt(9)}-1${randomInt(10)}`;
  const loginName = `hostile-${tag}`;
  const name = hostileText('name');
  const nickName = hostileText('nick');
  const email = `"><img src=x onerror=alert(1)>${tag}@example.com`;
  const phone = `139${String(randomInt(10 ** 8)).padStart(8, '0')}`;
  // A valid national ID (the collect form checks it) no one else has: a sequence number of the region and birth date, drawn again on a clash.
  const newNationalId = () => {
    const first17 = `110105${birthDate.replaceAll('-', '')}${String(randomInt(1000)).padStart(3, '0')}`;
    return first17 + nationalIdCheckCharacter(first17);
  };
  const insertPatient = db.prepare(`
    INSERT INTO patients (hospital_id, login_name, name, sex, birth_date, phone, national_id, medical_record_no, created_at, password_hash, nick_name, email)
    VALUES (?, ?, ?, 'M', ?, ?, ?, ?, ?, ?, ?, ?)`);
  const { patientId, nationalId } = withFreshCode(newNationalId, (id) => ({
    patientId: Number(insertPatient.run(hospitalId, loginName, name, birthDate, phone, id, `<svg onload=alert(1)>${tag}`, at, passwordHash, nickName, email).lastInsertRowid),
    nationalId: id,
  }), 50);
  db.prepare('INSERT INTO report_sync_status (patient_id, synced, last_sync_at) VALUES (?, 1, ?)').run(patientId, at);

  const insertStudy = db.prepare(`
    INSERT INTO studies (patient_id, hospital_id, study_uid, accession_number, modality, study_date, study_time, body_part,
                         study_description, patient_age, created_at, storage_expires_on)
    VALUES (?, ?, ?, ?, ?, ?, '09:30:00', ?, ?, ?, ?, ?)`);
  const insertReport = db.prepare(`
    INSERT INTO reports (study_id, status, findings, impression, reported_by, reported_at, reviewed_by, reviewed_at, print_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const studies = STUDIES.map(({ exam, daysAgo, report }, index) => {
    const date = addDays(today, -daysAgo);
    const accessionNumber = `HX${tag}${index}`;
    const studyUid = uidFor(`HOSTILE/${accessionNumber}`);
    const { modality } = EXAMS[exam];
    const studyId = Number(
      insertStudy.run(patientId, hospitalId, studyUid, accessionNumber, modality, date, hostileText('bodyPart'), hostileText('study'), dicomAge(birthDate, date), at, addDays(today, 100))
        .lastInsertRowid,
    );
    db.prepare('INSERT INTO study_report_sync (study_id, synced, last_sync_at) VALUES (?, ?, ?)').run(studyId, report === 'pending' ? 0 : 1, at);
    db.prepare('INSERT INTO film_collections (patient_id, study_id, collected_at) VALUES (?, ?, ?)').run(patientId, studyId, at);
    let printId: string | null = null;
    if (report !== 'pending') {
      printId = newPrintId();
      const reviewed = report === 'final';
      insertReport.run(studyId, report, hostileText('findings'), hostileText('impression'), hostileText('reporter'), at, reviewed ? hostileText('reviewer') : null, reviewed ? at : null, printId);
    }
    return { studyId, collectFilmId: String(studyId), studyUid, accessionNumber, report, printId };
  });
  const newest = studies[0]!;

  const insertOrder = db.prepare(`
    INSERT INTO ai_orders (order_no, patient_id, study_id, item, charge_fen, check_way, status, ordered_at, updated_at, failure_reason)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const aiOrders = AI_ORDERS.map(({ status, checkWay, chargeFen }, index) => {
    const orderNo = `AI${today.replaceAll('-', '')}${randomCode(10)}`;
    // Apart by a minute each, in the table's order, newest first.
    const orderedAt = new Date(now.getTime() - (index + 1) * 60_000).toISOString();
    const checkRecordId = Number(
      insertOrder.run(orderNo, patientId, newest.studyId, hostileText(`aiItem${index}`), chargeFen, checkWay, status, orderedAt, orderedAt, status === 4 ? hostileText('failureReason') : null)
        .lastInsertRowid,
    );
    return { orderNo, checkRecordId, status, checkWay };
  });

  const plan = STORAGE_PLANS[0]!;
  const insertStorageOrder = db.prepare(`
    INSERT INTO storage_orders (id, order_no, patient_id, study_id, plan_id, plan_name, months, charge_fen, status, expires_on, ordered_at, updated_at)
    VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM storage_orders), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // One to be paid (of the second study: one per study may wait) and one paid.
  const storageOrders = [
    { study: studies[1]!, status: 2, expiresOn: null },
    { study: newest, status: 3, expiresOn: addDays(today, 465) },
  ].map(({ study, status, expiresOn }) => {
    const orderNo = `ST${today.replaceAll('-', '')}${randomCode(10)}`;
    const checkRecordId = Number(
      insertStorageOrder.run(orderNo, patientId, study.studyId, plan.planId, hostileText('plan'), plan.months, plan.chargeFen, status, expiresOn, at, at).lastInsertRowid,
    );
    return { orderNo, checkRecordId, status };
  });

  const share = { code: randomCode(8), accessCode: String(randomInt(10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0') };
  db.prepare(`
    INSERT INTO shares (code, access_code, patient_id, study_id, days, expires_at, created_at)
    VALUES (?, ?, ?, ?, 7, ?, ?)`).run(share.code, share.accessCode, patientId, newest.studyId, new Date(now.getTime() + 7 * 86_400_000).toISOString(), at);

  // A package ready to fetch, named by a hostile system, and one download of it.
  const downloadToken = randomBytes(24).toString('base64url');
  const taskId = Number(
    db
      .prepare(`
        INSERT INTO package_tasks (patient_id, study_id, format, desensitize, state, progress, file_name, size_bytes, download_token, created_at, updated_at, ready_at, expires_at)
        VALUES (?, ?, 'jpeg', 0, 'ready', 100, ?, 2048, ?, ?, ?, ?, ?)`)
      .run(patientId, studies[1]!.studyId, `${hostileText('file')}.zip`, downloadToken, at, at, at, new Date(now.getTime() + 7 * 86_400_000).toISOString()).lastInsertRowid,
  );
  db.prepare("INSERT INTO download_records (task_id, patient_id, via, downloaded_at) VALUES (?, ?, 'app', ?)").run(taskId, patientId, at);

  return {
    loginName,
    password: DEMO_PASSWORD,
    name,
    nickName,
    email,
    phone,
    nationalId,
    studies: studies.map(({ collectFilmId, studyUid, accessionNumber, report, printId }) => ({ collectFilmId, studyUid, accessionNumber, report, printId })),
    aiOrders,
    storageOrders,
    share,
    downloadToken,
  };
}
