// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarUploadedSchema, userInfoSchema } from '../../src/shared/api/centerSchemas';
import type { FormPart } from './multipart';
import { JPEG, NOT_AN_IMAGE, PNG, postJson, postMultipart, WEBP } from './multipart';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';
import { PUBLIC_ORIGIN } from './helpers';
import { avatarUrl } from '../../server/sandboxUrls';

const USER_INFO = '/api/V1.0/Center/UserInfo';
const UPDATE_USER = '/api/V1.0/Center/UpdateUser';
const UPDATE_EMAIL = '/api/V1.0/Center/UpdateUserEmail';
const UPLOAD_IMAGE = '/api/V1.0/Center/UploadImage';

const sandbox = sharedSandbox();

const headersOf = new Map<string, Promise<Record<string, string>>>();
function headers(login = 'patient2'): Promise<Record<string, string>> {
  if (!headersOf.has(login)) headersOf.set(login, signedInHeaders(sandbox.app(), login));
  return headersOf.get(login)!;
}

async function userInfo(login = 'patient2') {
  const answer = (await sandbox.app().inject({ url: USER_INFO, headers: await headers(login) })).json();
  expect(answer.statusCode).toBe(200);
  return userInfoSchema.parse(answer.result);
}

async function upload(parts: Parameters<typeof postMultipart>[2], login = 'patient2') {
  return (await postMultipart(sandbox.app(), UPLOAD_IMAGE, parts, await headers(login))).json();
}

const REFUSED = { statusCode: 4603, message: '请上传不超过2MB的JPG、PNG或WebP图片', result: null };

describe('UserInfo', () => {
  it("answers the hospital's record, the phone masked, and the patient's study count", async () => {
    expect(await userInfo('patient1')).toEqual({
      patientId: expect.stringMatching(/^\d+$/),
      name: '张伟',
      nickName: null,
      sex: 'M',
      birthDate: '1981-04-15',
      phoneMasked: '137****1111',
      email: null,
      avatarUrl: null,
      hospitalName: '云胶片示范医院',
      studyCount: 20,
    });
    expect((await userInfo('patient2')).studyCount).toBe(4);
  });

  it('needs a signed-in patient', async () => {
    expect((await sandbox.app().inject({ url: USER_INFO })).statusCode).toBe(401);
  });
});

describe('UpdateUser', () => {
  it('keeps the trimmed display name and answers UserInfo with it', async () => {
    const answer = (await postJson(sandbox.app(), UPDATE_USER, { nickName: '  娜娜  ' }, await headers())).json();
    expect(answer.statusCode).toBe(200);
    expect(userInfoSchema.parse(answer.result)).toMatchObject({ name: '李娜', nickName: '娜娜' });
    expect((await userInfo()).nickName).toBe('娜娜');
  });

  it('takes the query when there is no body, and 20 characters at most', async () => {
    const twenty = '一二三四五六七八九十一二三四五六七八九十';
    const answer = (await sandbox.as('patient2')).post(`${UPDATE_USER}?nickName=${encodeURIComponent(twenty)}`);
    expect((await answer).result.nickName).toBe(twenty);
  });

  it('counts characters as the app does: 20 emoji are 20 characters; Chinese, English and emoji names pass', async () => {
    for (const nickName of ['😀'.repeat(20), 'Mary-Jane O’Connor', '阿卜杜拉·买买提', '小明👨‍👩‍👧', 'Zoë ❤️']) {
      const answer = (await postJson(sandbox.app(), UPDATE_USER, { nickName }, await headers())).json();
      expect(answer.result.nickName).toBe(nickName);
    }
  });

  it.each([['empty', ''], ['spaces only', '   '], ['21 characters', 'a'.repeat(21)], ['21 emoji', '😀'.repeat(21)], ['missing', undefined], ['not text', 42]])(
    'refuses a name that is %s with 4601, keeping the old one',
    async (_, nickName) => {
      const before = (await userInfo()).nickName;
      const answer = (await postJson(sandbox.app(), UPDATE_USER, { nickName }, await headers())).json();
      expect(answer).toEqual({ statusCode: 4601, message: '昵称须为1-20个字', result: null });
      expect((await userInfo()).nickName).toBe(before);
    },
  );

  it.each([
    ['a right-to-left override (the name would read backwards on screen)', 'Ann\u202Egnp.exe'],
    ['a right-to-left isolate', 'Ann\u2067x'],
    ['a right-to-left mark', 'Ann\u200F'],
    ['a line break', 'Ann\nBob'],
    ['a NUL', 'Ann\u0000'],
    ['a zero-width space', 'An\u200Bn'],
    ['a Hangul filler (a name that looks empty)', '\u3164'],
    ['a lone surrogate', 'Ann\uD800'],
  ])('refuses a name with %s with 4601, keeping the old one', async (_, nickName) => {
    const before = (await userInfo()).nickName;
    const answer = (await postJson(sandbox.app(), UPDATE_USER, { nickName }, await headers())).json();
    expect(answer).toEqual({ statusCode: 4601, message: '昵称不能含控制字符、文字方向控制符或不可见字符', result: null });
    expect((await userInfo()).nickName).toBe(before);
  });
});

