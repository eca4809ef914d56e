import type { SqliteDatabase } from '../db';
import type { FamilyRelation } from '../../src/shared/api/familySchemas';

export interface FamilyMemberRecord {
  memberId: number;
  name: string;
  relation: FamilyRelation;
  sex: string;
  birthDate: string;
  addedAt: string;
}

/** Whom a patient acts for (issue 27 §2): one row per owner and member. */
export function familyMemberRepository(db: SqliteDatabase) {
  const insert = db.prepare<[number, number, string, string]>(
    'INSERT INTO family_members (owner_id, member_id, relation, added_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const list = db.prepare<[number], FamilyMemberRecord>(`
    SELECT f.member_id AS memberId, p.name, f.relation, p.sex, p.birth_date AS birthDate, f.added_at AS addedAt
      FROM family_members f JOIN patients p ON p.id = f.member_id
     WHERE f.owner_id = ?
     ORDER BY f.added_at, f.member_id`);
  const one = db.prepare<[number, number], { memberId: number }>('SELECT member_id AS memberId FROM family_members WHERE owner_id = ? AND member_id = ?');
  const remove = db.prepare<[number, number]>('DELETE FROM family_members WHERE owner_id = ? AND member_id = ?');

  return {
    /** False when they were a member already. */
    add(ownerId: number, memberId: number, relation: FamilyRelation, now: Date): boolean {
      return insert.run(ownerId, memberId, relation, now.toISOString()).changes === 1;
    },
    membersOf(ownerId: number): FamilyMemberRecord[] {
      return list.all(ownerId);
    },
    isMember(ownerId: number, memberId: number): boolean {
      return one.get(ownerId, memberId) !== undefined;
    },
    /** False when they were not a member. */
    remove(ownerId: number, memberId: number): boolean {
      return remove.run(ownerId, memberId).changes === 1;
    },
  };
}
