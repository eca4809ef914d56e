// @vitest-environment node
/**
 * Every endpoint of the endpoint table, attacked as an outsider would (issue 22): without a
 * credential; with a forged, re-signed, unsigned, expired or revoked token; as another patient
 * naming the victim's ids; with a study pass of the attacker's own. The cases are generated from
 * the table (src/shared/api/endpoints.ts): RECIPES must name, for each endpoint, what an attacker
 * sends with the victim's ids, or the types do not check; and every /api route the sandbox
 * answers must be in the table.
 */
import { generateKeyPair, SignJWT } from 'jose';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASS_API_PATHS, PUBLIC_API_PATHS, VISITOR_API_PATHS } from '../../server/paths';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import type { Endpoint } from '../../src/shared/api/endpoints';
import { STUDY_PASS_HEADER } from '../../src/shared/api/collectSchemas';
import { FAMILY_MEMBER_HEADER } from '../../src/shared/api/familySchemas';
import { TEST_MODE } from '../server/helpers';
import { sharedSandbox } from '../server/sharedSandbox';
import { signIn } from '../server/signIn';
import { ledger } from '../../scripts/security/ledger';
import { registeredRoutes } from './routes';
import { ATTACKER, leakedMarkers, VICTIM, victimOf, victimState, XSRF } from './world';
import type { Victim } from './world';

const sandbox = sharedSandbox(TEST_MODE);
const book = ledger('api', 'endpoints');
afterAll(() => book.write());

/** What an attacker sends to an endpoint, naming the victim's things. */
interface Sent {
  query?: Record<string, string | number>;
  body?: Record<string, unknown>;
}
/**
 * What an attacker sends, and what must come of it when another patient sends it: `theirs` names
 * the victim's things and must be refused (no 200 envelope); `own` names nothing of anyone's and
 * may answer, with nothing of the victim's in it; `custom` says what holding means.
 */
interface Recipe {
  send: (victim: Victim) => Sent;
  refused: (response: LightMyRequestResponse) => boolean;
}
type Recipes = { [Group in keyof typeof ENDPOINTS]: { [Name in keyof (typeof ENDPOINTS)[Group]]: Recipe } };

/** Refused: an HTTP error, or an envelope that is not 200. */
function isRefusal(response: LightMyRequestResponse): boolean {
  if (response.statusCode >= 400) return true;
  try {
    return (response.json() as { statusCode?: unknown }).statusCode !== 200;
  } catch {
    return false;
  }
}
const theirs = (send: Recipe['send']): Recipe => ({ send, refused: isRefusal });
const own = (send: Recipe['send'] = () => ({})): Recipe => ({ send, refused: () => true });
const custom = (send: Recipe['send'], refused: Recipe['refused']): Recipe => ({ send, refused });

const page = { pageIndex: 1, pageLength: 50 };
const study = theirs((v: Victim) => ({ query: { CollectId: v.studyId } }));

