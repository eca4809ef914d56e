import { createHash } from 'node:crypto';
import { chinaStamp, fromChinaWallClock } from './chinaTime';
import type { SqliteDatabase } from './db';
import { dicomAge, uidFor } from './dicom';
import { AI_ITEMS, DEMO_HOSPITAL, DEMO_PASSWORD, DEMO_PATIENTS, DEMO_RADIOLOGISTS, EXAMS } from './demoData';
import type { DemoPatient, DemoStudy } from './demoData';
import { hashPassword } from './passwords';
import { nationalIdCheckCharacter } from '../src/shared/rules/nationalId';

export function demoNationalId(patient: DemoPatient): string {
  const first17 = patient.nationalIdRegion + patient.birthDate.replaceAll('-', '') + patient.nationalIdSequence;
  return first17 + nationalIdCheckCharacter(first17);
}

function studyTime(ordinal: number): string {
  const hour = 8 + ((ordinal * 3) % 9);
  const minute = (ordinal * 17) % 60;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
}

/**
 * Writes the demo hospital, patients, studies and reports into an empty sandbox. Returns false,
 * changing nothing, when the demo hospital is already there: a restarted sandbox keeps its data.
 */
export function seedDemoData(db: SqliteDatabase, now: Date = new Date()): boolean {
  const createdAt = now.toISOString();
  const hospitalExists = db.prepare<[string], { id: number }>('SELECT id FROM hospitals WHERE org_code = ?');
  const insertHospital = db.prepare(`
    INSERT INTO hospitals (org_code, name, theme, logo_url, official_account_name, official_account_follow_url,
                           official_account_qr_url, service_hours, created_at)
    VALUES (@orgCode, @name, @theme, @logoUrl, @officialAccountName, @officialAccountFollowUrl,
            @officialAccountQrUrl, @serviceHours, @createdAt)`);
  const insertModule = db.prepare('INSERT INTO hospital_modules (hospital_id, module_key, enabled) VALUES (?, ?, ?)');
  const insertPatient = db.prepare(`
    INSERT INTO patients (hospital_id, login_name, name, sex, birth_date, phone, national_id, medical_record_no, created_at)
    VALUES (@hospitalId, @loginName, @name, @sex, @birthDate, @phone, @nationalId, @medicalRecordNo, @createdAt)`);
  const insertStudy = db.prepare(`
    INSERT INTO studies (patient_id, hospital_id, study_uid, accession_number, modality, study_date, study_time,
                         body_part, study_description, patient_age, created_at)
    VALUES (@patientId, @hospitalId, @studyUid, @accessionNumber, @modality, @studyDate, @studyTime,
            @bodyPart, @description, @patientAge, @createdAt)`);
  const insertReport = db.prepare(`
    INSERT INTO reports (study_id, status, findings, impression, reported_by, reported_at, reviewed_by, reviewed_at)
    VALUES (@studyId, @status, @findings, @impression, @reportedBy, @reportedAt, @reviewedBy, @reviewedAt)`);
  const insertSyncStatus = db.prepare(
    'INSERT INTO report_sync_status (patient_id, synced, last_sync_at) VALUES (?, 1, ?)',
  );

  function insertStudyWithReport(patient: DemoPatient, patientId: number, hospitalId: number, study: DemoStudy, ordinal: number) {
    const exam = EXAMS[study.exam];
    const time = studyTime(ordinal);
    const accessionNumber = `${exam.modality}${study.date.replaceAll('-', '')}${String(ordinal).padStart(4, '0')}`;
    const studyId = Number(
      insertStudy.run({
        patientId,
        hospitalId,
        studyUid: uidFor(`${DEMO_HOSPITAL.orgCode}/${accessionNumber}`),
        accessionNumber,
        modality: exam.modality,
        studyDate: study.date,
        studyTime: time,
        bodyPart: exam.bodyPart,
        description: exam.description,
        patientAge: dicomAge(patient.birthDate, study.date),
        createdAt,
      }).lastInsertRowid,
    );
    if (study.report === 'pending') return;
    const isFinal = study.report === 'final';
    insertReport.run({
      studyId,
      status: study.report,
      findings: exam.findings,
      impression: exam.impression,
      reportedBy: DEMO_RADIOLOGISTS.reporter,
      reportedAt: fromChinaWallClock(study.date, time, 2),
      reviewedBy: isFinal ? DEMO_RADIOLOGISTS.reviewer : null,
      reviewedAt: isFinal ? fromChinaWallClock(study.date, time, 5) : null,
    });
  }

  return db
    .transaction(() => {
      if (hospitalExists.get(DEMO_HOSPITAL.orgCode)) return false;
      const { modules, ...hospital } = DEMO_HOSPITAL;
      const hospitalId = Number(insertHospital.run({ ...hospital, createdAt }).lastInsertRowid);
      for (const [key, enabled] of Object.entries(modules)) insertModule.run(hospitalId, key, enabled ? 1 : 0);

      let ordinal = 0;
      for (const patient of DEMO_PATIENTS) {
        const patientId = Number(
          insertPatient.run({
            hospitalId,
            loginName: patient.loginName,
            name: patient.name,
            sex: patient.sex,
            birthDate: patient.birthDate,
            phone: patient.phone,
            nationalId: demoNationalId(patient),
            medicalRecordNo: patient.medicalRecordNo,
            createdAt,
          }).lastInsertRowid,
        );
        // Oldest first, so ids grow with time like a real archive.
        for (const study of [...patient.studies].reverse()) insertStudyWithReport(patient, patientId, hospitalId, study, ++ordinal);
        insertSyncStatus.run(patientId, createdAt);
      }
      return true;
    })
    .immediate();
}

