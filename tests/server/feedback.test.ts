// @vitest-environment node
import { randomUUID } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGES_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  feedbackReceivedSchema,
  type FeedbackRefusal,
} from '../../src/shared/api/helpSchemas';
import { LINGER } from '../../server/multipartForm';
import { registeredLimits } from '../../server/rateLimit';
import { startSandbox } from './helpers';
import type { FormPart, From } from './multipart';
import { ANTI_FORGERY_HEADERS, JPEG, NOT_AN_IMAGE, padded, PNG, postJson, postMultipart, WEBP, WEBP_EXTENDED, WEBP_LOSSLESS } from './multipart';
import { streamRequest } from './rawUpload';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';

const SUBMIT = '/api/V1.0/HelpSupport/SubmitFeedback';
const STORED = '/sandbox/test/feedback';
const CONTENT = '领取检查时验证码一直收不到，请帮忙看看。';
const MB = 1024 * 1024;
const RLO = '\u202E';

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });

/** Each test sends from addresses of its own, so the per-address quotas of one do not touch another. */
let addresses = 0;
const newClient = (): From => ({ remoteAddress: `10.22.${Math.floor(++addresses / 250)}.${addresses % 250}` });

interface Draft {
  clientId?: string;
  typeId?: string;
  content?: string;
  contact?: string;
  images?: FormPart[];
}

/** The form as the app builds it (src/features/help/feedbackCalls.ts). */
function parts({ clientId = randomUUID(), typeId = '', content = CONTENT, contact = '', images = [] }: Draft): Array<[string, FormPart]> {
  return [['clientId', clientId], ['typeId', typeId], ['content', content], ['contact', contact], ...images.map((image): [string, FormPart] => ['images', image])];
}

async function submit(draft: Draft, headers: Record<string, string> = {}, from: From = newClient()) {
  return (await postMultipart(sandbox.app(), SUBMIT, parts(draft), headers, from)).json();
}

async function stored(clientId: string) {
  return sandbox.app().inject({ url: `${STORED}?clientId=${clientId}` });
}

const feedbackRows = () => (sandbox.app().sandbox.db.prepare('SELECT COUNT(*) AS n FROM feedback').get() as { n: number }).n;

const REFUSALS: Record<FeedbackRefusal['reason'], { statusCode: number; message: string }> = {
  contentShort: { statusCode: 4302, message: '反馈内容须为10-500个字' },
  contentLong: { statusCode: 4302, message: '反馈内容须为10-500个字' },
  contentCharacters: { statusCode: 4302, message: '反馈内容不能含控制字符、文字方向控制符或不可见字符' },
  contactInvalid: { statusCode: 4304, message: '联系方式须为一行，最多100个字，且不能含控制字符、文字方向控制符或不可见字符' },
  tooManyImages: { statusCode: 4303, message: '最多上传9张图片' },
  imageTooLarge: { statusCode: 4303, message: '每张图片不能超过10MB' },
  notAnImage: { statusCode: 4303, message: '只能上传JPG、PNG或WebP图片' },
  uploadTooLarge: { statusCode: 4303, message: '图片合计不能超过24MB' },
};
const refusal = (reason: FeedbackRefusal['reason']) => ({ ...REFUSALS[reason], result: { reason } });