/** For each endpoint, the victim's ids where it takes any; the call as it is where it names nothing of anyone's. */
const RECIPES: Recipes = {
  wechat: {
    GetJsConfigParms: own(() => ({ query: { url: 'http://127.0.0.1:18080/index' } })),
    GetUserScribeGZHTag: own(() => ({})),
  },
  package: {
    checkcollect: theirs((v) => ({ query: { idCard: v.nationalId } })),
    // Tells the hospital about the studies the caller may read, and skips the rest: nothing of the victim's is told.
    Notify: own((v) => ({ body: { collectFilmIds: [v.studyId] } })),
    list: own(() => ({ query: page })),
    delete: theirs((v) => ({ query: { collectId: v.collectId } })),
    imagecode: own(() => ({})),
    sendcode: theirs((v) => ({ body: { idCard: v.nationalId, captchaId: 'guessed', captchaText: 'ABCD' } })),
    collect: own(() => ({ body: { verificationId: 'guessed-verification', code: '123456' } })),
    MachTextKeyWords: theirs((v) => ({ query: { text: v.accession, idCard: v.nationalId } })),
    HospitalStudyList: own(() => ({ query: page })),
    HospitalStudyImageList: study,
    HospitalLogo: own(() => ({})),
    GetPatientStudyImageList: theirs((v) => ({ query: { studyUId: v.studyUid, hospId: v.orgCode } })),
  },
  report: {
    GetReportCheckType: own(() => ({})),
    detail: study,
    PatientPhone: theirs((v) => ({ query: { name: v.name, phone: v.phone } })),
    GetSyncReportStatus: study,
    AuthenReport: own(() => ({ body: {} })),
    ReportPatientStudyList: own(() => ({ query: { ...page, checkType: 'CT' } })),
  },
  share: {
    create: theirs((v) => ({ body: { collectFilmId: v.studyId, days: 30 } })),
    list: own(() => ({ query: page })),
    // The share code is the recipient's: with a wrong access code it opens nothing.
    info: theirs((v) => ({ query: { code: v.share.code, accessCode: v.share.accessCode === '0000' ? '0001' : '0000' } })),
    revoke: theirs((v) => ({ body: { shareId: v.share.shareId } })),
  },
  family: {
    // The account holder's own family: the attacker's list holds nothing of the victim's.
    list: own(() => ({})),
    // A made-up verification adds no one.
    add: own(() => ({ body: { verificationId: 'forged-verification', code: '000000', relation: 'parent' } })),
    // The victim is no member of the attacker's family.
    remove: theirs((v) => ({ body: { memberId: v.patientId } })),
  },
  shareLog: {
    detail: theirs((v) => ({ query: { shareId: v.share.shareId } })),
    notify: theirs((v) => ({ body: { shareId: v.share.shareId, notify: false } })),
  },
  image: {
    chargelist: theirs((v) => ({ query: { id: v.studyId } })),
    submmit: theirs((v) => ({ body: { id: v.studyId, planId: 'storage-36m' } })),
    CheckStorage: theirs((v) => ({ query: { id: v.studyId } })),
    WxPayResultNotify: theirs((v) => ({ query: { checkRecordId: v.storageOrder.id } })),
    pay: theirs((v) => ({ query: { payway: 2, checkRecordId: v.storageOrder.id } })),
    StorageOrderList: own(() => ({ query: { ...page, status: -1 } })),
    CancelOrder: theirs((v) => ({ body: { orderId: v.storageOrder.orderId } })),
  },
  ai: {
    list: own(() => ({})),
    info: theirs((v) => ({ query: { orderId: v.aiOrder.orderId } })),
    channelList: theirs((v) => ({ query: { id: v.studyId } })),
    submmit: theirs((v) => ({ body: { id: v.studyId, channelId: 'stroke' } })),
    GetWxPayParms: theirs((v) => ({ query: { payway: 2, checkRecordId: v.aiOrder.id } })),
    WxPayResultNotify: theirs((v) => ({ query: { checkRecordId: v.aiOrder.id } })),
    GetSJAiCheckResult: theirs((v) => ({ query: { orderId: v.aiOrder.orderId } })),
    CancelOrder: theirs((v) => ({ query: { orderId: v.aiOrder.orderId } })),
    OrderList: own(() => ({ query: { ...page, status: -1 } })),
  },
  helpSupport: {
    QuestionInfo: own(() => ({ query: { questionId: 'q1', lang: 'en' } })),
    QuestionTypes: own(() => ({ query: { lang: 'en' } })),
    SubmitFeedback: own(() => ({ body: {} })),
  },
  haodafu: { GetZjwzJumpUrl: theirs((v) => ({ query: { id: v.studyId } })) },
  center: {
    UpdateUser: own(() => ({ body: { nickName: 'mallory' } })),
    UploadImage: own(() => ({ body: {} })),
    UserInfo: own(() => ({})),
    UpdateUserEmail: own(() => ({ body: { email: 'mallory@example.com' } })),
  },
  experience: { ExperiencePass: own() },
  yjpIndex: {
    ElectImages: study,
    ElectReport: study,
    GetHospitalSetting: own(() => ({})),
    StorageInfo: study,
    ReportAiInfo: study,
    CheckExpireStorage: own(() => ({})),
  },
  common: { DeptNames: own() },
  reportCheck: {
    sendcode: theirs((v) => ({ body: { name: v.name, phone: v.phone, captchaId: 'guessed', captchaText: 'ABCD' } })),
    GetReportList: own(() => ({ query: page })),
    authenpatientphone: own(() => ({ body: { verificationId: 'guessed-verification', code: '123456' } })),
  },
  analytics: {
    // A record forged for the victim's order: refused, never stored.
    Collect: custom(
      (v) => ({
        body: {
          records: [
            {
              kind: 'event',
              id: 'forged-0001',
              at: new Date().toISOString(),
              seq: 0,
              deviceId: 'attacker',
              userId: VICTIM,
              orderId: v.aiOrder.orderId,
              checkRecordId: v.aiOrder.id,
              name: 'payment_cancelled',
              data: {},
            },
          ],
        },
      }),
      (response) => (response.json() as { result?: { refused?: string[] } }).result?.refused?.includes('forged-0001') === true,
    ),
  },
  filmDown: {
    ExeitPackageTask: theirs((v) => ({ query: { collectFilmId: v.studyId } })),
    AddPackageTask: theirs((v) => ({ body: { collectFilmId: v.studyId, format: 'dicom', desensitize: false } })),
    QueryPackageTask: theirs((v) => ({ query: { taskId: v.taskId } })),
    CopyDownUrl: theirs((v) => ({ query: { taskId: v.taskId } })),
    FilmDownFile: theirs((v) => ({ query: { taskId: v.taskId, via: 'app' } })),
    FilmDownRecord: own(() => ({ query: page })),
    UpdateDesensitize: theirs((v) => ({ body: { taskId: v.taskId, desensitize: true } })),
    UpdateEmail: own(() => ({ body: { email: 'mallory@example.com' } })),
    SendEmail: theirs((v) => ({ body: { taskId: v.taskId, email: 'mallory@example.com' } })),
  },
  // The victim's study: another patient learns neither it nor whether an earlier one exists.
  compare: { prior: theirs((v) => ({ query: { studyUId: v.studyUid, hospId: v.orgCode } })) },
};

