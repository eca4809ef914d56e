import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FEEDBACK_CODES } from '../../src/shared/api/helpSchemas';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import type * as Compression from '../../src/shared/platform/imageCompression';

// jsdom has no canvas: the phone's compression is stood in for (a tiny JPEG per image).
vi.mock('../../src/shared/platform/imageCompression', async (original) => ({
  ...(await original<typeof Compression>()),
  compressImage: vi.fn(async (blob: Blob) => {
    if (blob.type === 'text/plain') throw new (await original<typeof Compression>()).UnreadableImage();
    return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'x.jpg', { type: 'image/jpeg' });
  }),
}));

startMswServer();

interface Sent {
  clientId: string;
  typeId: string;
  content: string;
  contact: string;
  images: number;
  bearer: string | null;
}

/** SubmitFeedback as the sandbox answers it (one receipt per clientId); every body recorded. */
function feedbackServer(answer: (sent: Sent) => Response | null = () => null) {
  const sent: Sent[] = [];
  server.use(
    http.post(`${API_BASE}V1.0/HelpSupport/SubmitFeedback`, async ({ request }) => {
      const form = await request.formData();
      const body: Sent = {
        clientId: String(form.get('clientId')),
        typeId: String(form.get('typeId')),
        content: String(form.get('content')),
        contact: String(form.get('contact')),
        images: form.getAll('images').length,
        bearer: request.headers.get('authorization'),
      };
      sent.push(body);
      return answer(body) ?? HttpResponse.json(envelope({ feedbackId: 'FB20261120001', receivedAt: '2026-11-20T10:00:00+08:00', imageCount: body.images }));
    }),
  );
  return sent;
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const TEXT = 'The QR code on my film bag shows an error.';

describe('feedback (help?view=feedback), public', () => {
  it('is reached from the help centre; sends the type, text, contact and two images with its clientId, then shows the receipt', async () => {
    const user = userEvent.setup();
    const sent = feedbackServer();
    const app = renderApp('/help', { session: 'signedOut' });
    await user.click(await screen.findByTestId('help-feedback'));
    await waitFor(() => expect(app.location()).toBe('/help?view=feedback'));
    const form = await screen.findByTestId('feedback-form');
    const clientId = form.getAttribute('data-client-id');
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('feedback-contact')).toHaveValue('');

    await user.selectOptions(await screen.findByTestId('feedback-type'), 'collect');
    await user.type(screen.getByTestId('feedback-content'), TEXT);
    expect(screen.getByTestId('feedback-counter')).toHaveTextContent(`${TEXT.length}/500`);
    await user.type(screen.getByTestId('feedback-contact'), '13800000000');
    await user.upload(screen.getByTestId('feedback-file-input'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(2));
    expect(screen.getByTestId('feedback-quality-compressed')).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByTestId('feedback-send'));
    const received = await screen.findByTestId('feedback-received');
    expect(within(received).getByTestId('feedback-id')).toHaveTextContent('FB20261120001');
    expect(sent).toEqual([{ clientId, typeId: 'collect', content: TEXT, contact: '13800000000', images: 2, bearer: null }]);
    expect(within(received).getByTestId('feedback-back')).toHaveAttribute('href', '/help');
    expect(app.session.signIn).not.toHaveBeenCalled();

    // Another feedback is a new draft with a clientId of its own.
    await user.click(within(received).getByTestId('feedback-another'));
    const next = await screen.findByTestId('feedback-form');
    expect(next.getAttribute('data-client-id')).not.toBe(clientId);
    expect(screen.getByTestId('feedback-content')).toHaveValue('');
  });

  it('refuses text under 10 characters on the phone, sending nothing', async () => {
    const user = userEvent.setup();
    const sent = feedbackServer();
    renderApp('/help?view=feedback', { session: 'signedOut' });
    await user.type(await screen.findByTestId('feedback-content'), 'too short');
    await user.click(screen.getByTestId('feedback-send'));
    expect(screen.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'contentShort');
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent('at least 10 characters');
    expect(sent).toEqual([]);
  });

  it('keeps everything when there is no answer, and the retry is the same feedback (same clientId); a refusal says the server\'s words', async () => {
    const user = userEvent.setup();
    let answer: 'drop' | 'refuse' | 'ok' = 'drop';
    const sent = feedbackServer(() =>
      answer === 'drop' ? HttpResponse.error() : answer === 'refuse' ? HttpResponse.json(envelope(null, FEEDBACK_CODES.imageRefused, '图片过大')) : null,
    );
    renderApp('/help?view=feedback', { session: 'signedOut' });
    const form = await screen.findByTestId('feedback-form');
    await user.type(screen.getByTestId('feedback-content'), TEXT);
    await user.upload(screen.getByTestId('feedback-file-input'), png('a.png'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(1));
    await user.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(screen.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'offline'));
    expect(screen.getByTestId('feedback-content')).toHaveValue(TEXT);
    expect(screen.getAllByTestId('feedback-image')).toHaveLength(1);
    answer = 'refuse';
    await user.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(screen.getByTestId('feedback-problem')).toHaveTextContent('图片过大'));
    answer = 'ok';
    await user.click(screen.getByTestId('feedback-send'));
    expect(await screen.findByTestId('feedback-received')).toBeInTheDocument();
    expect(sent.map((body) => body.clientId)).toEqual([form.getAttribute('data-client-id'), form.getAttribute('data-client-id'), form.getAttribute('data-client-id')]);
  });

  it('refuses text or a contact with a hidden direction or control character on the phone, marking the field and sending nothing', async () => {
    const user = userEvent.setup();
    const sent = feedbackServer();
    renderApp('/help?view=feedback', { session: 'signedOut' });
    const content = await screen.findByTestId('feedback-content');
    const contact = screen.getByTestId('feedback-contact');
    expect(content).toHaveAttribute('maxLength', '500');
    expect(contact).toHaveAttribute('maxLength', '100');
    fireEvent.change(content, { target: { value: `${TEXT}\u202Egnp.exe` } });
    await user.click(screen.getByTestId('feedback-send'));
    expect(screen.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'contentCharacters');
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent('hidden control or text-direction character');
    expect(content).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(content, { target: { value: `${TEXT}\nSecond line 😀` } });
    fireEvent.change(contact, { target: { value: '13800000000\u200B' } });
    await user.click(screen.getByTestId('feedback-send'));
    expect(screen.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'contactInvalid');
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent('one line of up to 100 characters');
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    expect(content).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);

    fireEvent.change(contact, { target: { value: '13800000000' } });
    await user.click(screen.getByTestId('feedback-send'));
    expect(await screen.findByTestId('feedback-received')).toBeInTheDocument();
    // A form sends its line breaks as CR LF.
    expect(sent).toMatchObject([{ content: `${TEXT}\r\nSecond line 😀`, contact: '13800000000' }]);
  });

  it.each([
    ['tooManyImages', 'You can send up to 9 pictures'],
    ['imageTooLarge', 'A picture is larger than 10 MB'],
    ['notAnImage', 'A file is not a JPG, PNG or WebP picture'],
    ['uploadTooLarge', 'The pictures are larger than 24 MB together'],
  ])("says the server's refusal for %s in the patient's language, keeping everything", async (reason, words) => {
    const user = userEvent.setup();
    feedbackServer(() => HttpResponse.json(envelope({ reason }, FEEDBACK_CODES.imageRefused, '图片不符合要求')));
    renderApp('/help?view=feedback', { session: 'signedOut' });
    await user.type(await screen.findByTestId('feedback-content'), TEXT);
    await user.upload(screen.getByTestId('feedback-file-input'), png('a.png'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(1));
    await user.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(screen.getByTestId('feedback-problem')).toHaveAttribute('data-problem', reason));
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent(words);
    expect(screen.getByTestId('feedback-problem')).not.toHaveTextContent('图片不符合要求');
    expect(screen.getByTestId('feedback-content')).toHaveValue(TEXT);
    expect(screen.getAllByTestId('feedback-image')).toHaveLength(1);
  });

  it('says to try later, with the wait, when the server refuses for sending too often (429); sends again later as the same feedback', async () => {
    const user = userEvent.setup();
    let limited = true;
    const sent = feedbackServer(() =>
      limited ? HttpResponse.json(envelope({ retryAfterSeconds: 290 }, 429, '反馈提交过于频繁，请稍后再试'), { status: 429, headers: { 'retry-after': '290' } }) : null,
    );
    renderApp('/help?view=feedback', { session: 'signedOut' });
    await user.type(await screen.findByTestId('feedback-content'), TEXT);
    await user.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(screen.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'rateLimited'));
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent('Please try again in 5 min; what you wrote stays here.');
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
    expect(screen.getByTestId('feedback-content')).toHaveValue(TEXT);
    limited = false;
    await user.click(screen.getByTestId('feedback-send'));
    expect(await screen.findByTestId('feedback-received')).toBeInTheDocument();
    expect(new Set(sent.map((body) => body.clientId)).size).toBe(1);
  });

  it('says a refusal in Chinese too', async () => {
    const user = userEvent.setup();
    feedbackServer(() => HttpResponse.json(envelope({ retryAfterSeconds: 3000 }, 429, '反馈提交过于频繁，请稍后再试'), { status: 429 }));
    renderApp('/help?view=feedback', { session: 'signedOut', locale: 'zh-CN' });
    const content = await screen.findByTestId('feedback-content');
    fireEvent.change(content, { target: { value: `${TEXT}\u0000` } });
    await user.click(screen.getByTestId('feedback-send'));
    expect(screen.getByTestId('feedback-problem')).toHaveTextContent('问题描述含有看不见的控制字符或文字方向控制符');
    fireEvent.change(content, { target: { value: TEXT } });
    await user.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(screen.getByTestId('feedback-problem')).toHaveTextContent('近期从这里提交的反馈较多，请50分钟后再试。'));
  });

  it('keeps the draft (type, text, contact, images, clientId) across a reload, and forgets it once received', async () => {
    const user = userEvent.setup();
    feedbackServer();
    const first = renderApp('/help?view=feedback', { session: 'signedOut' });
    const clientId = (await screen.findByTestId('feedback-form')).getAttribute('data-client-id');
    await user.selectOptions(await screen.findByTestId('feedback-type'), 'collect');
    await user.type(screen.getByTestId('feedback-content'), TEXT);
    await user.type(screen.getByTestId('feedback-contact'), 'me@example.com');
    await user.upload(screen.getByTestId('feedback-file-input'), png('a.png'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(1));
    first.unmount();

    renderApp('/help?view=feedback', { session: 'signedOut' });
    const form = await screen.findByTestId('feedback-form');
    expect(form).toHaveAttribute('data-client-id', clientId);
    expect(screen.getByTestId('feedback-content')).toHaveValue(TEXT);
    expect(screen.getByTestId('feedback-contact')).toHaveValue('me@example.com');
    expect(await screen.findByTestId('feedback-type')).toHaveValue('collect');
    expect(screen.getAllByTestId('feedback-image')).toHaveLength(1);
    await user.click(screen.getByTestId('feedback-send'));
    expect(await screen.findByTestId('feedback-received')).toBeInTheDocument();
  });

  it('asks for originals: while the page keeps them, no note; after a reload they are gone and the note says they go compressed', async () => {
    const user = userEvent.setup();
    feedbackServer();
    const first = renderApp('/help?view=feedback', { session: 'signedOut' });
    await user.upload(await screen.findByTestId('feedback-file-input'), png('a.png'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(1));
    await user.click(screen.getByTestId('feedback-quality-original'));
    expect(screen.getByTestId('feedback-quality-original')).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByTestId('feedback-original-note')).not.toBeInTheDocument();
    first.unmount();

    renderApp('/help?view=feedback', { session: 'signedOut' });
    expect(await screen.findByTestId('feedback-original-note')).toBeInTheDocument();
  });

  it("inside WeChat uses WeChat's chooser for the room left; removing an image makes room again", async () => {
    const user = userEvent.setup();
    feedbackServer();
    const chooseImages = vi.fn(async (count: number) => ({ kind: 'chosen' as const, files: Array.from({ length: Math.min(count, 2) }, (_, i) => png(`w${i}.png`)) }));
    const app = renderApp('/help?view=feedback', { session: 'signedOut', wechat: { chooseImages } });
    app.services.wechat.ready = () => true;
    await user.click(await screen.findByTestId('feedback-add-images'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(2));
    expect(chooseImages).toHaveBeenLastCalledWith(9);
    await user.click(screen.getByTestId('feedback-add-images'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(4));
    expect(chooseImages).toHaveBeenLastCalledWith(7);
    await user.click(screen.getAllByTestId('feedback-image-remove')[0]!);
    expect(screen.getAllByTestId('feedback-image')).toHaveLength(3);
    await user.click(screen.getByTestId('feedback-add-images'));
    await waitFor(() => expect(screen.getAllByTestId('feedback-image')).toHaveLength(5));
    expect(chooseImages).toHaveBeenLastCalledWith(6);
  });

  it('says when a picture cannot be read', async () => {
    const user = userEvent.setup({ applyAccept: false });
    feedbackServer();
    renderApp('/help?view=feedback', { session: 'signedOut' });
    await user.upload(await screen.findByTestId('feedback-file-input'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('feedback-notice')).toHaveAttribute('data-notice', 'unreadable');
    expect(screen.queryAllByTestId('feedback-image')).toHaveLength(0);
  });
});

describe('feedback upload progress', () => {
  it('shows how much of the upload has gone, as the upload reports it', async () => {
    const user = userEvent.setup();
    feedbackServer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The browser's upload progress, stood in for: 40% gone, then the upload goes on.
    renderApp('/help?view=feedback', {
      session: 'signedOut',
      api: (api) => ({
        ...api,
        upload: async (endpoint, options) => {
          options.onProgress?.(0.4);
          await held;
          return api.upload(endpoint, options);
        },
      }),
    });
    await user.type(await screen.findByTestId('feedback-content'), TEXT);
    await user.click(screen.getByTestId('feedback-send'));
    const progress = await screen.findByTestId('feedback-progress');
    await waitFor(() => expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'));
    release();
    expect(await screen.findByTestId('feedback-received')).toBeInTheDocument();
  });
});
