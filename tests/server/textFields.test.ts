// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identification } from '../../server/collect/identify';
import { DEMO_PATIENTS, DEMO_PATIENT_LOGIN } from '../../server/demoData';
import { ApiError } from '../../server/envelope';
import { collectIdentityRepository } from '../../server/repositories/collectIdentity';
import { demoNationalId, demoStudyRecords } from '../../server/seed';
import { COLLECT_CODES } from '../../src/shared/api/collectSchemas';
import { CENTER_CODES } from '../../src/shared/api/centerSchemas';
import { DOWNLOAD_CODES } from '../../src/shared/api/downloadSchemas';
import { FEEDBACK_CODES } from '../../src/shared/api/helpSchemas';
import { SHARE_CODES } from '../../src/shared/api/shareSchemas';
import { TEXT_FIELDS, type TextFieldName } from '../../src/shared/rules/text';
import { postJson } from './multipart';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';

/**
 * Every field of the text rule's table (src/shared/rules/text.ts), checked where the sandbox takes
 * it: a value at its longest passes the rule, one character more is refused, and so is a
 * right-to-left override or a control character, with the call's own business code. A field
 * added to the table without a way to send it here fails the last test.
 */

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });
const RLO = '\u202E';

/** How the sandbox answered a value: the rule let it through (the call may still find nothing), or refused it. */
type Verdict = 'passed' | 'refused';

interface FieldDriver {
  /** The longest value the field takes, of characters the field's own format allows. */
  longest: () => string;
  /** The field's value with one more character. */
  tooLong: () => string;
  /** What the sandbox made of a value. */
  send: (value: string) => Promise<Verdict>;
}

const patient = DEMO_PATIENTS.find((one) => one.loginName === 'patient2')!;
const bagCode = demoStudyRecords().find((record) => record.patient.loginName === 'patient2')!.accessionNumber;
const headers = () => signedInHeaders(sandbox.app(), DEMO_PATIENT_LOGIN);
const identify = () => identification(collectIdentityRepository(sandbox.app().sandbox.db), sandbox.app().sandbox.studies);
const hospitalId = () => sandbox.app().sandbox.hospitals.findById(1)!.id;

/** Calls the API; `refusedWith` is the call's code for a value the rule refuses. */
async function api(call: () => Promise<{ json: () => unknown }>, refusedWith: number, message?: string): Promise<Verdict> {
  const answer = (await call()).json() as { statusCode: number; message: string };
  return answer.statusCode === refusedWith && (message === undefined || answer.message === message) ? 'refused' : 'passed';
}

/** Calls the collect rules directly (their routes are the collect feature's, and ask for an image code first). */
function lookup(find: () => unknown, refusedWith: number, message: string): Verdict {
  try {
    find();
    return 'passed';
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === refusedWith && error.message === message) return 'refused';
    if (error instanceof ApiError) return 'passed';
    throw error;
  }
}

let addresses = 0;
const from = () => ({ remoteAddress: `10.33.0.${++addresses}` });