describe('SubmitFeedback', () => {
  it('takes feedback from anyone, with its images, and answers the receipt', async () => {
    const clientId = randomUUID();
    const images = [{ bytes: PNG, type: 'image/jpeg' }, { bytes: JPEG }, { bytes: WEBP }, { bytes: WEBP_LOSSLESS }, { bytes: WEBP_EXTENDED }];
    const answer = await submit({ clientId, typeId: 'collect', content: `  ${CONTENT}  `, contact: ' 13600002222 ', images });
    expect(answer.statusCode).toBe(200);
    const receipt = feedbackReceivedSchema.parse(answer.result);
    expect(receipt).toEqual({ feedbackId: expect.stringMatching(/^\d+$/), receivedAt: expect.any(String), imageCount: 5 });
    expect(Math.abs(Date.parse(receipt.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect((await stored(clientId)).json()).toEqual({
      content: CONTENT,
      contact: '13600002222',
      typeId: 'collect',
      patientLogin: null,
      receivedAt: receipt.receivedAt,
      imageCount: 5,
      images: [
        { type: 'image/png', bytes: PNG.length },
        { type: 'image/jpeg', bytes: JPEG.length },
        { type: 'image/webp', bytes: WEBP.length },
        { type: 'image/webp', bytes: WEBP_LOSSLESS.length },
        { type: 'image/webp', bytes: WEBP_EXTENDED.length },
      ],
    });
  });

  it("attaches a signed-in patient's feedback to them; without a type or contact, those are null", async () => {
    const clientId = randomUUID();
    expect((await submit({ clientId }, await signedInHeaders(sandbox.app(), 'patient3'))).statusCode).toBe(200);
    expect((await stored(clientId)).json()).toMatchObject({ patientLogin: 'patient3', typeId: null, contact: null, imageCount: 0, images: [] });
  });

  it('answers a bad bearer token with 401, so the app signs in again', async () => {
    expect((await postMultipart(sandbox.app(), SUBMIT, parts({}), { authorization: 'Bearer not-a-token' }, newClient())).statusCode).toBe(401);
  });

  it('records a retried draft once, answering the first receipt', async () => {
    const clientId = randomUUID();
    const from = newClient();
    const first = await submit({ clientId, images: [{ bytes: PNG }] }, {}, from);
    const rows = feedbackRows();
    const again = await submit({ clientId, images: [{ bytes: PNG }] }, {}, from);
    expect(again).toEqual(first);
    // Even a retry that reached the server differently (no images, as JSON) is the same draft.
    expect((await postJson(sandbox.app(), SUBMIT, { clientId, content: CONTENT }, {}, from)).json()).toEqual(first);
    expect(feedbackRows()).toBe(rows);
  });

  it('takes a JSON body (no images) too', async () => {
    const clientId = randomUUID();
    const answer = (await postJson(sandbox.app(), SUBMIT, { clientId, typeId: 'pay', content: CONTENT, contact: 'li_na@example.cn' }, {}, newClient())).json();
    expect(answer.result.imageCount).toBe(0);
    expect((await stored(clientId)).json()).toMatchObject({ typeId: 'pay', contact: 'li_na@example.cn' });
  });

  it('keeps line breaks and emoji in the text, counting an emoji as one character', async () => {
    const clientId = randomUUID();
    const content = '第一步：扫码\n第二步：输入验证码 😀\n\t结果：一直转圈 👨‍👩‍👧';
    expect((await submit({ clientId, content })).statusCode).toBe(200);
    // A form sends its line breaks as CR LF.
    expect((await stored(clientId)).json()).toMatchObject({ content: content.replaceAll('\n', '\r\n') });
    expect((await submit({ content: '😀'.repeat(500) })).statusCode).toBe(200);
  });

  it('takes 10 and 500 characters once trimmed, a contact of 100, nine images, one of 10 MB, and 24 MB in all', async () => {
    expect((await submit({ content: ` ${'字'.repeat(10)} ` })).statusCode).toBe(200);
    expect((await submit({ content: '字'.repeat(500) })).statusCode).toBe(200);
    expect((await submit({ contact: '1'.repeat(100) })).statusCode).toBe(200);
    const nine = await submit({ images: Array.from({ length: FEEDBACK_MAX_IMAGES }, () => ({ bytes: JPEG })) });
    expect(nine.result.imageCount).toBe(9);
    expect((await submit({ images: [{ bytes: padded(JPEG, FEEDBACK_IMAGE_MAX_BYTES) }] })).statusCode).toBe(200);
    const rest = FEEDBACK_IMAGES_MAX_BYTES - 2 * FEEDBACK_IMAGE_MAX_BYTES;
    const all = [{ bytes: padded(JPEG, FEEDBACK_IMAGE_MAX_BYTES) }, { bytes: padded(PNG, FEEDBACK_IMAGE_MAX_BYTES) }, { bytes: padded(WEBP, rest) }];
    expect((await submit({ images: all })).result.imageCount).toBe(3);
  });

  it.each([
    ['9 characters', '字'.repeat(9), 'contentShort'],
    ['9 characters inside spaces', `   ${'字'.repeat(9)}   `, 'contentShort'],
    ['empty', '', 'contentShort'],
    ['501 characters', '字'.repeat(501), 'contentLong'],
    ['501 emoji', '😀'.repeat(501), 'contentLong'],
    ['far too long (cut at the part size limit)', '字'.repeat(5000), 'contentLong'],
    ['a right-to-left override', `${CONTENT}${RLO}gnp.exe`, 'contentCharacters'],
    ['a NUL', `${CONTENT}\u0000`, 'contentCharacters'],
    ['an escape sequence', `${CONTENT}\u001B[2J`, 'contentCharacters'],
    ['a zero-width space', `${CONTENT}\u200B`, 'contentCharacters'],
    ['hidden tag characters', `${CONTENT}\u{E0069}\u{E0067}`, 'contentCharacters'],
  ] as const)('refuses content of %s with 4302 and its reason, recording nothing', async (_, content, reason) => {
    const clientId = randomUUID();
    expect(await submit({ clientId, content })).toEqual(refusal(reason));
    expect((await stored(clientId)).statusCode).toBe(404);
  });

  it('refuses content with a lone surrogate (JSON can carry one) with 4302', async () => {
    const clientId = randomUUID();
    const answer = await sandbox.app().inject({
      method: 'POST',
      url: SUBMIT,
      payload: `{"clientId":"${clientId}","content":"${CONTENT}\\ud83d"}`,
      headers: { 'content-type': 'application/json', ...ANTI_FORGERY_HEADERS },
      ...newClient(),
    });
    expect(answer.json()).toEqual(refusal('contentCharacters'));
  });

  it.each([
    ['101 characters', '1'.repeat(101)],
    ['a right-to-left override', `13600002222${RLO}`],
    ['a line break', '13600002222\nmore'],
    ['a zero-width joiner', 'li\u200Dna@example.cn'],
  ])('refuses a contact of %s with 4304, recording nothing', async (_, contact) => {
    const clientId = randomUUID();
    expect(await submit({ clientId, contact })).toEqual(refusal('contactInvalid'));
    expect((await stored(clientId)).statusCode).toBe(404);
  });

  const truncatedPng = PNG.subarray(0, 20);
  const brokenPng = Buffer.from(PNG);
  brokenPng.writeUInt8(brokenPng.readUInt8(20) ^ 0xff, 20);
  const jpegWithoutFrame = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
  const htmlAfterJpegMagic = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<script>alert(1)</script>')]);
  it.each([
    ['ten images', Array.from({ length: 10 }, () => ({ bytes: PNG })), 'tooManyImages'],
    ['a file that is not a JPEG, PNG or WebP, whatever it claims', [{ bytes: PNG }, { bytes: NOT_AN_IMAGE, type: 'image/png' }], 'notAnImage'],
    ['a PNG cut short', [{ bytes: truncatedPng }], 'notAnImage'],
    ['a PNG whose header checksum is wrong', [{ bytes: brokenPng }], 'notAnImage'],
    ['a JPEG without a frame header', [{ bytes: jpegWithoutFrame }], 'notAnImage'],
    ["a page behind a JPEG's first bytes", [{ bytes: htmlAfterJpegMagic, type: 'image/jpeg' }], 'notAnImage'],
    ['an empty file', [{ bytes: new Uint8Array(0) }], 'notAnImage'],
    ['an image over 10 MB', [{ bytes: padded(JPEG, FEEDBACK_IMAGE_MAX_BYTES + 1) }], 'imageTooLarge'],
    [
      'images over 24 MB together',
      [{ bytes: padded(JPEG, FEEDBACK_IMAGE_MAX_BYTES) }, { bytes: padded(PNG, FEEDBACK_IMAGE_MAX_BYTES) }, { bytes: padded(WEBP, FEEDBACK_IMAGES_MAX_BYTES - 2 * FEEDBACK_IMAGE_MAX_BYTES + 1) }],
      'uploadTooLarge',
    ],
  ] as const)('refuses %s with 4303 and its reason, recording nothing', async (_, images, reason) => {
    const clientId = randomUUID();
    expect(await submit({ clientId, images: [...images] })).toEqual(refusal(reason));
    expect((await stored(clientId)).statusCode).toBe(404);
  });

  it('refuses a picture over 16384 px a side or 100 million pixels, however small the file', async () => {
    const sized = (width: number, height: number) => {
      const png = Buffer.from(PNG);
      png.writeUInt32BE(width, 16);
      png.writeUInt32BE(height, 20);
      // The header's checksum, right for the new size.
      png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
      return png;
    };
    expect((await submit({ images: [{ bytes: sized(16_384, 6_000) }] })).statusCode).toBe(200);
    expect(await submit({ images: [{ bytes: sized(16_385, 1) }] })).toEqual(refusal('notAnImage'));
    expect(await submit({ images: [{ bytes: sized(10_001, 10_000) }] })).toEqual(refusal('notAnImage'));
  });

  it.each([
    ['a clientId that is not a UUID', { clientId: 'draft-1' }, 'clientId must be a UUID'],
    ['an unknown question type', { typeId: 'nope' }, 'typeId names no question type'],
  ])('answers %s with 400', async (_, draft, message) => {
    expect(await submit(draft)).toEqual({ statusCode: 400, message, result: null });
  });
});

describe('SubmitFeedback quotas', () => {
  const limit = (name: string) => {
    const found = registeredLimits().find((one) => one.name === name);
    if (!found) throw new Error(`no limit ${name}`);
    return found;
  };
  /** Uses up a quota's bucket at once, as earlier sends would have, but for `left`. */
  const leave = (name: string, key: string, left: number) => {
    const { limits } = sandbox.app().sandbox;
    const quota = limit(name);
    const now = new Date();
    expect(limits.take(quota, key, now, quota.max - limits.peek(quota, key, now).used - left).allowed).toBe(true);
  };
  const patientId = (login: string) => String(sandbox.app().sandbox.patients.findByLoginName(login)!.id);

  async function refusedTooOften(answer: Promise<{ statusCode: number; json: () => unknown; headers: Record<string, unknown> }>) {
    const response = await answer;
    expect(response.statusCode).toBe(429);
    const body = response.json() as { statusCode: number; message: string; result: { retryAfterSeconds: number } };
    expect(body).toEqual({ statusCode: 429, message: '反馈提交过于频繁，请稍后再试', result: { retryAfterSeconds: expect.any(Number) } });
    expect(response.headers['retry-after']).toBe(String(body.result.retryAfterSeconds));
    return body.result.retryAfterSeconds;
  }
  const send = (from: From, headers: Record<string, string> = {}, draft: Draft = {}) => postMultipart(sandbox.app(), SUBMIT, parts(draft), headers, from);

  it('are declared for each address and each patient, by the hour and the day, in sends and in megabytes', () => {
    const declared = registeredLimits().filter((one) => one.name.startsWith('feedback.'));
    expect(declared.map(({ name, max, windowSeconds, perClient }) => ({ name, max, windowSeconds, perClient }))).toEqual([
      { name: 'feedback.clientHour', max: 10, windowSeconds: 3600, perClient: true },
      { name: 'feedback.clientDay', max: 30, windowSeconds: 86_400, perClient: true },
      { name: 'feedback.clientMegabytes', max: 100, windowSeconds: 86_400, perClient: true },
      { name: 'feedback.patientHour', max: 5, windowSeconds: 3600, perClient: false },
      { name: 'feedback.patientDay', max: 20, windowSeconds: 86_400, perClient: false },
      { name: 'feedback.patientMegabytes', max: 100, windowSeconds: 86_400, perClient: false },
    ]);
  });

  it('one address: 10 sends an hour, the 11th is 429 with the wait and records nothing; another address still sends', async () => {
    const from = newClient();
    for (let i = 0; i < 10; i++) expect((await send(from)).json()).toMatchObject({ statusCode: 200 });
    const rows = feedbackRows();
    const wait = await refusedTooOften(send(from));
    // One send comes free every 6 minutes.
    expect(wait).toBeGreaterThan(300);
    expect(wait).toBeLessThanOrEqual(360);
    expect(feedbackRows()).toBe(rows);
    expect((await send(newClient())).json()).toMatchObject({ statusCode: 200 });
  });

  it('one address: 30 sends a day', async () => {
    const from = newClient();
    leave('feedback.clientDay', from.remoteAddress!, 1);
    expect((await send(from)).json()).toMatchObject({ statusCode: 200 });
    // One send comes free every 48 minutes.
    expect(await refusedTooOften(send(from))).toBeGreaterThan(2400);
  });

  it('one address: 100 MB a day, each send counting its size (at least 1 MB)', async () => {
    const from = newClient();
    leave('feedback.clientMegabytes', from.remoteAddress!, 4);
    // 4 MB are left: a send of 5 MB is refused, before a byte of it is kept ...
    const fiveMegabytes = { images: [{ bytes: padded(JPEG, 5 * MB - 64 * 1024) }] };
    await refusedTooOften(send(from, {}, fiveMegabytes));
    // ... while small ones still go, one megabyte each.
    for (let i = 0; i < 4; i++) expect((await send(from)).json()).toMatchObject({ statusCode: 200 });
    await refusedTooOften(send(from));
  });

  it('one signed-in patient: 5 sends an hour, from whatever address', async () => {
    const headers = await signedInHeaders(sandbox.app(), 'patient1');
    for (let i = 0; i < 5; i++) expect((await send(newClient(), headers)).json()).toMatchObject({ statusCode: 200 });
    await refusedTooOften(send(newClient(), headers));
    // Without the patient's token the address's own quota applies.
    expect((await send(newClient())).json()).toMatchObject({ statusCode: 200 });
  });

  it('one signed-in patient: 20 sends a day', async () => {
    const headers = await signedInHeaders(sandbox.app(), 'patient2');
    leave('feedback.patientDay', patientId('patient2'), 1);
    expect((await send(newClient(), headers)).json()).toMatchObject({ statusCode: 200 });
    // One send comes free every 72 minutes.
    expect(await refusedTooOften(send(newClient(), headers))).toBeGreaterThan(3600);
  });

  it('one signed-in patient: 100 MB a day', async () => {
    const headers = await signedInHeaders(sandbox.app(), 'patient3');
    leave('feedback.patientMegabytes', patientId('patient3'), 1);
    expect((await send(newClient(), headers)).json()).toMatchObject({ statusCode: 200 });
    await refusedTooOften(send(newClient(), headers));
  });
});

describe('SubmitFeedback cuts a body off where it goes past the limit', () => {
  const BOUNDARY = 'cloudfilmlimit';
  const partHead = (name: string, file?: string) =>
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\ncontent-type: image/jpeg` : ''}\r\n\r\n`,
    );
  const field = (name: string, value: string) => Buffer.concat([partHead(name), Buffer.from(`${value}\r\n`)]);
  const MEGABYTE = Buffer.alloc(MB, 0x20);

  /** The text parts, then file parts of `partBytes` each (a real JPEG, then padding), for as long as the server reads. */
  function* endless(partBytes: number): Generator<Buffer> {
    yield Buffer.concat([field('clientId', randomUUID()), field('content', CONTENT)]);
    for (;;) {
      yield Buffer.concat([Buffer.from('\r\n'), partHead('images', 'a.jpg'), JPEG]);
      for (let sent = JPEG.length; sent < partBytes; sent += MB) yield MEGABYTE;
    }
  }

  /** A sandbox listening for real, and how many bytes it has read from its connections. */
  async function listening() {
    const app = await startSandbox({ env: { SANDBOX_TEST_MODE: '1' } });
    const sockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, bytesRead: () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0) };
  }
  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...ANTI_FORGERY_HEADERS };
  /** Read past the limit: at most what LINGER lets through to be thrown away, and what was on its way (buffers). */
  const SLACK = LINGER.bytes + 4 * MB;

  it('a Content-Length over the limit is refused before a byte of the body is read', async () => {
    const server = await listening();
    const answer = await streamRequest(server.port, { path: SUBMIT, headers: { ...headers, 'content-length': String(100 * MB) } }, [], false);
    expect(answer).toMatchObject({ status: 200, body: refusal('uploadTooLarge'), sent: 0, closed: true });
  });

  it('a body without a length is read only up to the limit: images of 9 MB, one after another', async () => {
    const server = await listening();
    const answer = await streamRequest(server.port, { path: SUBMIT, headers }, endless(9 * MB), true);
    expect(answer).toMatchObject({ status: 200, body: refusal('uploadTooLarge'), closed: true });
    expect(server.bytesRead()).toBeGreaterThan(FEEDBACK_IMAGES_MAX_BYTES);
    expect(server.bytesRead()).toBeLessThan(FEEDBACK_IMAGES_MAX_BYTES + SLACK);
  });

  it('an endless image is cut off past 10 MB', async () => {
    const server = await listening();
    const answer = await streamRequest(server.port, { path: SUBMIT, headers }, endless(Number.POSITIVE_INFINITY), true);
    expect(answer).toMatchObject({ status: 200, body: refusal('imageTooLarge'), closed: true });
    expect(server.bytesRead()).toBeLessThan(FEEDBACK_IMAGE_MAX_BYTES + SLACK);
  });

  it('bytes that are no part at all count too: an endless preamble is cut off at the limit', async () => {
    const server = await listening();
    function* preamble(): Generator<Buffer> {
      for (;;) yield MEGABYTE;
    }
    const answer = await streamRequest(server.port, { path: SUBMIT, headers }, preamble(), true);
    expect(answer).toMatchObject({ status: 200, body: refusal('uploadTooLarge'), closed: true });
    expect(server.bytesRead()).toBeLessThan(FEEDBACK_IMAGES_MAX_BYTES + SLACK);
  });

  it('a body without a length that ends in time after the refusal keeps its connection', async () => {
    const server = await listening();
    function* image(): Generator<Buffer> {
      yield Buffer.concat([field('clientId', randomUUID()), field('content', CONTENT), partHead('images', 'a.jpg'), JPEG]);
      for (let i = 0; i < 11; i++) yield MEGABYTE;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    const answer = await streamRequest(server.port, { path: SUBMIT, headers }, image(), true, true);
    expect(answer).toMatchObject({ status: 200, body: refusal('imageTooLarge'), closed: false });
  });

  it('a body that said its length is read to its end and thrown away, and the connection stays open for the next request', async () => {
    const server = await listening();
    function* image(): Generator<Buffer> {
      yield Buffer.concat([field('clientId', randomUUID()), field('content', CONTENT), partHead('images', 'a.jpg'), JPEG]);
      for (let i = 0; i < 12; i++) yield MEGABYTE;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    const body = [...image()];
    const length = body.reduce((sum, chunk) => sum + chunk.length, 0);
    const answer = await streamRequest(server.port, { path: SUBMIT, headers: { ...headers, 'content-length': String(length) } }, body, false, true);
    expect(answer).toMatchObject({ status: 200, body: refusal('imageTooLarge'), sent: length, closed: false });
    expect(answer.headers.connection).toBe('keep-alive');
  });
});

describe('test routes', () => {
  it('answer 404 for a draft never received', async () => {
    expect((await stored(randomUUID())).statusCode).toBe(404);
  });

  it('do not exist without test mode', async () => {
    const app = await startSandbox();
    expect((await app.inject({ url: `${STORED}?clientId=${randomUUID()}` })).statusCode).toBe(404);
  });
});
