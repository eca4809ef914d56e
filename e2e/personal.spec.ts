import type { Page, TestInfo } from '@playwright/test';
import { expect, FAILED_RESOURCE, PatientApp, PROVIDER_ORIGIN, test } from './fixtures';

/** A small PNG drawn in the page, as a file for a file input. */
async function pngFile(page: Page, name: string, colour: string) {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 96, 64);
    return canvas.toDataURL('image/png');
  }, colour);
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64'), dataUrl };
}

/** Chooses the avatar as the patient would: WeChat's chooser inside WeChat, a file input elsewhere. */
async function chooseAvatar(page: Page, testInfo: TestInfo, file: Awaited<ReturnType<typeof pngFile>>) {
  if (testInfo.project.name === 'wechat') {
    await page.evaluate((url) => ((window as unknown as { __wxChosenImages: string[] }).__wxChosenImages = [url]), file.dataUrl);
    await page.getByTestId('modify-avatar-choose').click();
  } else {
    await page.getByTestId('modify-avatar-input').setInputFiles(file);
  }
}

/** What the sandbox recorded for a clientId (test mode: server/routes/consultation.ts servicesTestRoutes). */
async function recordedFeedback(page: Page, clientId: string) {
  const response = await page.request.get(`/sandbox/test/feedback?clientId=${encodeURIComponent(clientId)}`);
  expect(response.ok()).toBe(true);
  const record = (await response.json()) as { content: string; imageCount: number };
  return { record, images: record.imageCount };
}

/**
 * The patient whose profile a test changes and reads back: one per project, and not patient1, so
 * tests running at the same time never read each other's e-mail address or avatar.
 */
const profileOwner = (testInfo: TestInfo) => (testInfo.project.name === 'wechat' ? 'patient3' : 'patient2');

test.describe('the personal centre', () => {
  test('shows the patient and the entries; signs out only after confirming', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signIn();
    await app.open('/personal');
    await expect(page.getByTestId('personal-name')).not.toBeEmpty();
    await expect(page.getByTestId('personal-hospital')).not.toBeEmpty();
    await expect(page.getByTestId('personal-entry-myStudyList')).toBeVisible();
    await expect(page.getByTestId('personal-entry-modify')).toBeVisible();

    await page.getByTestId('personal-signout').click();
    await page.getByTestId('signout-dialog').getByRole('button', { name: /^(取消|Cancel)$/ }).click();
    await expect(page.getByTestId('signout-dialog')).toHaveCount(0);
    await expect(page.getByTestId('personal')).toBeVisible();

    await page.getByTestId('personal-signout').click();
    await page.getByTestId('signout-dialog').getByRole('button', { name: /^(退出|Sign out)$/ }).click();
    // Through the provider's end-session page and back to the start page: only then is the sign-out over
    // (a page opened while the provider still redirects is interrupted).
    await expect.poll(() => app.path(), { timeout: 15_000 }).toBe('/index');
    await app.open('/personal');
    // Signed out: the personal centre asks to sign in again.
    await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
  });
});

