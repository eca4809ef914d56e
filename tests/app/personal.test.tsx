import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CENTER_CODES, type UserInfo } from '../../src/shared/api/centerSchemas';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import type * as Compression from '../../src/shared/platform/imageCompression';

// jsdom has no canvas: the phone's compression is stood in for; what it is asked is checked.
const compressed = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('../../src/shared/platform/imageCompression', async (original) => ({
  ...(await original<typeof Compression>()),
  compressImage: vi.fn(async (blob: Blob, options: unknown) => {
    compressed.calls.push({ size: blob.size, options });
    return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'avatar.jpg', { type: 'image/jpeg' });
  }),
}));

startMswServer();
beforeAll(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/picked');
  URL.revokeObjectURL = vi.fn();
});

const patient: UserInfo = {
  patientId: '1001',
  name: '张三',
  nickName: '小张',
  sex: 'M',
  birthDate: '1980-05-06',
  phoneMasked: '138****0001',
  email: null,
  avatarUrl: null,
  hospitalName: '云胶片示范医院',
  studyCount: 3,
};

/** The Center calls as the sandbox answers them, the record kept per test; each body recorded. */
function center(options: { userInfo?: () => Response | null; email?: (email: string) => Response | null; upload?: () => Response | null } = {}) {
  let record = { ...patient };
  const bodies: Array<{ call: string; body: unknown }> = [];
  server.use(
    http.get(`${API_BASE}V1.0/Center/UserInfo`, () => options.userInfo?.() ?? HttpResponse.json(envelope(record))),
    http.post(`${API_BASE}V1.0/Center/UpdateUser`, async ({ request }) => {
      const body = (await request.json()) as { nickName: string };
      bodies.push({ call: 'UpdateUser', body });
      record = { ...record, nickName: body.nickName };
      return HttpResponse.json(envelope(record));
    }),
    http.post(`${API_BASE}V1.0/Center/UpdateUserEmail`, async ({ request }) => {
      const body = (await request.json()) as { email: string };
      bodies.push({ call: 'UpdateUserEmail', body });
      const answer = options.email?.(body.email);
      if (answer) return answer;
      // As the sandbox does: an empty address clears it.
      record = { ...record, email: body.email.trim() === '' ? null : body.email };
      return HttpResponse.json(envelope(record));
    }),
    http.post(`${API_BASE}V1.0/Center/UploadImage`, async ({ request }) => {
      const form = await request.formData();
      bodies.push({ call: 'UploadImage', body: form.has('file') });
      const answer = options.upload?.();
      if (answer) return answer;
      record = { ...record, avatarUrl: 'http://localhost/sandbox/avatars/1001.jpg' };
      return HttpResponse.json(envelope({ avatarUrl: record.avatarUrl }));
    }),
  );
  return { bodies };
}

describe('the personal centre (personal)', () => {
  it('shows the patient and the entries, and signs out only after confirming', async () => {
    const user = userEvent.setup();
    center();
    const app = renderApp('/personal');
    expect(await screen.findByTestId('personal-name')).toHaveTextContent('小张');
    expect(screen.getByTestId('personal-phone')).toHaveTextContent('138****0001');
    expect(screen.getByTestId('personal-hospital')).toHaveTextContent('云胶片示范医院');
    expect(screen.getByTestId('personal-avatar')).toHaveAttribute('data-default', 'true');
    const entries = ['myStudyList', 'myImageList', 'aiOrder', 'storeOrder', 'downloadList', 'shareList', 'help', 'about', 'deel', 'modify'];
    for (const entry of entries) expect(screen.getByTestId(`personal-entry-${entry}`)).toHaveAttribute('href', `/${entry}`);
    expect(screen.getByTestId('personal-entry-help')).toHaveTextContent('Help and feedback');

    await user.click(screen.getByTestId('personal-signout'));
    const dialog = screen.getByTestId('signout-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('signout-dialog')).not.toBeInTheDocument();
    expect(app.session.signOut).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('personal-signout'));
    await user.click(within(screen.getByTestId('signout-dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/logout'));
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
  });

  it('shows the name when there is no display name, and the avatar when there is one', async () => {
    center({ userInfo: () => HttpResponse.json(envelope({ ...patient, nickName: null, avatarUrl: 'http://localhost/a.jpg' })) });
    renderApp('/personal');
    expect(await screen.findByTestId('personal-name')).toHaveTextContent('张三');
    expect(screen.getByTestId('personal-avatar')).toHaveAttribute('src', 'http://localhost/a.jpg');
  });

  it('switches the language', async () => {
    const user = userEvent.setup();
    center();
    renderApp('/personal');
    await user.click(await screen.findByTestId('personal-language-zh-CN'));
    expect(screen.getByTestId('personal-signout')).toHaveTextContent('退出登录');
    expect(screen.getByTestId('personal-language-zh-CN')).toHaveAttribute('aria-checked', 'true');
  });

  it('switches to large text, kept on the device, and back', async () => {
    const user = userEvent.setup();
    window.localStorage.removeItem('cf.textSize');
    center();
    renderApp('/personal');
    expect(await screen.findByTestId('personal-text-standard')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('personal-text-large'));
    expect(document.documentElement.dataset.textSize).toBe('large');
    expect(window.localStorage.getItem('cf.textSize')).toBe('large');
    expect(screen.getByTestId('personal-text-large')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('personal-text-standard'));
    expect(document.documentElement.dataset.textSize).toBe('standard');
  });

  it('a record that cannot load says so and tries again; the entries still work', async () => {
    const user = userEvent.setup();
    let fail = true;
    center({ userInfo: () => (fail ? HttpResponse.error() : null) });
    renderApp('/personal');
    const failed = await screen.findByTestId('personal-failed');
    expect(screen.getByTestId('personal-entry-myStudyList')).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('personal-name')).toHaveTextContent('小张');
  });
});

