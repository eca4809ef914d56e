import * as z from 'zod/mini';
import { serverId as id } from './fields';

/**
 * Family members (issue 27 §2; docs/extensions.md): V1.0/Family, the signed-in account holder's
 * calls. A patient adds a parent or a child after proving who they are (the collect calls' national
 * ID, image code and SMS code to that person's phone), then acts for them: every call that carries
 * X-Family-Member is answered for that member, checked by the server on each call.
 */

/** The header that makes a call act for a family member (its value: the member's memberId). */
export { FAMILY_MEMBER_HEADER } from './passHeader';

export const FAMILY_RELATIONS = ['parent', 'child', 'spouse', 'other'] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];

/** Business status codes of the family calls. */
export const FAMILY_CODES = {
  /** Not (or no longer) a member of the caller's family: the call acts for no one. */
  notMember: 4301,
  /** The verified person is the caller. */
  isSelf: 4302,
  /** Already a member. */
  already: 4303,
} as const;

/** GET V1.0/Family/list: the account holder's family, oldest first. */
export const familyMemberSchema = z.object({
  memberId: id,
  name: z.string(),
  relation: z.enum(FAMILY_RELATIONS),
  sex: z.string(),
  birthDate: z.string(),
  addedAt: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;
export const familyListSchema = z.object({ members: z.array(familyMemberSchema) });

/** POST V1.0/Family/add { verificationId, code, relation }: the member added (the verification is used up). */
export const familyAddedSchema = familyMemberSchema;

/** POST V1.0/Family/remove { memberId }: no longer a member; calls acting for them are refused at once. */
export const familyRemovedSchema = z.nullish(z.unknown());
