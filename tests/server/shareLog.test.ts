// @vitest-environment node
/**
 * Who opened my share (issue 27 §4): each try at the access code is logged for the owner, who is
 * told of openings (official account, else e-mail), can switch that off, and reaches revoke from the
 * message. Another patient's share log is not found.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setCollectClock } from '../../server/collect/clock';
import { deviceKindOf } from '../../server/deviceKind';
import { SHARE_NOTICE_QUIET_SECONDS } from '../../server/shareNotices';
import { shareLogSchema } from '../../src/shared/api/shareSchemas';
import { PUBLIC_ORIGIN, STUDY_LIST, startSandbox } from './helpers';
import { patientApi } from './patientApi';
import type { PatientApi } from './patientApi';
import type { FastifyInstance } from 'fastify';

const DETAIL = '/api/V1.0/ShareLog/detail';
const NOTIFY = '/api/V1.0/ShareLog/notify';
const INFO = '/api/V1.0/Share/info';
const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

afterEach(() => setCollectClock(() => new Date()));

async function world(login = 'patient1') {
  const app = await startSandbox({ env: { SANDBOX_TEST_MODE: '1' } });
  const api = await patientApi(app, login);
  const [study] = (await api.get(`${STUDY_LIST}?pageLength=1`)).result.rows;
  const share = (await api.post('/api/V1.0/Share/create', { collectFilmId: study.collectFilmId, days: 7 })).result;
  return { app, api, share };
}

/** Someone who holds the link, trying a code from a browser. */
function open(app: FastifyInstance, share: { code: string }, accessCode: string, userAgent = WECHAT) {
  return app.inject({ url: `${INFO}?code=${share.code}&accessCode=${accessCode}`, headers: { 'user-agent': userAgent } });
}
const wrongCode = (share: { accessCode: string }) => (share.accessCode === '0000' ? '0001' : '0000');
const logOf = async (api: PatientApi, shareId: string) => shareLogSchema.parse((await api.get(`${DETAIL}?shareId=${shareId}`)).result);
const messagesOf = async (app: FastifyInstance, login: string) => (await app.inject({ url: `/sandbox/test/official-account-messages?login=${login}` })).json().messages;
const follow = async (app: FastifyInstance, login: string) => expect((await app.inject({ method: 'POST', url: `/sandbox/test/follow?login=${login}&subscribed=true` })).statusCode).toBe(200);

describe('the device kind a share opening shows', () => {
  it('says WeChat, phone, tablet or computer, and nothing finer', () => {
    expect(deviceKindOf(WECHAT)).toBe('wechat');
    expect(deviceKindOf('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe('phone');
    expect(deviceKindOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1')).toBe('phone');
    expect(deviceKindOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('tablet');
    expect(deviceKindOf('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe('tablet');
    expect(deviceKindOf(DESKTOP)).toBe('computer');
    expect(deviceKindOf('curl/8.5.0')).toBe('unknown');
    expect(deviceKindOf(undefined)).toBe('unknown');
  });
});

describe('ShareLog/detail: the owner sees each try', () => {
  it('logs every access code tried, newest first, with its device and whether it was right', async () => {
    const { app, api, share } = await world();
    expect(await logOf(api, share.shareId)).toMatchObject({ notify: true, openings: [], rightTotal: 0, wrongTotal: 0, share: { shareId: share.shareId } });
    await open(app, share, wrongCode(share), DESKTOP);
    await open(app, share, share.accessCode, WECHAT);
    // The preview (no access code yet) is not a try.
    await app.inject({ url: `${INFO}?code=${share.code}` });
    const log = await logOf(api, share.shareId);
    expect(log.openings.map(({ device, codeRight }) => ({ device, codeRight }))).toEqual([
      { device: 'wechat', codeRight: true },
      { device: 'computer', codeRight: false },
    ]);
    expect([log.rightTotal, log.wrongTotal]).toEqual([1, 1]);
    expect(log.share.openCount).toBe(1);
  });

  it('logs the wrong code that locks the share, and not the tries the lock refuses untried', async () => {
    const { app, api, share } = await world();
    for (let i = 0; i < 7; i++) await open(app, share, wrongCode(share));
    const log = await logOf(api, share.shareId);
    expect([log.rightTotal, log.wrongTotal]).toEqual([0, 5]);
  });

  it("is not found for another patient's share, or one nobody made", async () => {
    const { app, share } = await world();
    const other = await patientApi(app, 'patient2');
    expect((await other.get(`${DETAIL}?shareId=${share.shareId}`)).statusCode).toBe(4101);
    expect((await other.post(NOTIFY, { shareId: share.shareId, notify: false })).statusCode).toBe(4101);
    expect((await other.get(`${DETAIL}?shareId=999999`)).statusCode).toBe(4101);
  });
});

describe("the owner is told of an opening, linked to the share's log", () => {
  it('by the official account when they follow it, once in a quiet period; a lock is always told', async () => {
    const { app, share } = await world();
    await follow(app, 'patient1');
    let now = new Date();
    setCollectClock(() => now);
    await open(app, share, share.accessCode);
    await open(app, share, share.accessCode);
    const [told, ...more] = await messagesOf(app, 'patient1');
    expect(more).toEqual([]);
    expect(told).toEqual({ title: '您的分享被打开了', body: expect.stringContaining('撤销'), link: `${PUBLIC_ORIGIN}/shareList?share=${share.shareId}`, sentAt: expect.any(String) });

    for (let i = 0; i < 5; i++) await open(app, share, wrongCode(share));
    expect((await messagesOf(app, 'patient1'))[0].title).toBe('有人多次输错您分享的访问码');

    now = new Date(now.getTime() + (SHARE_NOTICE_QUIET_SECONDS + 601) * 1000);
    await open(app, share, share.accessCode);
    expect((await messagesOf(app, 'patient1')).length).toBe(3);
  });

  it('by e-mail in both languages when they follow no account', async () => {
    const { app, api, share } = await world();
    expect((await api.post('/api/V1.0/Center/UpdateUserEmail', { email: 'owner@example.com' })).statusCode).toBe(200);
    await open(app, share, share.accessCode);
    const [mail] = (await app.inject({ url: '/sandbox/test/outbox?to=owner@example.com' })).json().messages;
    expect(mail.subject).toContain('Your share was opened');
    expect(mail.body).toContain(`${PUBLIC_ORIGIN}/shareList?share=${share.shareId}`);
    expect(mail.body).toContain('revoke the share');
  });

  it('not at all once switched off for that share; the log goes on', async () => {
    const { app, api, share } = await world();
    await follow(app, 'patient1');
    expect((await api.post(NOTIFY, { shareId: share.shareId, notify: false })).statusCode).toBe(200);
    expect((await logOf(api, share.shareId)).notify).toBe(false);
    await open(app, share, share.accessCode);
    for (let i = 0; i < 5; i++) await open(app, share, wrongCode(share));
    expect(await messagesOf(app, 'patient1')).toEqual([]);
    expect((await logOf(api, share.shareId)).openings.length).toBe(6);

    expect((await api.post(NOTIFY, { shareId: share.shareId, notify: 'true' })).statusCode).toBe(200);
    expect((await logOf(api, share.shareId)).notify).toBe(true);
    expect((await api.post(NOTIFY, { shareId: share.shareId, notify: 'maybe' })).statusCode).not.toBe(200);
  });
});
