import { AUDIT_PATH } from '../server/sandboxUrls';
import { expect, PatientApp, PROVIDER_ORIGIN, test } from './fixtures';

test.describe('the audit pages are for auditors', () => {
  // The refusal comes with HTTP 403, which Chromium logs.
  test.use({ allowConsoleErrors: /status of 403/ });

  test('a patient who signs in there is told the page is for auditors, and can sign out', async ({ page }) => {
    await page.goto(`${AUDIT_PATH}/AI20250301000001`);
    // Not signed in at the audit pages: the provider asks who it is.
    await new PatientApp(page).completeSignIn('patient1');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/此页面仅供审计员使用[\s\S]*This page is for auditors/);
    await expect(page.locator('table')).toHaveCount(0);

    await page.getByRole('link', { name: /退出登录|Sign out/ }).click();
    // The provider's sign-out page submits itself, then comes back to the sandbox.
    await page.waitForURL((url) => url.origin !== PROVIDER_ORIGIN && url.pathname === `${AUDIT_PATH}/signed-out`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/您已退出审计页面[\s\S]*You are signed out of the audit pages/);
    // Signed out at the provider too: the next visit asks for a password again.
    await page.goto(`${AUDIT_PATH}/AI20250301000001`);
    await expect(page.locator('#password')).toBeVisible();
  });
});