test.describe('editing the profile', () => {
  test('an invalid e-mail is refused with the rule\'s message and nothing is saved; a valid one is saved', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn(profileOwner(testInfo));
    await app.open('/modify');
    const email = page.getByTestId('modify-email');
    // A dot twice in a row before the @: the message blames that part.
    await email.fill('zhang..san@example.com');
    await page.getByTestId('modify-email-save').click();
    await expect(page.getByTestId('modify-email-notice')).toHaveAttribute('data-kind', 'invalid');
    await expect(page.getByTestId('modify-email-notice')).toContainText(/请检查@前的部分|Check the part before the @/);

    // Dots and plus before the @ are addresses people have (decisions.md).
    const address = `zhang.san+${Date.now()}@example.com`;
    await email.fill(address);
    await page.getByTestId('modify-email-save').click();
    await expect(page.getByTestId('modify-email-notice')).toHaveAttribute('data-kind', 'saved');
    await page.reload();
    await expect(page.getByTestId('modify-email')).toHaveValue(address);
  });

  test('a display name with a right-to-left override is refused on the phone, and nothing is saved', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn(profileOwner(testInfo));
    await app.open('/modify');
    const name = page.getByTestId('modify-name');
    const before = await name.inputValue();
    // Pasted, it would read "Annexe.png" on someone else's screen.
    await name.fill('Ann\u202Egnp.exe');
    await page.getByTestId('modify-name-save').click();
    await expect(page.getByTestId('modify-name-notice')).toHaveAttribute('data-kind', 'invalid');
    await expect(page.getByTestId('modify-name-notice')).toContainText(/看不见的控制字符|hidden control or text-direction/);
    await page.screenshot({ path: testInfo.outputPath('modify-name-refused.png') });
    await page.reload();
    await expect(page.getByTestId('modify-name')).toHaveValue(before);
  });

  test('the avatar from a file (WeChat\'s chooser inside WeChat): cropped, compressed, uploaded, and shown at once', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn(profileOwner(testInfo));
    await app.open('/modify');
    await expect(page.getByTestId('modify-name')).toBeVisible();
    await chooseAvatar(page, testInfo, await pngFile(page, 'me.png', '#2a9d8f'));
    await expect(page.getByTestId('avatar-cropper')).toBeVisible();
    // Zoom in a little with the slider, and drag the picture.
    await page.getByTestId('avatar-zoom').fill('1.5');
    const frame = await page.getByTestId('avatar-crop-frame').boundingBox();
    await page.mouse.move(frame!.x + frame!.width / 2, frame!.y + frame!.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame!.x + frame!.width / 2 + 20, frame!.y + frame!.height / 2);
    await page.mouse.up();
    await page.getByTestId('avatar-crop-confirm').click();
    await expect(page.getByTestId('modify-avatar-notice')).toHaveAttribute('data-kind', 'saved');
    const src = await page.getByTestId('modify-avatar').getAttribute('src');
    expect(src).toMatch(/^https?:\/\//);
    // The picture is the square JPEG the phone made.
    const size = await page.getByTestId('modify-avatar').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size[0]).toBe(size[1]);
    expect(size[0]).toBeLessThanOrEqual(256);
    await app.open('/personal');
    await expect(page.getByTestId('personal-avatar')).toHaveAttribute('src', src!);
  });

});

test.describe('editing the profile, without a network', () => {
  test.use({ allowConsoleErrors: FAILED_RESOURCE });

  test('an upload that gets no answer is said and can be sent again', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn();
    await app.open('/modify');
    await expect(page.getByTestId('modify-name')).toBeVisible();
    await app.forceApi('UploadImage', 'network');
    await chooseAvatar(page, testInfo, await pngFile(page, 'me.png', '#e76f51'));
    await page.getByTestId('avatar-crop-confirm').click();
    await expect(page.getByTestId('modify-avatar-notice')).toHaveAttribute('data-kind', 'offline');
    await app.stopForcing('UploadImage');
    await page.getByTestId('modify-avatar-retry').click();
    await expect(page.getByTestId('modify-avatar-notice')).toHaveAttribute('data-kind', 'saved');
  });
});

