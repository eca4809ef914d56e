import type { Account } from 'oidc-provider';
import { hashPassword, verifyPassword } from '../passwords';
import type { PatientRepository } from '../repositories/patients';
import { AUDITOR_ROLE } from './staffAccounts';
import type { StaffRepository, StaffRole } from './staffAccounts';

/** Which claims each scope releases; `sub` is the login name (e.g. `patient1`, `auditor1`). */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
} as const;

type Found = { kind: 'patient'; name: string } | { kind: 'staff'; name: string; role: StaffRole };

/** Login names for the sign-in page's hints: no one's name on a page anyone can open. */
export interface DemoLogins {
  patients: string[];
  auditors: string[];
}

/**
 * Who can sign in at the provider: patients and staff, one namespace of login names. A name that
 * is both a patient's and a staff member's signs in nobody: a token must never be both.
 */
export function signInAccounts(patients: PatientRepository, staff: StaffRepository) {
  function lookUp(loginName: string): Found | undefined {
    const patient = patients.findByLoginName(loginName);
    const member = staff.findByLoginName(loginName);
    if (patient && member) return undefined;
    if (patient) return { kind: 'patient', name: patient.name };
    if (member) return { kind: 'staff', name: member.name, role: member.role };
    return undefined;
  }

  return {
    /** oidc-provider's `findAccount`: the account id is the login name. */
    find(loginName: string): Account | undefined {
      const found = lookUp(loginName);
      if (!found) return undefined;
      return {
        accountId: loginName,
        // The provider filters these by the granted scopes.
        claims: () => ({ sub: loginName, name: found.name, preferred_username: loginName }),
      };
    },

    /** The login name signed in as, or null for a wrong name or password (after the same work either way). */
    async authenticate(loginName: string, password: string): Promise<string | null> {
      const name = loginName.trim();
      const found = name ? lookUp(name) : undefined;
      const hash = found?.kind === 'patient' ? patients.passwordHashOf(name) : found?.kind === 'staff' ? staff.passwordHashOf(name) : null;
      return (await verifyPassword(password, hash)) ? name : null;
    },

    /** A patient's new password (a reset by SMS); staff passwords are not set here. */
    async setPatientPassword(loginName: string, password: string): Promise<void> {
      if (!patients.setPasswordHash(loginName, await hashPassword(password))) throw new Error(`${loginName} is no patient who signs in`);
    },

    /** The roles an account's access tokens carry: a staff member's role; none for a patient. */
    rolesOf(loginName: string): StaffRole[] {
      const found = lookUp(loginName);
      return found?.kind === 'staff' ? [found.role] : [];
    },

    demoLogins(): DemoLogins {
      return {
        patients: patients.list().map((patient) => patient.loginName),
        auditors: staff.list().filter((member) => member.role === AUDITOR_ROLE).map((member) => member.loginName),
      };
    },
  };
}

export type SignInAccounts = ReturnType<typeof signInAccounts>;
