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

/** What the patient chooses in the personal centre (issue 14); the rest is the hospital's record. */
export interface PatientProfile {
  nickName: string | null;
  /** The address download links go to (v2 FilmDown UpdateEmail keeps it too). */
  email: string | null;
}

export function patientRepository(db: SqliteDatabase) {
  const byLoginName = db.prepare<[string], Patient>(`SELECT ${PATIENT_COLUMNS} FROM patients WHERE login_name = ?`);
  const byId = db.prepare<[number], Patient>(`SELECT ${PATIENT_COLUMNS} FROM patients WHERE id = ?`);
  // Patients without a password (the experience patient) cannot sign in, so are no sign-in hint.
  const all = db.prepare<[], Patient>(`SELECT ${PATIENT_COLUMNS} FROM patients WHERE password_hash IS NOT NULL ORDER BY id`);
  const passwordHash = db.prepare<[string], { passwordHash: string | null }>(
    'SELECT password_hash AS passwordHash FROM patients WHERE login_name = ?',
  );
  const profile = db.prepare<[number], PatientProfile>('SELECT nick_name AS nickName, email FROM patients WHERE id = ?');
  const setNickName = db.prepare<[string, number]>('UPDATE patients SET nick_name = ? WHERE id = ?');
  const setEmail = db.prepare<[string | null, number]>('UPDATE patients SET email = ? WHERE id = ?');
  const setPasswordHash = db.prepare<[string, string]>('UPDATE patients SET password_hash = ? WHERE login_name = ? AND password_hash IS NOT NULL');
  // A number two patients share (a family's) signs neither of them in by SMS: a code must name one person.
  const signInByPhone = db.prepare<[string], { loginName: string }>(
    'SELECT login_name AS loginName FROM patients WHERE phone = ? AND password_hash IS NOT NULL LIMIT 2',
  );
  const studyCount = db.prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM studies WHERE patient_id = ?');

  return {
    findByLoginName(loginName: string): Patient | undefined {
      return byLoginName.get(loginName);
    },
    findById(patientId: number): Patient | undefined {
      return byId.get(patientId);
    },
    /** Every patient who can sign in (has a password). */
    list(): Patient[] {
      return all.all();
    },
    profileOf(patientId: number): PatientProfile {
      return profile.get(patientId) ?? { nickName: null, email: null };
    },
    setNickName(patientId: number, nickName: string): void {
      setNickName.run(nickName, patientId);
    },
    /** null: no address (the patient cleared it). */
    setEmail(patientId: number, email: string | null): void {
      setEmail.run(email, patientId);
    },
    /** How many studies the patient has (their own, not the ones they collected). */
    studyCountOf(patientId: number): number {
      return studyCount.get(patientId)?.count ?? 0;
    },
    /** The one patient who can sign in with that mobile number, or null (nobody's, or several people's). */
    signInNameOfPhone(phone: string): string | null {
      const found = signInByPhone.all(phone);
      return found.length === 1 ? (found[0]?.loginName ?? null) : null;
    },
    /** A new password for a patient who can sign in (has one); false for anyone else. */
    setPasswordHash(loginName: string, hash: string): boolean {
      return setPasswordHash.run(hash, loginName).changes === 1;
    },
    /** Kept off `Patient`, so no answer can carry it by accident. */
    passwordHashOf(loginName: string): string | null {
      return passwordHash.get(loginName)?.passwordHash ?? null;
    },
  };
}

export type PatientRepository = ReturnType<typeof patientRepository>;
