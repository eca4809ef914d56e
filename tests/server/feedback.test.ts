// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_IMAGE_MAX_BYTES, feedbackReceivedSchema } from '../../src/shared/api/helpSchemas';
import { startSandbox } from './helpers';
import type { FormPart } from './multipart';
import { JPEG, NOT_AN_IMAGE, PNG, postJson, postMultipart, WEBP } from './multipart';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';

const SUBMIT = '/api/V1.0/HelpSupport/SubmitFeedback';
const STORED = '/sandbox/test/feedback';
const CONTENT = '领取检查时验证码一直收不到，请帮忙看看。';

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });

const CONTENT_INVALID = { statusCode: 4302, message: '反馈内容须为10-500个字', result: null };
const IMAGES_REFUSED = { statusCode: 4303, message: '最多上传9张图片，每张须为不超过10MB的JPG、PNG或WebP图片', result: null };

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

async function submit(draft: Draft, headers: Record<string, string> = {}) {
  return (await postMultipart(sandbox.app(), SUBMIT, parts(draft), headers)).json();
}

async function stored(clientId: string) {
  return sandbox.app().inject({ url: `${STORED}?clientId=${clientId}` });
}

const feedbackRows = () => (sandbox.app().sandbox.db.prepare('SELECT COUNT(*) AS n FROM feedback').get() as { n: number }).n;

describe('SubmitFeedback', () => {
  it('takes feedback from anyone, with its images, and answers the receipt', async () => {
    const clientId = randomUUID();
    const answer = await submit({ clientId, typeId: 'collect', content: `  ${CONTENT}  `, contact: ' 13600002222 ', images: [{ bytes: PNG, type: 'image/jpeg' }, { bytes: JPEG }, { bytes: WEBP }] });
    expect(answer.statusCode).toBe(200);
    const receipt = feedbackReceivedSchema.parse(answer.result);
    expect(receipt).toEqual({ feedbackId: expect.stringMatching(/^\d+$/), receivedAt: expect.any(String), imageCount: 3 });
    expect(Math.abs(Date.parse(receipt.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect((await stored(clientId)).json()).toEqual({
      content: CONTENT,
      contact: '13600002222',
      typeId: 'collect',
      patientLogin: null,
      receivedAt: receipt.receivedAt,
      imageCount: 3,
      images: [
        { type: 'image/png', bytes: PNG.length },
        { type: 'image/jpeg', bytes: JPEG.length },
        { type: 'image/webp', bytes: WEBP.length },
      ],
    });
  });

  it("attaches a signed-in patient's feedback to them; without a type or contact, those are null", async () => {
    const clientId = randomUUID();
    expect((await submit({ clientId }, await signedInHeaders(sandbox.app(), 'patient3'))).statusCode).toBe(200);
    expect((await stored(clientId)).json()).toMatchObject({ patientLogin: 'patient3', typeId: null, contact: null, imageCount: 0, images: [] });
  });

  it('answers a bad bearer token with 401, so the app signs in again', async () => {
    expect((await postMultipart(sandbox.app(), SUBMIT, parts({}), { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it('records a retried draft once, answering the first receipt', async () => {
    const clientId = randomUUID();
    const first = await submit({ clientId, images: [{ bytes: PNG }] });
    const rows = feedbackRows();
    const again = await submit({ clientId, images: [{ bytes: PNG }] });
    expect(again).toEqual(first);
    // Even a retry that reached the server differently (no images, as JSON) is the same draft.
    expect((await postJson(sandbox.app(), SUBMIT, { clientId, content: CONTENT })).json()).toEqual(first);
    expect(feedbackRows()).toBe(rows);
  });

  it('takes a JSON body (no images) too', async () => {
    const clientId = randomUUID();
    const answer = (await postJson(sandbox.app(), SUBMIT, { clientId, typeId: 'pay', content: CONTENT, contact: 'li_na@example.cn' })).json();
    expect(answer.result.imageCount).toBe(0);
    expect((await stored(clientId)).json()).toMatchObject({ typeId: 'pay', contact: 'li_na@example.cn' });
  });

  it('takes 10 and 500 characters once trimmed, and nine images of up to 10 MB', async () => {
    expect((await submit({ content: ` ${'字'.repeat(10)} ` })).statusCode).toBe(200);
    expect((await submit({ content: '字'.repeat(500) })).statusCode).toBe(200);
    const nine = await submit({ images: Array.from({ length: 9 }, () => ({ bytes: JPEG })) });
    expect(nine.result.imageCount).toBe(9);
    const largest = Buffer.concat([JPEG, Buffer.alloc(FEEDBACK_IMAGE_MAX_BYTES - JPEG.length)]);
    expect((await submit({ images: [{ bytes: largest }] })).statusCode).toBe(200);
  });

  it.each([
    ['9 characters', '字'.repeat(9)],
    ['9 characters inside spaces', `   ${'字'.repeat(9)}   `],
    ['501 characters', '字'.repeat(501)],
    ['far too long', '字'.repeat(5000)],
    ['empty', ''],
  ])('refuses content of %s with 4302, recording nothing', async (_, content) => {
    const clientId = randomUUID();
    expect(await submit({ clientId, content })).toEqual(CONTENT_INVALID);
    expect((await stored(clientId)).statusCode).toBe(404);
  });

  it.each([
    ['ten images', Array.from({ length: 10 }, () => ({ bytes: PNG }))],
    ['a file that is not a JPEG, PNG or WebP', [{ bytes: PNG }, { bytes: NOT_AN_IMAGE, type: 'image/png' }]],
    ['an image over 10 MB', [{ bytes: Buffer.concat([JPEG, Buffer.alloc(FEEDBACK_IMAGE_MAX_BYTES)]) }]],
  ])('refuses %s with 4303, recording nothing', async (_, images) => {
    const clientId = randomUUID();
    expect(await submit({ clientId, images })).toEqual(IMAGES_REFUSED);
    expect((await stored(clientId)).statusCode).toBe(404);
  });

  it.each([
    ['a clientId that is not a UUID', { clientId: 'draft-1' }, 'clientId must be a UUID'],
    ['an unknown question type', { typeId: 'nope' }, 'typeId names no question type'],
    ['a contact over 100 characters', { contact: '1'.repeat(101) }, 'contact must be at most 100 characters'],
  ])('answers %s with 400', async (_, draft, message) => {
    expect(await submit(draft)).toEqual({ statusCode: 400, message, result: null });
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
