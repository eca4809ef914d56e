import { createHash } from 'node:crypto';
import { chinaStamp, fromChinaWallClock } from './chinaTime';
import type { SqliteDatabase } from './db';
import { dicomAge, uidFor } from './dicom/uids';
import {
  AI_ITEMS,
  DEMO_DEPARTMENTS,
  DEMO_HOSPITAL,
  DEMO_PASSWORD,
  DEMO_PATIENTS,
  DEMO_RADIOLOGISTS,
  EXAMS,
  EXPERIENCE_ACCESSION,
  EXPERIENCE_PATIENT,
  EXPERIENCE_STUDY,
} from './demoData';
import type { DemoPatient, DemoStudy } from './demoData';
import { DEMO_AUDITOR } from './oidc/staffAccounts';
import { hashPassword } from './passwords';
import { newPrintId } from './repositories/reports';
import { addDays, chinaDate, daysBetween, EXPIRING_WITHIN_DAYS, FREE_STORAGE_DAYS } from './storagePeriod';
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

/** A demo study as the seed writes it: the sandbox's image archive (server/dicom/) needs the same values without a database. */
export interface DemoStudyRecord {
  patient: DemoPatient;
  study: DemoStudy;
  accessionNumber: string;
  studyUid: string;
  /** HH:mm:ss, China wall clock. */
  time: string;
}

