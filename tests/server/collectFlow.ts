import type { FastifyInstance } from 'fastify';
import { DEMO_PATIENTS } from '../../server/demoData';
import type { DemoPatient } from '../../server/demoData';
import { demoNationalId, demoStudyRecords } from '../../server/seed';

/** The collect calls (issue 13), as the app's API client reaches them. */
export const COLLECT_PATHS = {
  imagecode: '/api/V1.0/Package/imagecode',
  bagHint: '/api/V1.0/Package/MachTextKeyWords',
  checkcollect: '/api/V1.0/Package/checkcollect',
  patientPhone: '/api/V1.0/Report/PatientPhone',
  sendByNationalId: '/api/V1.0/Package/sendcode',
  sendByNamePhone: '/api/v2/ReportCheck/sendcode',
  collect: '/api/V1.0/Package/collect',
  authenPatientPhone: '/api/v2/ReportCheck/authenpatientphone',
  authenReport: '/api/V1.0/Report/AuthenReport',
  reportList: '/api/v2/ReportCheck/GetReportList',
  notify: '/api/V1.0/Package/Notify',
} as const;

const XSRF = 'test-pair';

/** A parsed API answer, checked field by field in the tests. */
type Answer = ReturnType<typeof JSON.parse>;

export function demoPatient(loginName: string): DemoPatient {
  const patient = DEMO_PATIENTS.find((one) => one.loginName === loginName);
  if (!patient) throw new Error(`no demo patient ${loginName}`);
  return patient;
}

/** The accession numbers (film bag codes) of a demo patient's studies, newest first. */
export function bagCodesOf(loginName: string): string[] {
  return demoStudyRecords()
    .filter((record) => record.patient.loginName === loginName)
    .map((record) => record.accessionNumber)
    .reverse();
}

/** An image code and the answer typed for it. */
export interface CaptchaTyped {
  captchaId: string;
  captchaText: string;
}

let clients = 0;
/** A client address of its own for each visitor: the sandbox counts its per-client limits by address. */
export function nextClientAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * A visitor of the collect pages: not signed in unless given headers (a bearer, a pass), and
 * from an address of its own unless given one.
 */
export function collectVisitor(app: () => FastifyInstance, headers: Record<string, string> = {}, remoteAddress = nextClientAddress()) {
  const visitor = {
    remoteAddress,
    async get(url: string, extra: Record<string, string> = {}): Promise<Answer> {
      return (await app().inject({ url, headers: { ...headers, ...extra }, remoteAddress })).json();
    },
    async post(url: string, body: object = {}, extra: Record<string, string> = {}): Promise<Answer> {
      const response = await app().inject({
        method: 'POST',
        url,
        payload: body,
        remoteAddress,
        headers: { ...headers, ...extra, 'x-xsrf-token': XSRF },
        cookies: { 'XSRF-TOKEN': XSRF },
      });
      return response.json();
    },
    /** A GET lookup (checkcollect, PatientPhone, MachTextKeyWords) with these values and an image code: a fresh one unless given. */
    async lookup(path: string, params: Record<string, string>, captcha?: CaptchaTyped): Promise<Answer> {
      const query = new URLSearchParams({ ...params, ...(captcha ?? (await visitor.captcha())) });
      return visitor.get(`${path}?${query.toString()}`);
    },
    /** A fresh image code and its answer (read through the test-mode endpoint), lower case as a person might type it. */
    async captcha(): Promise<CaptchaTyped> {
      const { result } = await visitor.get(COLLECT_PATHS.imagecode);
      if (!result) throw new Error('no image code: the client is past its limit');
      const answer = (await app().inject({ url: `/sandbox/test/captcha?id=${encodeURIComponent(result.captchaId)}` })).json();
      return { captchaId: result.captchaId, captchaText: String(answer.answer).toLowerCase() };
    },
    /** Every count on a demo patient's number and lookups starts again (the test-mode unlock). */
    async unlock(loginName: string): Promise<void> {
      const response = await app().inject({ method: 'POST', url: `/sandbox/test/verification/unlock?phone=${demoPatient(loginName).phone}` });
      if (response.statusCode !== 200) throw new Error(`unlock answered ${response.statusCode}`);
    },
    /** The newest SMS code sent to a phone. */
    async lastCode(phone: string): Promise<string> {
      const { messages } = (await app().inject({ url: `/sandbox/test/sms?phone=${phone}` })).json();
      return messages[0].code;
    },
    /** Starts a national-ID verification of a demo patient: answers CodeSent's envelope. */
    async sendByNationalId(loginName: string, extra: object = {}): Promise<Answer> {
      return visitor.post(COLLECT_PATHS.sendByNationalId, { idCard: demoNationalId(demoPatient(loginName)), ...(await visitor.captcha()), ...extra });
    },
    async sendByNamePhone(loginName: string, extra: object = {}): Promise<Answer> {
      const { name, phone } = demoPatient(loginName);
      return visitor.post(COLLECT_PATHS.sendByNamePhone, { name, phone, ...(await visitor.captcha()), ...extra });
    },
    /** The whole national-ID flow to the right code: answers Verified's envelope. */
    async verify(loginName: string, extra: object = {}): Promise<Answer> {
      const sent = await visitor.sendByNationalId(loginName, extra);
      if (sent.statusCode !== 200) throw new Error(`sendcode answered ${JSON.stringify(sent)}`);
      const code = await visitor.lastCode(demoPatient(loginName).phone);
      return visitor.post(COLLECT_PATHS.collect, { verificationId: sent.result.verificationId, code });
    },
    /** A collect pass over a demo patient's studies. */
    async pass(loginName: string): Promise<string> {
      const verified = await visitor.verify(loginName);
      if (verified.statusCode !== 200) throw new Error(`collect answered ${JSON.stringify(verified)}`);
      return verified.result.pass;
    },
  };
  return visitor;
}

export type CollectVisitor = ReturnType<typeof collectVisitor>;
