import type { SqliteDatabase } from '../db';

/**
 * People who sign in at the provider but are not patients (table `staff_accounts`). An auditor
 * reads the audit trail (server/routes/sandboxAudit.ts) and is nobody's patient.
 */
export const AUDITOR_ROLE = 'auditor';
export type StaffRole = typeof AUDITOR_ROLE;

export interface StaffAccount {
  id: number;
  loginName: string;
  name: string;
  role: StaffRole;
}

/** The sandbox's demo auditor; the password is the demo patients' (server/seed.ts seeds it). */
export const DEMO_AUDITOR = { loginName: 'auditor1', name: '陈静', role: AUDITOR_ROLE } as const;

export function staffRepository(db: SqliteDatabase) {
  const columns = 'id, login_name AS loginName, name, role';
  const byLoginName = db.prepare<[string], StaffAccount>(`SELECT ${columns} FROM staff_accounts WHERE login_name = ?`);
  const all = db.prepare<[], StaffAccount>(`SELECT ${columns} FROM staff_accounts WHERE password_hash IS NOT NULL ORDER BY id`);
  const passwordHash = db.prepare<[string], { passwordHash: string | null }>(
    'SELECT password_hash AS passwordHash FROM staff_accounts WHERE login_name = ?',
  );
  return {
    findByLoginName(loginName: string): StaffAccount | undefined {
      return byLoginName.get(loginName);
    },
    /** Every staff member who can sign in (has a password). */
    list(): StaffAccount[] {
      return all.all();
    },
    /** Kept off `StaffAccount`, as for patients. */
    passwordHashOf(loginName: string): string | null {
      return passwordHash.get(loginName)?.passwordHash ?? null;
    },
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
