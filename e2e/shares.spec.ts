import type { Page, TestInfo } from '@playwright/test';
import { expect, expectViewerDrawn, openWithWrongCodeFirst, PatientApp, test } from './fixtures';

const who = (testInfo: TestInfo) => (testInfo.project.name === 'wechat' ? { login: 'patient3', nth: 0 } : { login: 'patient1', nth: 1 });

async function createShare(page: Page, testInfo: TestInfo, days: 1 | 7 | 30) {
  const app = new PatientApp(page);
  await app.signIn(who(testInfo).login);
  await app.open('/myStudyList');
  await page.getByTestId('study-link').nth(who(testInfo).nth).click();
  await page.getByTestId('film-share').click();
  await page.getByTestId(`share-days-${days}`).click();
  await page.getByTestId('share-create').click();
  const url = (await page.getByTestId('share-url').textContent())!.trim();
  const accessCode = (await page.getByTestId('share-access-code').textContent())!.replace(/\D/g, '');
  await expect(page.getByTestId('share-qr')).toHaveAttribute('data-text', url);
  return { url: new URL(url), accessCode };
}

/** Someone without an account opens the link in a fresh browser context. */
async function openAsRecipient(page: Page, url: URL) {
  const recipient = await page.context().browser()!.newContext({ viewport: { width: 390, height: 800 } });
  const other = await recipient.newPage();
  await other.goto(`${url.pathname}${url.search}`);
  return { other, close: () => recipient.close() };
}

test.describe('sharing a study', () => {
  test('create a share for 7 days; the recipient needs the access code (a wrong one says the tries left) and sees the study read-only, report and viewer', async ({ page }, testInfo) => {
    const { url, accessCode } = await createShare(page, testInfo, 7);
    if (testInfo.project.name === 'wechat') {
      // Inside WeChat, "send to a friend" sends this share as a card.
      await expect(page.getByTestId('share-wechat-hint')).toBeVisible();
      const card = await page.evaluate(() => (window as unknown as { __wxShareCard?: { link: string; title: string } }).__wxShareCard);
      expect(card?.link).toBe(url.href);
      expect(card?.title).toBeTruthy();
    } else {
      await expect(page.getByTestId('share-copy-hint')).toBeVisible();
    }
    const row = page.locator(`[data-testid="share-row"][data-code="${url.searchParams.get('code')}"]`);
    await expect(row.first()).toHaveAttribute('data-share-state', 'active');

    const { other, close } = await openAsRecipient(page, url);
    await expect(other.getByTestId('share-preview')).toBeVisible();
    await openWithWrongCodeFirst(other, accessCode);
    await expect(other.getByTestId('film-shared-note')).toBeVisible();
    await expect(other.getByTestId('film-download')).toHaveCount(0);
    await expect(other.getByTestId('film-report')).toBeVisible();
    await other.getByTestId('film-open-viewer').click();
    await expectViewerDrawn(other);
    await close();

    await page.reload();
    await expect(page.locator(`[data-testid="share-row"][data-code="${url.searchParams.get('code')}"]`).getByTestId('share-opens')).toContainText('1');
  });

  test('a revoked share and an expired share are refused, each saying so', async ({ page }, testInfo) => {
    const revoked = await createShare(page, testInfo, 1);
    const row = page.locator(`[data-testid="share-row"][data-code="${revoked.url.searchParams.get('code')}"]`);
    await row.getByTestId('share-revoke').click();
    await page.getByTestId('revoke-dialog').getByRole('button', { name: /^(撤销|Revoke)$/ }).click();
    await expect(row).toHaveAttribute('data-share-state', 'revoked');
    const first = await openAsRecipient(page, revoked.url);
    await expect(first.other.getByTestId('share-refused')).toHaveAttribute('data-refusal', 'revoked');
    await first.close();

    // Nothing of the revoked share stays in the panel: no link, codes or QR, only "share again".
    await expect(page.getByTestId('share-revoked')).toBeVisible();
    await expect(page.getByTestId('share-url')).toHaveCount(0);
    await expect(page.getByTestId('share-qr')).toHaveCount(0);
    await page.getByTestId('share-again').click();
    await page.getByTestId('share-days-30').click();
    await page.getByTestId('share-create').click();
    const expired = new URL((await page.getByTestId('share-url').textContent())!.trim());
    expect((await page.request.post(`/sandbox/test/shares/expire?code=${expired.searchParams.get('code')}`)).ok()).toBe(true);
    const second = await openAsRecipient(page, expired);
    await expect(second.other.getByTestId('share-refused')).toHaveAttribute('data-refusal', 'expired');
    await second.close();
  });
});