/** Every demo study, patient by patient, oldest first within a patient (the order the seed inserts them). */
export function demoStudyRecords(): DemoStudyRecord[] {
  let ordinal = 0;
  return DEMO_PATIENTS.flatMap((patient) =>
    // Oldest first, so ids grow with time like a real archive.
    [...patient.studies].reverse().map((study) => {
      ordinal += 1;
      const accessionNumber = `${EXAMS[study.exam].modality}${study.date.replaceAll('-', '')}${String(ordinal).padStart(4, '0')}`;
      return { patient, study, accessionNumber, studyUid: uidFor(`${DEMO_HOSPITAL.orgCode}/${accessionNumber}`), time: studyTime(ordinal) };
    }),
  );
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

  function insertStudyWithReport(patientId: number, hospitalId: number, { patient, study, accessionNumber, studyUid, time }: DemoStudyRecord) {
    const exam = EXAMS[study.exam];
    const studyId = Number(
      insertStudy.run({
        patientId,
        hospitalId,
        studyUid,
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
      // Its place on the map and its experience study come with seedDemoStudyDetails (seedHospitalServices).
      const { modules, ...hospital } = DEMO_HOSPITAL;
      const hospitalId = Number(insertHospital.run({ ...hospital, createdAt }).lastInsertRowid);
      for (const [key, enabled] of Object.entries(modules)) insertModule.run(hospitalId, key, enabled ? 1 : 0);

      const studies = demoStudyRecords();
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
        for (const record of studies) if (record.patient === patient) insertStudyWithReport(patientId, hospitalId, record);
        insertSyncStatus.run(patientId, createdAt);
      }
      return true;
    })
    .immediate();
}

const EXPERIENCE_STUDY_TIME = '10:20:00';

/**
 * The demo hospital's place on the map and its experience study (issue 14), when it lacks them:
 * on a fresh sandbox, and on one seeded before they existed. The experience patient and study are
 * inserted after every demo study, so the demo studies keep their ids.
 */
function seedHospitalServices(db: SqliteDatabase, hospitalId: number, createdAt: string): void {
  db.prepare<[string, number, number, number]>(`
    UPDATE hospitals SET address = ?, latitude = ?, longitude = ? WHERE id = ? AND address IS NULL`).run(
    DEMO_HOSPITAL.address,
    DEMO_HOSPITAL.latitude,
    DEMO_HOSPITAL.longitude,
    hospitalId,
  );
  db.prepare<[string, number]>('UPDATE hospitals SET service_phone = ? WHERE id = ? AND service_phone IS NULL').run(DEMO_HOSPITAL.servicePhone, hospitalId);
  const hasStudy = db.prepare<[number], { one: number }>('SELECT 1 AS one FROM hospitals WHERE id = ? AND experience_study_id IS NOT NULL');
  if (hasStudy.get(hospitalId)) return;

  const patientIdOf = db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?');
  let patientId = patientIdOf.get(EXPERIENCE_PATIENT.loginName)?.id;
  if (patientId === undefined) {
    // No password_hash: the experience patient cannot sign in.
    patientId = Number(
      db
        .prepare(`
          INSERT INTO patients (hospital_id, login_name, name, sex, birth_date, phone, national_id, medical_record_no, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(
          hospitalId,
          EXPERIENCE_PATIENT.loginName,
          EXPERIENCE_PATIENT.name,
          EXPERIENCE_PATIENT.sex,
          EXPERIENCE_PATIENT.birthDate,
          EXPERIENCE_PATIENT.phone,
          EXPERIENCE_PATIENT.nationalId,
          EXPERIENCE_PATIENT.medicalRecordNo,
          createdAt,
        ).lastInsertRowid,
    );
    db.prepare('INSERT OR IGNORE INTO report_sync_status (patient_id, synced, last_sync_at) VALUES (?, 1, ?)').run(patientId, createdAt);
  }

  const exam = EXAMS[EXPERIENCE_STUDY.exam];
  const date = EXPERIENCE_STUDY.date;
  let studyId = db.prepare<[string], { id: number }>('SELECT id FROM studies WHERE accession_number = ?').get(EXPERIENCE_ACCESSION)?.id;
  if (studyId === undefined) {
    studyId = Number(
      db
        .prepare(`
          INSERT INTO studies (patient_id, hospital_id, study_uid, accession_number, modality, study_date, study_time,
                               body_part, study_description, patient_age, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(
          patientId,
          hospitalId,
          uidFor(`${DEMO_HOSPITAL.orgCode}/${EXPERIENCE_ACCESSION}`),
          EXPERIENCE_ACCESSION,
          exam.modality,
          date,
          EXPERIENCE_STUDY_TIME,
          exam.bodyPart,
          exam.description,
          dicomAge(EXPERIENCE_PATIENT.birthDate, date),
          createdAt,
        ).lastInsertRowid,
    );
    db.prepare(`
      INSERT INTO reports (study_id, status, findings, impression, reported_by, reported_at, reviewed_by, reviewed_at)
      VALUES (?, 'final', ?, ?, ?, ?, ?, ?)`).run(
      studyId,
      exam.findings,
      exam.impression,
      DEMO_RADIOLOGISTS.reporter,
      fromChinaWallClock(date, EXPERIENCE_STUDY_TIME, 2),
      DEMO_RADIOLOGISTS.reviewer,
      fromChinaWallClock(date, EXPERIENCE_STUDY_TIME, 5),
    );
  }
  db.prepare('UPDATE hospitals SET experience_study_id = ? WHERE id = ?').run(studyId, hospitalId);
}

const DAYS_KEPT_WHEN_BOUGHT = 365;
const EXPIRING_DAYS_LEFT = 12;
const EXPIRED_DAYS_AGO = 20;

/**
 * The last day a demo study's images are kept, relative to the seed day so the demo looks the
 * same whenever it is seeded: the marked studies are expiring or expired; any other whose free
 * period would have ended by then counts as bought for a year, so only the marked ones show.
 */
function demoStorageExpiry(studyDate: string, study: DemoStudy | undefined, today: string): string {
  if (study?.storage === 'expiring') return addDays(today, EXPIRING_DAYS_LEFT);
  if (study?.storage === 'expired') return addDays(today, -EXPIRED_DAYS_AGO);
  const free = addDays(studyDate, FREE_STORAGE_DAYS);
  return study && daysBetween(today, free) <= EXPIRING_WITHIN_DAYS ? addDays(today, DAYS_KEPT_WHEN_BOUGHT) : free;
}

interface UndetailedStudy {
  id: number;
  patientId: number;
  hospitalId: number;
  loginName: string;
  modality: string;
  date: string;
  time: string;
  description: string;
  hasReport: number;
}

/**
 * Gives every study that has none yet its department, storage expiry, report sync state and, when
 * the demo data says so, a place in its patient's films; every report without one its print id;
 * and the demo hospital every module and department it lacks, its place on the map and its experience
 * study (seedHospitalServices). Separate from seedDemoData so a database seeded before these existed gets
 * them too; a study is done once, so films a patient deleted stay deleted. Returns how many studies
 * it completed.
 */
export function seedDemoStudyDetails(db: SqliteDatabase, now: Date = new Date()): number {
  const at = now.toISOString();
  const today = chinaDate(now);
  const demoHospital = db.prepare<[string], { id: number }>('SELECT id FROM hospitals WHERE org_code = ?');
  const addModule = db.prepare('INSERT OR IGNORE INTO hospital_modules (hospital_id, module_key, enabled) VALUES (?, ?, ?)');
  const addDepartment = db.prepare('INSERT OR IGNORE INTO departments (hospital_id, code, name) VALUES (?, ?, ?)');
  const undetailed = db.prepare<[], UndetailedStudy>(`
    SELECT s.id, s.patient_id AS patientId, s.hospital_id AS hospitalId, p.login_name AS loginName, s.modality,
           s.study_date AS date, s.study_time AS time, s.study_description AS description,
           EXISTS (SELECT 1 FROM reports r WHERE r.study_id = s.id) AS hasReport
      FROM studies s JOIN patients p ON p.id = s.patient_id
     WHERE s.storage_expires_on IS NULL
     ORDER BY s.study_date, s.study_time, s.id`);
  const detail = db.prepare('UPDATE studies SET dept_code = ?, storage_expires_on = ? WHERE id = ?');
  const addSync = db.prepare('INSERT OR IGNORE INTO study_report_sync (study_id, synced, last_sync_at) VALUES (?, ?, ?)');
  const collect = db.prepare('INSERT OR IGNORE INTO film_collections (patient_id, study_id, collected_at) VALUES (?, ?, ?)');
  const unprinted = db.prepare<[], { id: number }>('SELECT id FROM reports WHERE print_id IS NULL');
  const setPrintId = db.prepare('UPDATE reports SET print_id = ? WHERE id = ?');

  // A demo study is known by its patient, date and exam: no demo patient has two alike.
  const demoStudies = new Map<string, { study: DemoStudy; collected: boolean }>();
  for (const patient of DEMO_PATIENTS) {
    patient.studies.forEach((study, index) => {
      const collected = patient.collected === 'all' || patient.collected.includes(index);
      demoStudies.set(`${patient.loginName}|${study.date}|${EXAMS[study.exam].description}`, { study, collected });
    });
  }
  // The experience study is kept online like a demo study, and in nobody's films.
  demoStudies.set(`${EXPERIENCE_PATIENT.loginName}|${EXPERIENCE_STUDY.date}|${EXAMS[EXPERIENCE_STUDY.exam].description}`, {
    study: EXPERIENCE_STUDY,
    collected: false,
  });

  return db
    .transaction(() => {
      const hospital = demoHospital.get(DEMO_HOSPITAL.orgCode);
      if (hospital) {
        for (const [key, enabled] of Object.entries(DEMO_HOSPITAL.modules)) addModule.run(hospital.id, key, enabled ? 1 : 0);
        for (const { code, name } of DEMO_DEPARTMENTS) addDepartment.run(hospital.id, code, name);
        seedHospitalServices(db, hospital.id, at);
      }
      const studies = undetailed.all();
      for (const study of studies) {
        const demo = demoStudies.get(`${study.loginName}|${study.date}|${study.description}`);
        const department = study.hospitalId === hospital?.id ? DEMO_DEPARTMENTS.find((d) => d.modality === study.modality) : undefined;
        detail.run(department?.code ?? null, demoStorageExpiry(study.date, demo?.study, today), study.id);
        addSync.run(study.id, study.hasReport, at);
        // Collected the day after the study.
        if (demo?.collected) collect.run(study.patientId, study.id, fromChinaWallClock(study.date, study.time, 24));
      }
      for (const { id } of unprinted.all()) setPrintId.run(newPrintId(), id);
      return studies.length;
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
    INSERT INTO payments (record_no, prepay_id, order_kind, check_record_id, order_id, patient_id, way, amount_fen, state, created_at, settled_at)
    VALUES (@recordNo, @prepayId, 'ai', @checkRecordId, @orderNo, @patientId, @way, @amountFen, 'paid', @createdAt, @settledAt)`);

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

/** The demo staff: one auditor, who reads the audit trail (server/oidc/staffAccounts.ts). */
const DEMO_STAFF = [DEMO_AUDITOR] as const;

/**
 * The demo password's hashes, each with a salt of its own, made once per process and handed out in
 * order to every database the process seeds. Hashing is slow on purpose (scrypt, about 0.1 s of CPU
 * each), and a test run seeds hundreds of sandboxes, each with every demo account.
 */
const demoHashes: Promise<string>[] = [];
function demoPasswordHashes(count: number): Promise<string[]> {
  while (demoHashes.length < count) demoHashes.push(hashPassword(DEMO_PASSWORD));
  return Promise.all(demoHashes.slice(0, count));
}

/** Adds the demo staff a database does not have yet (one seeded before they existed too), with the demo password. */
async function seedDemoStaff(db: SqliteDatabase, hashes: readonly string[]): Promise<void> {
  const exists = db.prepare<[string], { id: number }>('SELECT id FROM staff_accounts WHERE login_name = ?');
  const patient = db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?');
  const missing = DEMO_STAFF.filter(({ loginName }) => !exists.get(loginName));
  for (const { loginName } of missing) {
    // Patients and staff share one namespace of login names (server/oidc/accounts.ts).
    if (patient.get(loginName)) throw new Error(`demo staff login ${loginName} is already a patient's`);
  }
  const insert = db.prepare<[string, string, string, string, string]>(
    'INSERT OR IGNORE INTO staff_accounts (login_name, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const now = new Date().toISOString();
  db.transaction(() => missing.forEach(({ loginName, name, role }, i) => insert.run(loginName, name, role, hashes[i]!, now)))();
}

/**
 * Gives demo patients without a password the demo password, as a salted hash, and adds the demo
 * staff. Separate from seedDemoData because hashing is slow on purpose (done in parallel off the
 * main thread), and because a database seeded before sign-in existed needs it too. Answers how
 * many patients got a password.
 */
export async function seedDemoPasswords(db: SqliteDatabase): Promise<number> {
  // Staff and patients take different hashes of the one set: no two accounts share a salt.
  const staffHashes = await demoPasswordHashes(DEMO_STAFF.length);
  await seedDemoStaff(db, staffHashes);
  const demoLogins = new Set(DEMO_PATIENTS.map((patient) => patient.loginName));
  const missing = db
    .prepare<[], { loginName: string }>('SELECT login_name AS loginName FROM patients WHERE password_hash IS NULL')
    .all()
    .filter(({ loginName }) => demoLogins.has(loginName));
  const hashes = (await demoPasswordHashes(DEMO_STAFF.length + missing.length)).slice(DEMO_STAFF.length);
  const setHash = db.prepare('UPDATE patients SET password_hash = ? WHERE login_name = ? AND password_hash IS NULL');
  return db.transaction(() => missing.reduce((n, { loginName }, i) => n + setHash.run(hashes[i], loginName).changes, 0))();
}
