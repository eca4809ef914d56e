import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectNow } from '../collect/clock';
import { verificationRules } from '../collect/verification';
import { commandInput } from '../commandInput';
import { accountHolder } from '../currentPatient';
import { ApiError, fail, ok } from '../envelope';
import { parseQuery, recordIdParam, textParam } from '../query';
import { clientOf } from '../rateLimit';
import { familyMemberRepository } from '../repositories/familyMembers';
import type { FamilyMemberRecord } from '../repositories/familyMembers';
import { verificationRepository } from '../repositories/verifications';
import { FAMILY_CODES, FAMILY_RELATIONS } from '../../src/shared/api/familySchemas';
import type { FamilyMember } from '../../src/shared/api/familySchemas';

const IS_SELF = '不能添加自己为家庭成员';
const ALREADY = '已是您的家庭成员';
const NOT_A_MEMBER = '家庭成员不存在或已移除';

const addInput = z.object({
  verificationId: textParam('verificationId', 'a verification id'),
  code: textParam('code', 'the SMS code'),
  relation: z.enum(FAMILY_RELATIONS, { error: `relation must be one of ${FAMILY_RELATIONS.join(', ')}` }),
});
const removeInput = z.object({ memberId: recordIdParam('memberId') });

const memberOf = (record: FamilyMemberRecord): FamilyMember => ({ ...record, memberId: String(record.memberId) });

/**
 * Family members (issue 27 §2, docs/extensions.md): the account holder's own calls, whoever they
 * act for. Adding takes the proof collecting takes: the member's national ID and image code sent
 * through V1.0/Package/sendcode (the same lookup and SMS limits), then the SMS code here, which uses
 * the verification up. Acting for a member is server/currentPatient.ts's X-Family-Member.
 */
export async function familyRoutes(app: FastifyInstance): Promise<void> {
  const { db, limits } = app.sandbox;
  const family = familyMemberRepository(db);
  const verifications = verificationRules(verificationRepository(db), limits);

  app.get('/V1.0/Family/list', async (request) => {
    const holder = await accountHolder(request);
    return ok({ members: family.membersOf(holder.id).map(memberOf) });
  });

  app.post('/V1.0/Family/add', async (request) => {
    const holder = await accountHolder(request);
    const { verificationId, code, relation } = parseQuery(addInput, commandInput(request));
    const now = collectNow();
    const verification = verifications.check(verificationId, 'nationalId', code, { client: clientOf(request), now });
    if (verification.patientId === holder.id) throw new ApiError(FAMILY_CODES.isSelf, IS_SELF);
    if (!family.add(holder.id, verification.patientId, relation, now)) throw new ApiError(FAMILY_CODES.already, ALREADY);
    const added = family.membersOf(holder.id).find((member) => member.memberId === verification.patientId);
    return ok(memberOf(added!) satisfies FamilyMember);
  });

  /** Ends the access at once: the next call acting for them is refused (currentPatient). */
  app.post('/V1.0/Family/remove', async (request) => {
    const holder = await accountHolder(request);
    const { memberId } = parseQuery(removeInput, commandInput(request));
    if (!family.remove(holder.id, memberId)) return fail(FAMILY_CODES.notMember, NOT_A_MEMBER);
    return ok(null, '操作成功');
  });
}