/** A valid address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.cn'.length)}@example.cn`;

const DRIVERS: Record<TextFieldName, FieldDriver> = {
  nickName: {
    longest: () => '名'.repeat(20),
    tooLong: () => '名'.repeat(21),
    send: async (nickName) => api(async () => postJson(sandbox.app(), '/api/V1.0/Center/UpdateUser', { nickName }, await headers()), CENTER_CODES.nickNameInvalid),
  },
  email: {
    longest: () => emailOf(254),
    tooLong: () => emailOf(255),
    send: async (email) => {
      const center = await api(async () => postJson(sandbox.app(), '/api/V1.0/Center/UpdateUserEmail', { email }, await headers()), CENTER_CODES.emailInvalid);
      const download = await api(async () => postJson(sandbox.app(), '/api/v2/FilmDown/UpdateEmail', { email }, await headers()), DOWNLOAD_CODES.emailInvalid);
      expect(download).toBe(center);
      return center;
    },
  },
  feedbackContent: {
    longest: () => '字'.repeat(500),
    tooLong: () => '字'.repeat(501),
    send: (content) =>
      api(() => postJson(sandbox.app(), '/api/V1.0/HelpSupport/SubmitFeedback', { clientId: randomUUID(), content }, {}, from()), FEEDBACK_CODES.contentInvalid),
  },
  feedbackContact: {
    longest: () => '1'.repeat(100),
    tooLong: () => '1'.repeat(101),
    send: (contact) =>
      api(
        () => postJson(sandbox.app(), '/api/V1.0/HelpSupport/SubmitFeedback', { clientId: randomUUID(), content: '验证码一直收不到，请帮忙看看。', contact }, {}, from()),
        FEEDBACK_CODES.contactInvalid,
      ),
  },
  patientName: {
    longest: () => '名'.repeat(40),
    tooLong: () => '名'.repeat(41),
    send: async (name) => lookup(() => identify().byNamePhone(name, patient.phone, undefined, hospitalId()), COLLECT_CODES.identityNotFound, '姓名不正确'),
  },
  phone: {
    longest: () => patient.phone,
    tooLong: () => `${patient.phone}1`,
    send: async (phone) => lookup(() => identify().byNamePhone(patient.name, phone, undefined, hospitalId()), COLLECT_CODES.identityNotFound, '手机号码不正确'),
  },
  nationalId: {
    longest: () => demoNationalId(patient),
    tooLong: () => `${demoNationalId(patient)}1`,
    send: async (idCard) => lookup(() => identify().byNationalId(idCard, undefined, hospitalId()), COLLECT_CODES.identityNotFound, '身份证号不正确'),
  },
  bagCode: {
    // A link to the bag's study, as its QR code may hold one: the rule, not the lookup, decides.
    longest: () => {
      const link = `https://films.example.cn/bag?code=${bagCode}&p=`;
      return link + 'x'.repeat(256 - link.length);
    },
    tooLong: () => `${DRIVERS.bagCode.longest()}x`,
    send: async (code) => lookup(() => identify().bagStudy(code), COLLECT_CODES.bagCodeUnknown, '未识别的胶片袋编码'),
  },
  shareCode: {
    longest: () => 'A'.repeat(64),
    tooLong: () => 'A'.repeat(65),
    send: async (code) => {
      const answer = (await sandbox.app().inject({ url: `/api/V1.0/Share/info?code=${encodeURIComponent(code)}` })).json() as { statusCode: number };
      expect([400, SHARE_CODES.notFound]).toContain(answer.statusCode);
      return answer.statusCode === 400 ? 'refused' : 'passed';
    },
  },
};

describe.each(Object.keys(TEXT_FIELDS) as TextFieldName[])('%s, where the sandbox takes it', (name) => {
  const driver = DRIVERS[name];

  it('takes its longest value, not one character more', async () => {
    expect(await driver.send(driver.longest())).toBe('passed');
    expect(await driver.send(driver.tooLong())).toBe('refused');
  });

  it.each([
    ['a right-to-left override', RLO],
    ['a zero-width space', '\u200B'],
    ['a control character', '\u0007'],
  ])('refuses %s in place of its last character', async (_, bad) => {
    expect(await driver.send(`${driver.longest().slice(0, -1)}${bad}`)).toBe('refused');
  });
});

describe('the table', () => {
  it('has a way to send every field here', () => {
    expect(Object.keys(DRIVERS).sort()).toEqual(Object.keys(TEXT_FIELDS).sort());
  });

  it('a bag link that passes the rule does lead to its study (so a refusal above is the rule’s)', () => {
    expect(identify().bagStudy(DRIVERS.bagCode.longest()).accessionNumber).toBe(bagCode);
    expect(identify().byNamePhone(patient.name, patient.phone, undefined, hospitalId()).patient.name).toBe(patient.name);
  });
});
