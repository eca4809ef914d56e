import type { Account } from 'oidc-provider';
import { verifyPassword } from '../passwords';
import type { PatientRepository } from '../repositories/patients';

/** Which claims each scope releases; `sub` is the patient's login name (e.g. `patient1`). */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
} as const;

export function patientAccounts(patients: PatientRepository) {
  return {
    /** oidc-provider's `findAccount`: the account id is the login name. */
    find(loginName: string): Account | undefined {
      const patient = patients.findByLoginName(loginName);
      if (!patient) return undefined;
      return {
        accountId: patient.loginName,
        // The provider filters these by the granted scopes.
        claims: () => ({ sub: patient.loginName, name: patient.name, preferred_username: patient.loginName }),
      };
    },

    /** The login name the patient signed in as, or null for a wrong name or password. */
    async authenticate(loginName: string, password: string): Promise<string | null> {
      const name = loginName.trim();
      const hash = name ? patients.passwordHashOf(name) : null;
      return (await verifyPassword(password, hash)) ? name : null;
    },

    /** Hints for the sign-in page: login names only, no patient's name on a page anyone can open. */
    loginNames(): string[] {
      return patients.list().map((patient) => patient.loginName);
    },
  };
}

export type PatientAccounts = ReturnType<typeof patientAccounts>;