describe('UpdateUserEmail', () => {
  it('keeps the address in patients.email, where download links go, and answers UserInfo with it', async () => {
    const answer = (await postJson(sandbox.app(), UPDATE_EMAIL, { email: 'li_na@example.cn' }, await headers())).json();
    expect(answer.statusCode).toBe(200);
    expect(userInfoSchema.parse(answer.result).email).toBe('li_na@example.cn');
    const stored = sandbox.app().sandbox.db.prepare("SELECT email FROM patients WHERE login_name = 'patient2'").get();
    expect(stored).toEqual({ email: 'li_na@example.cn' });
  });

  it.each(['zhang.wei@163.com', 'john.smith+film@gmail.com', '张.伟@example.cn', 'li_na@example.cn'])(
    'keeps %j: dots and plus signs before the @ are fine (decisions.md), the spec\'s addresses too',
    async (email) => {
      const answer = (await postJson(sandbox.app(), UPDATE_EMAIL, { email }, await headers())).json();
      expect(answer.statusCode).toBe(200);
      expect((await userInfo()).email).toBe(email);
    },
  );

  it.each([
    ['lina.example.cn', '邮箱格式不正确：缺少@'],
    ['.lina@example.cn', '邮箱格式不正确：@前只能用字母、数字、汉字、点、加号、-或_'],
    ['li..na@example.cn', '邮箱格式不正确：@前只能用字母、数字、汉字、点、加号、-或_'],
    [' lina@example.cn', '邮箱格式不正确：@前只能用字母、数字、汉字、点、加号、-或_'],
    ['li_na\u202E@example.cn', '邮箱格式不正确：@前只能用字母、数字、汉字、点、加号、-或_'],
    ['lina@example', '邮箱格式不正确：@后的域名不对，例如 example.com'],
    [`li_na@${'b'.repeat(64)}.cn`, '邮箱格式不正确：@后的域名不对，例如 example.com'],
    [`${'a'.repeat(201)}@${'b'.repeat(50)}.cn`, '邮箱格式不正确：最多254个字符'],
  ])('refuses %j with 4602 and says which part is wrong (spec section 5, 254 characters at most, labels of 63)', async (email, message) => {
    const answer = (await postJson(sandbox.app(), UPDATE_EMAIL, { email }, await headers())).json();
    expect(answer).toEqual({ statusCode: 4602, message, result: null });
    expect((await userInfo()).email).toBe('li_na@example.cn');
  });

  it('clears the saved address when it is saved empty (decisions.md): no address, stored as null', async () => {
    for (const cleared of ['', '   ']) {
      expect((await postJson(sandbox.app(), UPDATE_EMAIL, { email: 'li_na@example.cn' }, await headers())).json().statusCode).toBe(200);
      const answer = (await postJson(sandbox.app(), UPDATE_EMAIL, { email: cleared }, await headers())).json();
      expect(answer.statusCode).toBe(200);
      expect(userInfoSchema.parse(answer.result).email).toBeNull();
      expect(sandbox.app().sandbox.db.prepare("SELECT email FROM patients WHERE login_name = 'patient2'").get()).toEqual({ email: null });
    }
    expect((await postJson(sandbox.app(), UPDATE_EMAIL, { email: 'li_na@example.cn' }, await headers())).json().statusCode).toBe(200);
  });
});