describe('editing the profile (modify)', () => {
  it('saves the addresses people have (dots and + before the @, decisions.md), and says which part of a wrong one to fix', async () => {
    const user = userEvent.setup();
    const { bodies } = center();
    renderApp('/modify');
    const email = await screen.findByTestId('modify-email');
    const notice = () => screen.getByTestId('modify-email-notice');
    for (const [typed, words] of [
      ['zhang.wei163.com', 'The address needs an @'],
      ['zhang..wei@163.com', 'Check the part before the @'],
      ['zhang wei@163.com', 'Check the part before the @'],
      ['zhang.wei@163', 'Check the part after the @'],
      ['zhang.wei@163..com', 'Check the part after the @'],
    ] as const) {
      fireEvent.change(email, { target: { value: typed } });
      await user.click(screen.getByTestId('modify-email-save'));
      expect(notice()).toHaveTextContent(words);
      expect(notice()).toHaveAttribute('data-kind', 'invalid');
      expect(email).toHaveAttribute('aria-invalid', 'true');
    }
    expect(bodies).toEqual([]);

    for (const address of ['zhang.wei@163.com', 'john.smith+film@gmail.com', 'zhang_san@example.com']) {
      await user.clear(email);
      await user.type(email, address);
      await user.click(screen.getByTestId('modify-email-save'));
      await waitFor(() => expect(notice()).toHaveTextContent('Saved'));
      expect(email).toHaveValue(address);
    }
    expect(bodies).toEqual(['zhang.wei@163.com', 'john.smith+film@gmail.com', 'zhang_san@example.com'].map((address) => ({ call: 'UpdateUserEmail', body: { email: address } })));
  });

  it('clears the saved address when it is saved empty (decisions.md)', async () => {
    const user = userEvent.setup();
    const { bodies } = center({ userInfo: () => HttpResponse.json(envelope({ ...patient, email: 'zhang.wei@163.com' })) });
    renderApp('/modify');
    const email = await screen.findByTestId('modify-email');
    expect(email).toHaveValue('zhang.wei@163.com');
    await user.clear(email);
    await user.click(screen.getByTestId('modify-email-save'));
    await waitFor(() => expect(screen.getByTestId('modify-email-notice')).toHaveTextContent('Saved'));
    expect(bodies).toEqual([{ call: 'UpdateUserEmail', body: { email: '' } }]);
    expect(email).toHaveValue('');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('says which part of the address is wrong in Chinese too', async () => {
    const user = userEvent.setup();
    center();
    renderApp('/modify', { locale: 'zh-CN' });
    const email = await screen.findByTestId('modify-email');
    for (const [typed, words] of [
      ['zhang.wei163.com', '邮箱地址缺少@'],
      ['.zhang@163.com', '请检查@前的部分'],
      ['zhang@163', '请检查@后的域名'],
    ] as const) {
      fireEvent.change(email, { target: { value: typed } });
      await user.click(screen.getByTestId('modify-email-save'));
      expect(screen.getByTestId('modify-email-notice')).toHaveTextContent(words);
    }
  });

  it("says the server's 4602 as the phone's rule says it, and keeps what was typed when there is no answer", async () => {
    const user = userEvent.setup();
    let answer: 'refuse' | 'drop' = 'refuse';
    center({
      email: () => (answer === 'refuse' ? HttpResponse.json(envelope(null, CENTER_CODES.emailInvalid, '邮箱格式不正确')) : HttpResponse.error()),
    });
    renderApp('/modify');
    const email = await screen.findByTestId('modify-email');
    await user.type(email, 'a@b.cn');
    await user.click(screen.getByTestId('modify-email-save'));
    await waitFor(() => expect(screen.getByTestId('modify-email-notice')).toHaveAttribute('data-kind', 'invalid'));
    // The phone's rule found nothing to blame: the server's refusal is said plainly.
    expect(screen.getByTestId('modify-email-notice')).toHaveTextContent('That address does not look right');
    answer = 'drop';
    await user.click(screen.getByTestId('modify-email-save'));
    await waitFor(() => expect(screen.getByTestId('modify-email-notice')).toHaveAttribute('data-kind', 'offline'));
    expect(email).toHaveValue('a@b.cn');
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
  });

  it('saves the display name (1-20 characters), refusing an empty one', async () => {
    const user = userEvent.setup();
    const { bodies } = center();
    renderApp('/modify');
    const name = await screen.findByTestId('modify-name');
    expect(name).toHaveValue('小张');
    // The hospital's record in the reader's language: the sex code M reads "Male" in English.
    expect(screen.getByTestId('modify-record')).toHaveTextContent(/Sex\s*Male/);
    expect(screen.getByTestId('modify-record')).toHaveTextContent('138****0001');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByTestId('modify-name-save'));
    expect(screen.getByTestId('modify-name-notice')).toHaveTextContent('1-20 characters');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    await user.clear(name);
    await user.type(name, ' 张先生 ');
    await user.click(screen.getByTestId('modify-name-save'));
    await waitFor(() => expect(screen.getByTestId('modify-name-notice')).toHaveTextContent('Saved'));
    expect(bodies).toEqual([{ call: 'UpdateUser', body: { nickName: '张先生' } }]);
    expect(name).toHaveValue('张先生');
  });

  it('refuses a display name with a hidden direction or control character on the phone, saying so; the fields are bounded', async () => {
    const user = userEvent.setup();
    const { bodies } = center();
    renderApp('/modify');
    const name = await screen.findByTestId('modify-name');
    expect(name).toHaveAttribute('maxLength', '20');
    expect(screen.getByTestId('modify-email')).toHaveAttribute('maxLength', '254');
    await user.clear(name);
    // Pasted, it would read "Annexe.png" on someone else's screen.
    fireEvent.change(name, { target: { value: 'Ann\u202Egnp.exe' } });
    await user.click(screen.getByTestId('modify-name-save'));
    const notice = screen.getByTestId('modify-name-notice');
    expect(notice).toHaveAttribute('data-kind', 'invalid');
    expect(notice).toHaveTextContent('hidden control or text-direction character');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    for (const hidden of ['Ann\u200Bie', 'Ann\u0007', '\u3164']) {
      fireEvent.change(name, { target: { value: hidden } });
      await user.click(screen.getByTestId('modify-name-save'));
      expect(screen.getByTestId('modify-name-notice')).toHaveTextContent('hidden control or text-direction character');
    }
    expect(bodies).toEqual([]);
    // Names in Chinese, English, with emoji, go.
    fireEvent.change(name, { target: { value: 'Mary-Jane 小明 👨‍👩‍👧' } });
    await user.click(screen.getByTestId('modify-name-save'));
    await waitFor(() => expect(screen.getByTestId('modify-name-notice')).toHaveTextContent('Saved'));
    expect(bodies).toEqual([{ call: 'UpdateUser', body: { nickName: 'Mary-Jane 小明 👨‍👩‍👧' } }]);
  });

  it('says the refusal in Chinese too', async () => {
    const user = userEvent.setup();
    center();
    renderApp('/modify', { locale: 'zh-CN' });
    const name = await screen.findByTestId('modify-name');
    fireEvent.change(name, { target: { value: '张\u202E三' } });
    await user.click(screen.getByTestId('modify-name-save'));
    expect(screen.getByTestId('modify-name-notice')).toHaveTextContent('昵称含有看不见的控制字符或文字方向控制符');
    fireEvent.change(name, { target: { value: '一二三四五六七八九十一二三四五六七八九十一' } });
    await user.click(screen.getByTestId('modify-name-save'));
    expect(screen.getByTestId('modify-name-notice')).toHaveTextContent('昵称需为1-20个字');
  });

  it('changes the avatar from a file: crop, compress to 256 px, upload, and the new avatar shows at once', async () => {
    const user = userEvent.setup();
    compressed.calls.length = 0;
    let fail = true;
    const { bodies } = center({ upload: () => (fail ? HttpResponse.error() : null) });
    renderApp('/modify');
    expect(await screen.findByTestId('modify-avatar')).toHaveAttribute('data-default', 'true');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('modify-avatar-input'), png);

    const cropper = await screen.findByTestId('avatar-cropper');
    const image = within(cropper).getByTestId('avatar-crop-image');
    expect(within(cropper).getByTestId('avatar-crop-confirm')).toBeDisabled();
    Object.defineProperty(image, 'naturalWidth', { value: 400 });
    Object.defineProperty(image, 'naturalHeight', { value: 300 });
    fireEvent.load(image);
    await user.click(within(cropper).getByTestId('avatar-crop-confirm'));

    // The first upload gets no answer: said, and the cropped avatar stays to send again.
    await waitFor(() => expect(screen.getByTestId('modify-avatar-notice')).toHaveAttribute('data-kind', 'offline'));
    expect(compressed.calls).toEqual([{ size: 8, options: { maxSide: 256, crop: { x: 50, y: 0, width: 300, height: 300 }, name: 'avatar.jpg' } }]);
    expect(screen.getByTestId('modify-avatar')).toHaveAttribute('src', expect.stringMatching(/^data:image\/jpeg;base64,/));
    fail = false;
    await user.click(screen.getByTestId('modify-avatar-retry'));
    await waitFor(() => expect(screen.getByTestId('modify-avatar')).toHaveAttribute('src', 'http://localhost/sandbox/avatars/1001.jpg'));
    expect(screen.getByTestId('modify-avatar-notice')).toHaveTextContent('Picture updated');
    expect(bodies).toEqual([
      { call: 'UploadImage', body: true },
      { call: 'UploadImage', body: true },
    ]);
    expect(compressed.calls).toHaveLength(1);
  });

  it('shows how much of the avatar upload has gone, as the upload reports it', async () => {
    const user = userEvent.setup();
    center();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The browser's upload progress, stood in for: 70% gone, then the upload goes on.
    renderApp('/modify', {
      api: (api) => ({
        ...api,
        upload: async (endpoint, options) => {
          options.onProgress?.(0.7);
          await held;
          return api.upload(endpoint, options);
        },
      }),
    });
    await user.upload(await screen.findByTestId('modify-avatar-input'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    const image = within(await screen.findByTestId('avatar-cropper')).getByTestId('avatar-crop-image');
    Object.defineProperty(image, 'naturalWidth', { value: 300 });
    Object.defineProperty(image, 'naturalHeight', { value: 300 });
    fireEvent.load(image);
    await user.click(screen.getByTestId('avatar-crop-confirm'));
    const progress = await screen.findByTestId('modify-avatar-progress');
    await waitFor(() => expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70'));
    release();
    await waitFor(() => expect(screen.getByTestId('modify-avatar-notice')).toHaveTextContent('Picture updated'));
  });

  it("offers WeChat's chooser once the SDK is ready, even when that is after the page was drawn", async () => {
    center();
    let ready = false;
    const listeners = new Set<() => void>();
    const subscribe = (onChange: () => void) => (listeners.add(onChange), () => void listeners.delete(onChange));
    renderApp('/modify', { wechat: { ready: () => ready, subscribe } });
    expect(await screen.findByTestId('modify-avatar-input')).toBeInTheDocument();
    act(() => {
      ready = true;
      listeners.forEach((onChange) => onChange());
    });
    expect(screen.getByTestId('modify-avatar-choose')).toBeInTheDocument();
    expect(screen.queryByTestId('modify-avatar-input')).not.toBeInTheDocument();
  });

  it("inside WeChat uses WeChat's chooser for one picture; cancelling the crop changes nothing", async () => {
    const user = userEvent.setup();
    center();
    const chooseImages = vi.fn(async () => ({ kind: 'chosen' as const, files: [new File(['x'], 'wechat-1.jpg', { type: 'image/jpeg' })] }));
    const app = renderApp('/modify', { wechat: { chooseImages } });
    app.services.wechat.ready = () => true;
    await user.click(await screen.findByTestId('modify-avatar-choose'));
    expect(chooseImages).toHaveBeenCalledWith(1);
    await user.click(await screen.findByTestId('avatar-crop-cancel'));
    expect(screen.queryByTestId('avatar-cropper')).not.toBeInTheDocument();
    expect(screen.getByTestId('modify-avatar')).toHaveAttribute('data-default', 'true');
  });

  it("says the avatar button is busy while WeChat's chooser is open, and not once it is cancelled", async () => {
    const user = userEvent.setup();
    center();
    let answer: (outcome: { kind: 'cancelled' }) => void = () => {};
    const chooseImages = vi.fn(() => new Promise<{ kind: 'cancelled' }>((resolve) => (answer = resolve)));
    const app = renderApp('/modify', { wechat: { chooseImages } });
    app.services.wechat.ready = () => true;
    const choose = await screen.findByTestId('modify-avatar-choose');
    expect(choose).toHaveAttribute('aria-busy', 'false');
    await user.click(choose);
    expect(choose).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer({ kind: 'cancelled' }));
    expect(choose).toHaveAttribute('aria-busy', 'false');
  });

  it('a record that cannot load offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    center({ userInfo: () => (fail ? HttpResponse.error() : null) });
    renderApp('/modify');
    const failed = await screen.findByTestId('modify-failed');
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('modify-name')).toHaveValue('小张');
  });
});
