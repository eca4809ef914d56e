// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HOSTILE_PATIENT_HOOK_PATH, hostileText, SCRIPT_PAYLOADS, type HostilePatient } from '../../server/routes/hostileTestRoutes';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { startSandbox, TEST_MODE } from './helpers';
import { patientApi } from './patientApi';
import { sharedSandbox } from './sharedSandbox';
import { signIn } from './signIn';

const api = (endpoint: { path: string }) => `/api/${endpoint.path}`;

/** The security suite's hostile patient (e2e/security.spec.ts): a test-mode hook, nothing of it outside. */
describe('the hostile patient hook', () => {
  const sandbox = sharedSandbox(TEST_MODE);

  async function create(): Promise<HostilePatient> {
    const response = await sandbox.app().inject({ method: 'POST', url: HOSTILE_PATIENT_HOOK_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().result as HostilePatient;
  }

  it('makes a new patient on each call, who signs in with the demo password', async () => {
    const [one, two] = [await create(), await create()];
    expect(one.loginName).not.toBe(two.loginName);
    expect(one.nationalId).not.toBe(two.nationalId);
    expect(one.share.code).not.toBe(two.share.code);
    expect(one.studies.map((study) => study.studyUid)).not.toEqual(two.studies.map((study) => study.studyUid));
    expect((await signIn(sandbox.app(), { login: one.loginName, password: one.password })).access_token).toEqual(expect.any(String));
  });

  it('gives every free-text field the screens show a script payload', async () => {
    const patient = await create();
    const as = await patientApi(sandbox.app(), patient.loginName);
    const hostile = (label: string) => hostileText(label);
    for (const payload of SCRIPT_PAYLOADS) expect(patient.name).toContain(payload);

    const user = (await as.get(api(ENDPOINTS.center.UserInfo))).result;
    expect(user).toMatchObject({ name: hostile('name'), nickName: hostile('nick'), email: patient.email });
    expect(patient.email).toContain('<img src=x onerror=alert(1)>');

    const films = (await as.get(`${api(ENDPOINTS.package.list)}?pageIndex=1&pageLength=10`)).result;
    expect(films.rows).toHaveLength(patient.studies.length);
    expect(films.rows[0]).toMatchObject({ studyDescription: hostile('study'), bodyPart: hostile('bodyPart') });

    const [newest] = patient.studies;
    const report = (await as.get(`${api(ENDPOINTS.report.detail)}?CollectId=${newest!.collectFilmId}`)).result;
    expect(report).toMatchObject({ findings: hostile('findings'), impression: hostile('impression'), reportedBy: hostile('reporter'), reviewedBy: hostile('reviewer') });

    const orders = (await as.orders()).filter((order) => patient.aiOrders.some((mine) => mine.orderNo === order.orderId));
    expect(orders).toHaveLength(patient.aiOrders.length);
    expect(orders.every((order) => order.item.startsWith('aiItem') && order.item.includes(SCRIPT_PAYLOADS[0]) && order.name === hostile('name'))).toBe(true);
    const failed = patient.aiOrders.find((order) => order.status === 4)!;
    expect((await as.get(`${api(ENDPOINTS.ai.GetSJAiCheckResult)}?orderId=${failed.orderNo}`)).result.failureReason).toBe(hostile('failureReason'));

    const storage = (await as.get(`${api(ENDPOINTS.image.StorageOrderList)}?status=-1&pageIndex=1&pageLength=10`)).result;
    expect(storage.rows.map((row: { orderNo?: string; orderId?: string }) => row.orderNo ?? row.orderId).sort()).toEqual(patient.storageOrders.map((order) => order.orderNo).sort());
    expect(JSON.stringify(storage.rows)).toContain(JSON.stringify(hostile('plan')).slice(1, -1));

    const shares = (await as.get(`${api(ENDPOINTS.share.list)}?pageIndex=1&pageLength=10`)).result;
    expect(shares.rows).toEqual([expect.objectContaining({ code: patient.share.code, studyDescription: hostile('study') })]);

    const downloads = (await as.get(`${api(ENDPOINTS.filmDown.FilmDownRecord)}?pageIndex=1&pageLength=10`)).result;
    expect(downloads.totals).toBe(1);
  });

  it('is the patient\'s own: another patient sees none of it', async () => {
    const patient = await create();
    const other = await sandbox.as('patient2');
    const films = (await other.get(`${api(ENDPOINTS.package.list)}?pageIndex=1&pageLength=50`)).result;
    expect(JSON.stringify(films)).not.toContain(SCRIPT_PAYLOADS[0]);
    expect((await other.get(`${api(ENDPOINTS.report.detail)}?CollectId=${patient.studies[0]!.collectFilmId}`)).statusCode).not.toBe(200);
  });

  it('does not exist without test mode: no patient is made', async () => {
    const app = await startSandbox();
    const response = await app.inject({ method: 'POST', url: HOSTILE_PATIENT_HOOK_PATH });
    expect(response.statusCode).toBe(404);
    const { count } = app.sandbox.db.prepare<[], { count: number }>("SELECT COUNT(*) AS count FROM patients WHERE login_name LIKE 'hostile-%'").get()!;
    expect(count).toBe(0);
  });
});