describe('UploadImage', () => {
  async function served(avatarUrl: string) {
    const url = new URL(avatarUrl);
    return sandbox.app().inject({ url: url.pathname });
  }

  it('keeps the avatar under a fresh address, served publicly with its type and a long cache', async () => {
    const answer = await upload([['file', { bytes: PNG, type: 'image/jpeg', filename: 'avatar.jpg' }]]);
    expect(answer.statusCode).toBe(200);
    const { avatarUrl } = avatarUploadedSchema.parse(answer.result);
    expect(avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:18080\/sandbox\/avatars\/[\w-]{20,}$/);
    expect((await userInfo()).avatarUrl).toBe(avatarUrl);

    const image = await served(avatarUrl);
    expect(image.statusCode).toBe(200);
    // The bytes' type, whatever the part said.
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the avatar: the new address serves it and the old one stops working', async () => {
    const first = (await userInfo()).avatarUrl!;
    const jpeg = avatarUploadedSchema.parse((await upload([['file', { bytes: JPEG }]])).result).avatarUrl;
    expect(jpeg).not.toBe(first);
    expect((await served(first)).statusCode).toBe(404);
    expect((await served(jpeg)).headers['content-type']).toBe('image/jpeg');
    const webp = avatarUploadedSchema.parse((await upload([['file', { bytes: WEBP }]])).result).avatarUrl;
    expect((await served(webp)).headers['content-type']).toBe('image/webp');
    expect((await served(jpeg)).statusCode).toBe(404);
    expect((await userInfo()).avatarUrl).toBe(webp);
  });

  it('answers 404 for an address nobody was given', async () => {
    expect((await served(avatarUrl(PUBLIC_ORIGIN, 'nobodys-token'))).statusCode).toBe(404);
  });

  const refusedUploads: Array<[string, Array<[string, FormPart]>]> = [
    ['a file that is not a JPEG, PNG or WebP (whatever it claims)', [['file', { bytes: NOT_AN_IMAGE, type: 'image/png' }]]],
    ["a page behind a JPEG's first three bytes", [['file', { bytes: Buffer.concat([JPEG.subarray(0, 3), Buffer.from('<html><script>alert(1)</script>')]), type: 'image/jpeg' }]]],
    ['a PNG cut short', [['file', { bytes: PNG.subarray(0, 24) }]]],
    ['an empty file', [['file', { bytes: new Uint8Array(0) }]]],
    ['no part named file', [['avatar', { bytes: PNG }]]],
    ['two files', [['file', { bytes: PNG }], ['file', { bytes: PNG }]]],
    ['a file over 2 MB', [['file', { bytes: Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]) }]]],
  ];
  it.each(refusedUploads)('refuses %s with 4603, keeping the avatar', async (_, parts) => {
    const before = (await userInfo()).avatarUrl;
    expect(await upload(parts)).toEqual(REFUSED);
    expect((await userInfo()).avatarUrl).toBe(before);
  });

  it('takes exactly 2 MB', async () => {
    expect((await upload([['file', { bytes: Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]) }]])).statusCode).toBe(200);
  });

  it('refuses a body that is not multipart with 4603', async () => {
    expect((await postJson(sandbox.app(), UPLOAD_IMAGE, { file: 'x' }, await headers())).json()).toEqual(REFUSED);
  });

  it('needs a signed-in patient', async () => {
    expect((await postMultipart(sandbox.app(), UPLOAD_IMAGE, [['file', { bytes: PNG }]])).statusCode).toBe(401);
  });
});
