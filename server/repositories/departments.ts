import type { SqliteDatabase } from '../db';
import type { DeptNames } from '../../src/shared/api/studySchemas';

export function departmentRepository(db: SqliteDatabase) {
  const ofHospital = db.prepare<[number], DeptNames[number]>('SELECT code, name FROM departments WHERE hospital_id = ? ORDER BY rowid');
  const byCode = db.prepare<[number, string], { name: string }>('SELECT name FROM departments WHERE hospital_id = ? AND code = ?');

  return {
    /** The hospital's departments, code and name, in the order the hospital lists them. */
    namesOf(hospitalId: number): DeptNames {
      return ofHospital.all(hospitalId);
    },

    nameOf(hospitalId: number, code: string | null): string | null {
      return code === null ? null : (byCode.get(hospitalId, code)?.name ?? null);
    },
  };
}

export type DepartmentRepository = ReturnType<typeof departmentRepository>;
