// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allEndpoints, ENDPOINTS } from '../../src/shared/api/endpoints';
import { outcomeFor } from '../../src/shared/api/errorCatalogue';

const studyCall = ENDPOINTS.package.HospitalStudyList;
const reportCall = ENDPOINTS.report.GetSyncReportStatus;
const otherCall = ENDPOINTS.ai.GetWxPayParms;
const orderList = ENDPOINTS.ai.OrderList;

describe('error catalogue (spec section 8)', () => {
  it.each([studyCall, reportCall])('7001 on a study or report call ($path) goes to the stopped page with message and code', (endpoint) => {
    expect(outcomeFor(endpoint, { kind: 'business', statusCode: 7001, message: '医院已停用' })).toEqual({
      to: 'errorStop',
      message: '医院已停用',
      code: 7001,
    });
  });

  it.each([studyCall, reportCall])('other non-200 on $path goes to the error page with message and code', (endpoint) => {
    expect(outcomeFor(endpoint, { kind: 'business', statusCode: 500, message: '系统繁忙' })).toEqual({ to: 'error', message: '系统繁忙', code: 500 });
  });

  it('7001 on a call that is not a study or report call is an ordinary error', () => {
    expect(outcomeFor(otherCall, { kind: 'business', statusCode: 7001, message: 'x' })).toEqual({ to: 'error', message: 'x', code: 7001 });
  });

  it('a limit\'s refusal (429) says so in the reader\'s language, not the server\'s words', () => {
    expect(outcomeFor(otherCall, { kind: 'business', statusCode: 429, message: '操作过于频繁', result: { retryAfterSeconds: 60 } })).toEqual({
      to: 'error',
      messageKey: 'error.rateLimited',
      code: 429,
    });
  });

  it('a network error goes to the error page flagged as a network error', () => {
    expect(outcomeFor(otherCall, { kind: 'network' })).toEqual({ to: 'error', messageKey: 'error.network', network: true });
  });

  it.each([ENDPOINTS.ai.GetWxPayParms, ENDPOINTS.ai.CancelOrder, ENDPOINTS.ai.GetSJAiCheckResult, ENDPOINTS.ai.WxPayResultNotify])(
    '7001 from $path is not the hospital switching the cloud film off',
    (endpoint) => {
      expect(outcomeFor(endpoint, { kind: 'business', statusCode: 7001, message: 'x' })).toMatchObject({ to: 'error' });
    },
  );

  it('an order list failure is "network abnormal, try again later", flagged offline when it is', () => {
    expect(outcomeFor(orderList, { kind: 'business', statusCode: 7001, message: 'x' })).toEqual({ to: 'error', messageKey: 'error.listFailed', network: false });
    expect(outcomeFor(orderList, { kind: 'network' })).toEqual({ to: 'error', messageKey: 'error.listFailed', network: true });
    expect(outcomeFor(orderList, { kind: 'unauthorized' })).toEqual({ to: 'signIn' });
    expect(outcomeFor(orderList, { kind: 'aborted' })).toEqual({ to: 'nothing' });
  });

  it('a failure that names no call never goes to the stopped page', () => {
    expect(outcomeFor(null, { kind: 'business', statusCode: 7001, message: 'x' })).toEqual({ to: 'error', message: 'x', code: 7001 });
  });

  it('401 is left to the session; an abort shows nothing', () => {
    expect(outcomeFor(studyCall, { kind: 'unauthorized' })).toEqual({ to: 'signIn' });
    expect(outcomeFor(studyCall, { kind: 'aborted' })).toEqual({ to: 'nothing' });
  });

  it('a malformed answer and an HTTP error are told to the patient', () => {
    expect(outcomeFor(studyCall, { kind: 'malformed', detail: 'rows' })).toEqual({ to: 'error', messageKey: 'error.malformed' });
    expect(outcomeFor(studyCall, { kind: 'http', status: 502 })).toEqual({ to: 'error', messageKey: 'error.server', code: 502 });
  });
});

describe('endpoint table', () => {
  it('holds every call path of spec section 7 once, plus the analytics endpoint, share revoke, the experience pass and the extensions of docs/extensions.md', () => {
    const paths = allEndpoints().map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    // Issue 27: who opened my share (2), family members (3), the prior study (1).
    const extensions = ['V1.0/ShareLog/detail', 'V1.0/ShareLog/notify', 'V1.0/Family/list', 'V1.0/Family/add', 'V1.0/Family/remove', 'V1.0/Compare/prior'];
    for (const path of extensions) expect(paths).toContain(path);
    expect(paths).toHaveLength(66 + 3 + extensions.length);
    expect(paths).toContain('V1.0/Package/ExperiencePass');
    expect(paths).toContain('V1.0/Share/revoke');
    expect(paths).toContain('V1.0/Analytics/Collect');
    expect(paths).toContain('v1.0/wechat/GetJsConfigParms');
    expect(paths).toContain('V1.0/Package/HospitalStudyList');
    expect(paths).toContain('V1.0/Report/GetSyncReportStatus');
    expect(paths).toContain('V2.0/YJPIndex/GetHospitalSetting');
    expect(paths).toContain('v2/ReportCheck/authenpatientphone');
    expect(paths).toContain('v2/FilmDown/SendEmail');
  });

  it('marks exactly the Package, Report and ReportCheck calls as study and report calls, and the order list as itself', () => {
    // The collect calls answer a form: their refusals are its messages, not the error page (issue 13).
    const collectCalls = [
      ENDPOINTS.package.checkcollect, ENDPOINTS.package.Notify, ENDPOINTS.package.imagecode, ENDPOINTS.package.sendcode,
      ENDPOINTS.package.collect, ENDPOINTS.package.MachTextKeyWords, ENDPOINTS.report.PatientPhone, ENDPOINTS.report.AuthenReport,
      ENDPOINTS.reportCheck.sendcode, ENDPOINTS.reportCheck.authenpatientphone,
      // The experience page says itself when the demo study cannot be had (issue 14).
      ENDPOINTS.experience.ExperiencePass,
    ] as const;
    for (const endpoint of allEndpoints()) {
      const isStudyGroup = /^(V1\.0\/(Package|Report)|v2\/ReportCheck)\//.test(endpoint.path) && !(collectCalls as readonly unknown[]).includes(endpoint);
      const expected = isStudyGroup ? 'studyReport' : endpoint === orderList ? 'orderList' : 'general';
      expect(endpoint.domain, endpoint.path).toBe(expected);
    }
  });
});
