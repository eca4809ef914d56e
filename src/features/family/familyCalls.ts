import type { ActionAnswer } from '../../../machines/confirmedAction/confirmedAction.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { actionAnswer } from '../../shared/api/actionAnswer';
import { familyAddedSchema, familyListSchema, familyRemovedSchema, type FamilyMember, type FamilyRelation } from '../../shared/api/familySchemas';

/** GET V1.0/Family/list: the account holder's family members, oldest first. */
export const loadFamily = (api: ApiClient, signal?: AbortSignal): Promise<{ members: FamilyMember[] }> =>
  api.request(ENDPOINTS.family.list, { schema: familyListSchema, signal });

/** POST V1.0/Family/add: the member whose national ID and SMS code the collect steps proved. */
export const addFamilyMember = (api: ApiClient, request: { verificationId: string; code: string; relation: FamilyRelation }, signal?: AbortSignal): Promise<FamilyMember> =>
  api.request(ENDPOINTS.family.add, { data: request, schema: familyAddedSchema, signal });

/** POST V1.0/Family/remove { memberId }: done, or refused with the server's message. */
export const removeFamilyMember = (api: ApiClient, memberId: string): Promise<ActionAnswer> =>
  actionAnswer(api.request(ENDPOINTS.family.remove, { data: { memberId }, schema: familyRemovedSchema }));
