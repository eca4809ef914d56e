import { expect, PatientApp, test } from './fixtures';

test.describe('the help centre', () => {
  test('anyone can read it: questions by type, an article, a related question', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/help');
    await expect(page.getByTestId('help-type')).toHaveCount(4);
    await page.getByTestId('help-question').first().click();
    await expect(page).toHaveURL(/\/helpDetail\?id=collect-qr$/);
    await expect(page.getByTestId('help-article')).toContainText(/二维码|QR code/);
    await page.getByTestId('help-related').first().click();
    await expect(page.getByTestId('help-article')).toContainText(/短信验证码|text message code/);
  });
});

test('about and the user agreement are public and name the hospital', async ({ page }) => {
  const app = new PatientApp(page);
  await app.open('/about-us');
  await expect(page.getByTestId('about-hospital')).toHaveText('云胶片示范医院');
  await page.getByTestId('about-deel').click();
  await expect(page.getByTestId('deel').locator('section')).toHaveCount(6);
});