test.describe('feedback', () => {
  const TEXT = '扫描胶片袋上的二维码时提示出错，请帮忙看看。';

  test('from the help centre: two images sent and received once, with the feedback id', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.open('/help');
    await page.getByTestId('help-feedback').click();
    await expect.poll(() => app.path()).toBe('/help?view=feedback');
    const form = page.getByTestId('feedback-form');
    const clientId = (await form.getAttribute('data-client-id'))!;
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('feedback-content').fill(TEXT);
    await page.getByTestId('feedback-contact').fill('13800000000');
    if (testInfo.project.name === 'wechat') {
      // WeChat's chooser gives what the test put there.
      const images = [await pngFile(page, 'a.png', '#264653'), await pngFile(page, 'b.png', '#e9c46a')];
      await page.evaluate((urls) => ((window as unknown as { __wxChosenImages: string[] }).__wxChosenImages = urls), images.map((image) => image.dataUrl));
      await page.getByTestId('feedback-add-images').click();
      // The chooser is asked once the SDK's configuration is through, which may come after the tap.
      await expect.poll(() => page.evaluate(() => (window as unknown as { __wxChooseImage?: { count: number } }).__wxChooseImage?.count)).toBe(9);
    } else {
      await page.getByTestId('feedback-file-input').setInputFiles([await pngFile(page, 'a.png', '#264653'), await pngFile(page, 'b.png', '#e9c46a')]);
    }
    await expect(page.getByTestId('feedback-image')).toHaveCount(2);
    await page.getByTestId('feedback-send').click();
    await expect(page.getByTestId('feedback-received')).toBeVisible();
    await expect(page.getByTestId('feedback-id')).not.toBeEmpty();
    const { record, images } = await recordedFeedback(page, clientId);
    expect(images).toBe(2);
    expect(JSON.stringify(record)).toContain(TEXT);
    await page.getByTestId('feedback-back').click();
    await expect.poll(() => app.path()).toBe('/help');
  });

  test.describe('without a network for a moment', () => {
    test.use({ allowConsoleErrors: FAILED_RESOURCE });

    test('a draft survives a reload, and a send that gets no answer is sent again as the same feedback', async ({ page }, testInfo) => {
      const app = new PatientApp(page);
      await app.open('/help?view=feedback');
      const clientId = (await page.getByTestId('feedback-form').getAttribute('data-client-id'))!;
      await page.getByTestId('feedback-content').fill(TEXT);
      await page.getByTestId('feedback-contact').fill('me@example.com');
      const image = await pngFile(page, 'a.png', '#f4a261');
      if (testInfo.project.name === 'wechat') {
        await page.evaluate((url) => ((window as unknown as { __wxChosenImages: string[] }).__wxChosenImages = [url]), image.dataUrl);
        await page.getByTestId('feedback-add-images').click();
      } else {
        await page.getByTestId('feedback-file-input').setInputFiles(image);
      }
      await expect(page.getByTestId('feedback-image')).toHaveCount(1);
      await page.reload();
      await expect(page.getByTestId('feedback-form')).toHaveAttribute('data-client-id', clientId);
      await expect(page.getByTestId('feedback-content')).toHaveValue(TEXT);
      await expect(page.getByTestId('feedback-contact')).toHaveValue('me@example.com');
      await expect(page.getByTestId('feedback-image')).toHaveCount(1);

      await app.forceApi('SubmitFeedback', 'network');
      await page.getByTestId('feedback-send').click();
      await expect(page.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'offline');
      await expect(page.getByTestId('feedback-content')).toHaveValue(TEXT);
      await app.stopForcing('SubmitFeedback');
      await page.getByTestId('feedback-send').click();
      await expect(page.getByTestId('feedback-received')).toBeVisible();
      const { images } = await recordedFeedback(page, clientId);
      expect(images).toBe(1);
      // Received: the next visit starts a new draft.
      await app.open('/help?view=feedback');
      await expect(page.getByTestId('feedback-content')).toHaveValue('');
      await expect(page.getByTestId('feedback-form')).not.toHaveAttribute('data-client-id', clientId);
    });
  });

  test('text with a hidden direction character, or a contact with an invisible one, is refused on the phone in the patient\'s words', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.open('/help?view=feedback');
    await page.getByTestId('feedback-content').fill('领取检查时验证码一直收不到\u202E请帮忙看看');
    await page.getByTestId('feedback-send').click();
    await expect(page.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'contentCharacters');
    await page.screenshot({ path: testInfo.outputPath('feedback-characters.png') });
    await page.getByTestId('feedback-content').fill('领取检查时验证码一直收不到，请帮忙看看。\n第二行 😀');
    await page.getByTestId('feedback-contact').fill('13800000000\u200B');
    await page.getByTestId('feedback-send').click();
    await expect(page.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'contactInvalid');
    await expect(page.getByTestId('feedback-contact')).toHaveAttribute('aria-invalid', 'true');
  });

  test('text under 10 characters is refused on the phone', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/help?view=feedback');
    await page.getByTestId('feedback-content').fill('太短了');
    await page.getByTestId('feedback-send').click();
    await expect(page.getByTestId('feedback-problem')).toHaveAttribute('data-problem', 'contentShort');
  });
});