type Access = 'public' | 'visitor' | 'pass' | 'patient';

/** Who may call it, as the sandbox says (server/paths.ts): anyone, a visitor with a proof, a pass holder, a signed-in patient. */
function accessOf(endpoint: Endpoint): Access {
  const path = `/api/${endpoint.path}`;
  if (PUBLIC_API_PATHS.has(path)) return 'public';
  if (VISITOR_API_PATHS.has(path)) return 'visitor';
  return PASS_API_PATHS.has(path) ? 'pass' : 'patient';
}

interface Case {
  label: string;
  endpoint: Endpoint;
  recipe: Recipe;
  access: Access;
}

const CASES: Case[] = Object.entries(ENDPOINTS).flatMap(([group, names]) =>
  Object.entries(names).map(([name, endpoint]): Case => {
    const recipe = (RECIPES as Record<string, Record<string, Recipe>>)[group]![name]!;
    return { label: `${endpoint.method} ${endpoint.path}`, endpoint, recipe, access: accessOf(endpoint) };
  }),
);

let victim: Victim;
let before: string;

function send(app: FastifyInstance, { endpoint, recipe }: Case, credentials: Record<string, string>): Promise<LightMyRequestResponse> {
  const { query, body } = recipe.send(victim);
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}` : '';
  return app.inject({
    method: endpoint.method,
    url: `/api/${endpoint.path}${search}`,
    headers: { ...credentials, 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
    ...(endpoint.method === 'POST' ? { payload: body ?? {} } : {}),
  });
}

/**
 * The attack held: nothing of the victim's came back; where the endpoint needs a signed-in patient
 * it answered 401; otherwise what names the victim's things was refused (the recipe says how).
 */
function held(klass: string, one: Case, response: LightMyRequestResponse, mustBe401: boolean): void {
  const leaked = leakedMarkers(victim, response);
  const refused = mustBe401 ? response.statusCode === 401 : response.statusCode >= 400 || one.recipe.refused(response);
  const ok = leaked.length === 0 && refused;
  const detail = leaked.length ? ` (leaked ${leaked.join(', ')})` : refused ? '' : ` (answered HTTP ${response.statusCode}: ${response.body.slice(0, 160)})`;
  expect(book.record(klass, one.label, ok), `${klass}: ${one.label}${detail}`).toBe(true);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
let tokens: { attacker: string; forgedSubject: string; unsigned: string; otherKey: string; revoked: string };

beforeAll(async () => {
  const app = sandbox.app();
  victim = await victimOf(app);
  before = victimState(app);
  const attacker = (await signIn(app, { login: ATTACKER })).access_token;
  const [header, payload, signature] = attacker.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const revokedToken = (await signIn(app, { login: 'patient3' })).access_token;
  expect((await app.inject({ method: 'POST', url: '/sandbox/oidc/revoke?login=patient3' })).statusCode).toBe(200);
  const { privateKey } = await generateKeyPair('ES256');
  tokens = {
    attacker,
    // The attacker's token with the victim's name in it: the signature no longer matches.
    forgedSubject: `${header}.${base64url({ ...claims, sub: VICTIM })}.${signature}`,
    unsigned: `${base64url({ alg: 'none', typ: 'at+jwt' })}.${base64url({ ...claims, sub: VICTIM })}.`,
    // Well formed and signed, by a key that is not the provider's.
    otherKey: await new SignJWT({ ...claims, sub: VICTIM }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: JSON.parse(Buffer.from(header!, 'base64url').toString()).kid }).sign(privateKey),
    revoked: revokedToken,
  };
});

describe('the endpoint table and the sandbox agree', () => {
  it('every /api route the sandbox answers is in the endpoint table, so every one is attacked below', () => {
    const inTable = new Set(CASES.map((one) => `/api/${one.endpoint.path}`));
    const answered = registeredRoutes(sandbox.app()).filter((path) => path.startsWith('/api/'));
    expect(answered.filter((path) => !inTable.has(path))).toEqual([]);
    expect([...inTable].filter((path) => !answered.includes(path))).toEqual([]);
  });
});

describe('no credential at all', () => {
  it.each(CASES)('$label', async (one) => {
    held('no credential', one, await send(sandbox.app(), one, {}), one.access === 'patient' || one.access === 'pass');
  });
});

describe.each([
  ['a token re-signed for another patient', () => tokens.forgedSubject],
  ['an unsigned token (alg none)', () => tokens.unsigned],
  ['a token signed by another key', () => tokens.otherKey],
  ['a revoked token', () => tokens.revoked],
])('%s', (klass, token) => {
  it.each(CASES)('$label', async (one) => {
    const response = await send(sandbox.app(), one, { authorization: `Bearer ${token()}` });
    // A public call ignores a token; any other refuses a bad one (a visitor's calls too, when they read one).
    held(klass, one, response, one.access === 'patient' || one.access === 'pass');
  });
});

describe("another patient, naming the victim's ids", () => {
  it.each(CASES)('$label', async (one) => {
    held("another patient's ids", one, await send(sandbox.app(), one, { authorization: `Bearer ${tokens.attacker}` }), false);
  });
});

describe("another patient acting for the victim as family (X-Family-Member) without being family", () => {
  it.each(CASES)('$label', async (one) => {
    const response = await send(sandbox.app(), one, { authorization: `Bearer ${tokens.attacker}`, [FAMILY_MEMBER_HEADER]: String(victim.patientId) });
    held('acting for the victim without being family', one, response, false);
  });
});

describe("a study pass of the attacker's own, naming the victim's ids", () => {
  let pass: string;
  beforeAll(() => {
    const { db, passes } = sandbox.app().sandbox;
    const patientId = db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?').get(ATTACKER)!.id;
    const studyIds = db.prepare<[number], { id: number }>('SELECT id FROM studies WHERE patient_id = ?').all(patientId).map((row) => row.id);
    pass = passes.issue({ scope: 'collect', patientId, studyIds, ttlSeconds: 600 }).token;
  });

  it.each(CASES)('$label', async (one) => {
    held('a study pass for other studies', one, await send(sandbox.app(), one, { [STUDY_PASS_HEADER]: pass }), one.access === 'patient');
  });
});

describe('an expired token', () => {
  it.each(CASES)('$label', async (one) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    try {
      held('an expired token', one, await send(sandbox.app(), one, { authorization: `Bearer ${tokens.attacker}` }), one.access === 'patient' || one.access === 'pass');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('afterwards', () => {
  it("the victim's films, orders, payments, shares, packages and profile are as they were", () => {
    expect(book.record('state unchanged', 'the victim after every attack', victimState(sandbox.app()) === before)).toBe(true);
  });
});
