// @vitest-environment node
/**
 * Family members (issue 27 §2): a patient adds a parent or child with that person's national ID
 * and the SMS code sent to their phone (collecting's proof and limits), then acts for them with
 * X-Family-Member on the same calls; the server checks the membership on every call, so removing a
 * member ends the access at once, and nobody acts for someone outside their family.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FAMILY_CODES, FAMILY_MEMBER_HEADER, familyListSchema } from '../../src/shared/api/familySchemas';
import { collectVisitor, demoPatient } from './collectFlow';
import { STUDY_LIST, startSandbox } from './helpers';
import { signedInHeaders } from './signIn';

const LIST = '/api/V1.0/Family/list';
const ADD = '/api/V1.0/Family/add';
const REMOVE = '/api/V1.0/Family/remove';

/** patient1 (张伟) signed in, on a sandbox of its own; patient3 (王小明, a child) is the family member. */
async function world() {
  const app = await startSandbox({ env: { SANDBOX_TEST_MODE: '1' } });
  const owner = collectVisitor(() => app, await signedInHeaders(app, 'patient1'));
  const memberId = (login: string) => app.sandbox.patients.findByLoginName(login)!.id;
  /** The national-ID verification of `login`, through the collect call, and its SMS code. */
  async function verification(login: string) {
    const sent = await owner.sendByNationalId(login);
    expect(sent.statusCode).toBe(200);
    return { verificationId: sent.result.verificationId as string, code: await owner.lastCode(demoPatient(login).phone) };
  }
  return { app, owner, memberId, verification };
}

async function studyIdsAs(app: FastifyInstance, headers: Record<string, string>) {
  const answer = (await app.inject({ url: `${STUDY_LIST}?pageLength=100`, headers })).json();
  return answer;
}

describe('adding a family member', () => {
  it("takes the member's national ID and the SMS code sent to their phone, once", async () => {
    const { app, owner, memberId, verification } = await world();
    const proof = await verification('patient3');
    const added = await owner.post(ADD, { ...proof, relation: 'child' });
    expect(added).toMatchObject({ statusCode: 200, result: { memberId: String(memberId('patient3')), name: '王小明', relation: 'child' } });
    const list = familyListSchema.parse((await owner.get(LIST)).result);
    expect(list.members.map((member) => [member.name, member.relation])).toEqual([['王小明', 'child']]);
    // The verification is used up.
    expect((await owner.post(ADD, { ...proof, relation: 'child' })).statusCode).not.toBe(200);
    // The code went to the member's phone, not the owner's.
    expect((await app.inject({ url: `/sandbox/test/sms?phone=${demoPatient('patient1').phone}` })).json().messages).toEqual([]);
  });

  it('refuses a wrong code (with the tries left), oneself, and someone already added', async () => {
    const { owner, verification } = await world();
    const proof = await verification('patient3');
    const wrong = await owner.post(ADD, { ...proof, code: proof.code === '000000' ? '111111' : '000000', relation: 'child' });
    expect(wrong).toMatchObject({ statusCode: 4004, result: { attemptsLeft: 4 } });
    expect((await owner.post(ADD, { ...proof, relation: 'child' })).statusCode).toBe(200);
    await owner.unlock('patient3');
    expect((await owner.post(ADD, { ...(await verification('patient3')), relation: 'parent' })).statusCode).toBe(FAMILY_CODES.already);
    await owner.unlock('patient1');
    expect((await owner.post(ADD, { ...(await verification('patient1')), relation: 'other' })).statusCode).toBe(FAMILY_CODES.isSelf);
    expect((await owner.post(ADD, { ...proof, relation: 'cousin' })).statusCode).not.toBe(200);
  });
});

describe('acting for a family member', () => {
  it("answers the same calls with the member's studies, and stops at once when the member is removed", async () => {
    const { app, owner, memberId, verification } = await world();
    const headers = await signedInHeaders(app, 'patient1');
    const child = String(memberId('patient3'));
    const mine = (await studyIdsAs(app, headers)).result.rows.map((row: { patientName: string }) => row.patientName);
    expect(new Set(mine)).toEqual(new Set(['张伟']));
    // Not a member yet: refused, not answered as the owner.
    expect((await studyIdsAs(app, { ...headers, [FAMILY_MEMBER_HEADER]: child })).statusCode).toBe(FAMILY_CODES.notMember);

    expect((await owner.post(ADD, { ...(await verification('patient3')), relation: 'child' })).statusCode).toBe(200);
    const theirs = await studyIdsAs(app, { ...headers, [FAMILY_MEMBER_HEADER]: child });
    expect(theirs.result.rows.length).toBe(demoPatient('patient3').studies.length);
    expect(new Set(theirs.result.rows.map((row: { patientName: string }) => row.patientName))).toEqual(new Set(['王小明']));
    // The family list and the personal centre stay the account holder's.
    expect((await app.inject({ url: LIST, headers: { ...headers, [FAMILY_MEMBER_HEADER]: child } })).json().result.members).toHaveLength(1);
    expect((await app.inject({ url: '/api/V1.0/Center/UserInfo', headers: { ...headers, [FAMILY_MEMBER_HEADER]: child } })).json().result).toMatchObject({ name: '张伟' });

    expect((await owner.post(REMOVE, { memberId: child })).statusCode).toBe(200);
    const after = await app.inject({ url: `${STUDY_LIST}?pageLength=100`, headers: { ...headers, [FAMILY_MEMBER_HEADER]: child } });
    expect(after.statusCode).toBe(403);
    expect(after.json().statusCode).toBe(FAMILY_CODES.notMember);
    expect((await owner.post(REMOVE, { memberId: child })).statusCode).toBe(FAMILY_CODES.notMember);
  });

  it("refuses a header naming someone outside the caller's family, or nothing at all", async () => {
    const { app } = await world();
    const headers = await signedInHeaders(app, 'patient2');
    for (const named of [String(app.sandbox.patients.findByLoginName('patient1')!.id), 'abc', '', '-1']) {
      const response = await app.inject({ url: `${STUDY_LIST}?pageLength=100`, headers: { ...headers, [FAMILY_MEMBER_HEADER]: named } });
      expect(response.statusCode, named).toBe(403);
    }
  });
});
