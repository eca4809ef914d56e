import type { FamilyRelation } from '../api/familySchemas';
import type { SafeStorage } from '../state/safeStorage';

/**
 * Whom this tab acts for (issue 27 §2): the patient themself, or a family member they added. It
 * lives in this tab's session storage (gone when the tab closes, and with everything else at sign
 * out), and its id goes in the X-Family-Member header of every call; the server checks on each
 * call that the member is still the patient's.
 */
export interface ActingMember {
  memberId: string;
  name: string;
  relation: FamilyRelation;
}

export interface FamilyMemberStore {
  /** The member this tab acts for, or null: the patient themself. */
  current(): ActingMember | null;
  actFor(member: ActingMember): void;
  /** Back to the patient themself. */
  actForSelf(): void;
}

const KEY = 'cf.actingMember';

export function familyMemberStore(storage: SafeStorage): FamilyMemberStore {
  return {
    current: () => {
      try {
        const member = JSON.parse(storage.get(KEY) ?? 'null') as ActingMember | null;
        return member && typeof member.memberId === 'string' && typeof member.name === 'string' ? member : null;
      } catch {
        return null;
      }
    },
    actFor: (member) => storage.set(KEY, JSON.stringify(member)),
    actForSelf: () => storage.remove(KEY),
  };
}
