import type { SqliteDatabase } from '../db';

export interface Patient {
  id: number;
  hospitalId: number;
  loginName: string;
  name: string;
  sex: 'M' | 'F' | 'O';
  birthDate: string;
  phone: string;
  nationalId: string;
  medicalRecordNo: string;
}

const PATIENT_COLUMNS = `
  id, hospital_id AS hospitalId, login_name AS loginName, name, sex, birth_date AS birthDate,
  phone, national_id AS nationalId, medical_record_no AS medicalRecordNo`;

export function patientRepository(db: SqliteDatabase) {
  const byLoginName = db.prepare<[string], Patient>(`SELECT ${PATIENT_COLUMNS} FROM patients WHERE login_name = ?`);
  const all = db.prepare<[], Patient>(`SELECT ${PATIENT_COLUMNS} FROM patients ORDER BY id`);
  const passwordHash = db.prepare<[string], { passwordHash: string | null }>(
    'SELECT password_hash AS passwordHash FROM patients WHERE login_name = ?',
  );

  return {
    findByLoginName(loginName: string): Patient | undefined {
      return byLoginName.get(loginName);
    },
    list(): Patient[] {
      return all.all();
    },
    /** Kept off `Patient`, so no answer can carry it by accident. */
    passwordHashOf(loginName: string): string | null {
      return passwordHash.get(loginName)?.passwordHash ?? null;
    },
  };
}

export type PatientRepository = ReturnType<typeof patientRepository>;