const MINUTE_MS = 60_000;

function later(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * MINUTE_MS).toISOString();
}

/**
 * Writes the demo AI orders of each demo patient who has none yet, oldest first, with a paid
 * payment record for every paid order. Separate from seedDemoData so a database seeded before AI
 * orders existed gets them too. Order and record numbers derive from the demo data alone, so a
 * fresh sandbox always has the same ones. Returns how many orders it wrote.
 */
export function seedDemoAiOrders(db: SqliteDatabase): number {
  const patientOf = db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?');
  const hasOrders = db.prepare<[number], { one: number }>('SELECT 1 AS one FROM ai_orders WHERE patient_id = ? LIMIT 1');
  const studiesOf = db.prepare<[number], { id: number; date: string; time: string }>(`
    SELECT id, study_date AS date, study_time AS time FROM studies WHERE patient_id = ?
     ORDER BY study_date DESC, study_time DESC, id DESC`);
  const insertOrder = db.prepare(`
    INSERT INTO ai_orders (order_no, patient_id, study_id, item, charge_fen, check_way, status, ordered_at, updated_at)
    VALUES (@orderNo, @patientId, @studyId, @item, @chargeFen, @checkWay, @status, @orderedAt, @updatedAt)`);
  const insertPayment = db.prepare(`
    INSERT INTO payments (record_no, prepay_id, check_record_id, order_id, patient_id, way, amount_fen, state, created_at, settled_at)
    VALUES (@recordNo, @prepayId, @checkRecordId, @orderNo, @patientId, @way, @amountFen, 'paid', @createdAt, @settledAt)`);

  return db
    .transaction(() => {
      let written = 0;
      let ordinal = 0;
      for (const patient of DEMO_PATIENTS) {
        const first = ordinal;
        ordinal += patient.aiOrders.length;
        const patientId = patientOf.get(patient.loginName)?.id;
        if (patientId === undefined || hasOrders.get(patientId)) continue;
        const studies = studiesOf.all(patientId);
        const orders = patient.aiOrders
          .map((order) => {
            const study = studies[order.study];
            if (!study) throw new Error(`${patient.loginName} has no study ${order.study} for an AI order`);
            return { ...order, studyId: study.id, orderedAt: fromChinaWallClock(study.date, study.time, order.hours) };
          })
          .sort((a, b) => a.orderedAt.localeCompare(b.orderedAt));
        orders.forEach((order, i) => {
          const n = first + i + 1;
          const item = AI_ITEMS[order.item];
          const orderNo = `AI${chinaStamp(order.orderedAt).slice(0, 8)}${String(n).padStart(6, '0')}`;
          const checkRecordId = Number(
            insertOrder.run({
              orderNo,
              patientId,
              studyId: order.studyId,
              item: item.name,
              chargeFen: item.chargeFen,
              checkWay: item.checkWay,
              status: order.status,
              orderedAt: order.orderedAt,
              updatedAt: order.status === 2 ? order.orderedAt : later(order.orderedAt, 60),
            }).lastInsertRowid,
          );
          const paid = item.chargeFen > 0 && order.status !== 2 && order.status !== 5;
          if (paid) {
            const createdAt = later(order.orderedAt, 2);
            const way = n % 2 === 0 ? 2 : 1;
            insertPayment.run({
              recordNo: `CF${chinaStamp(createdAt)}${String(n).padStart(9, '0')}`,
              prepayId: way === 1 ? `wx${chinaStamp(createdAt)}${createHash('sha256').update(orderNo).digest('hex').slice(0, 20)}` : null,
              checkRecordId,
              orderNo,
              patientId,
              way,
              amountFen: item.chargeFen,
              createdAt,
              settledAt: later(createdAt, 1),
            });
          }
          written += 1;
        });
      }
      return written;
    })
    .immediate();
}

/**
 * Gives demo patients without a password the demo password, as a salted hash. Separate from
 * seedDemoData because hashing is slow on purpose (done in parallel off the main thread), and
 * because a database seeded before sign-in existed needs it too.
 */
export async function seedDemoPasswords(db: SqliteDatabase): Promise<number> {
  const demoLogins = new Set(DEMO_PATIENTS.map((patient) => patient.loginName));
  const missing = db
    .prepare<[], { loginName: string }>('SELECT login_name AS loginName FROM patients WHERE password_hash IS NULL')
    .all()
    .filter(({ loginName }) => demoLogins.has(loginName));
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  const setHash = db.prepare('UPDATE patients SET password_hash = ? WHERE login_name = ? AND password_hash IS NULL');
  return db.transaction(() => missing.reduce((n, { loginName }, i) => n + setHash.run(hashes[i], loginName).changes, 0))();
}
