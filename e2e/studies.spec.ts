import type { TestInfo } from '@playwright/test';
import { expect, PatientApp, test } from './fixtures';

/**
 * Each browser project signs in as its own patient, so the two never change each other's reports:
 * both patients' newest study has a report the hospital has not sent yet.
 */
const patientOf = (testInfo: TestInfo) => (testInfo.project.name === 'wechat' ? 'patient3' : 'patient1');

test.describe('studies, the film detail and the report', () => {
  test('open a study from my studies: hospital, patient, study, images, a report that reads, storage', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn(patientOf(testInfo));
    await app.tapTile(/我的检查|My studies/);
    await page.getByTestId('study-link').nth(1).click();
    const detail = page.getByTestId('film-detail');
    await expect(detail.getByTestId('film-hospital')).toHaveText('云胶片示范医院');
    await expect(detail.getByTestId('film-study')).toContainText(patientOf(testInfo) === 'patient3' ? '王小明' : '张伟');
    await expect(detail.getByTestId('film-report')).toHaveAttribute('data-report', 'written');
    await expect(detail.getByTestId('report-findings')).toHaveText(/\S{10,}/);
    await expect(detail.getByTestId('report-impression')).toHaveText(/\S{4,}/);
    await expect(detail.getByTestId('film-open-viewer')).toHaveAttribute('href', /^\/cloudFilm\?wadourl=.+&studyuid=1\.2\.826\.0\.1\.3680043\.8\.498\.\d+&hospid=DEMO001$/);
    await expect(detail.getByTestId('storage-status')).toHaveText(/\d{4}-\d{2}-\d{2}/);
    await expect(detail.getByTestId('film-download')).toBeVisible();
  });

  test('a report not synced yet: its status and when it was checked; "check again" shows it once the hospital sends it', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn(patientOf(testInfo));
    await app.tapTile(/我的检查|My studies/);
    await page.getByTestId('study-link').first().click();
    const report = page.getByTestId('film-report');
    await expect(report).toHaveAttribute('data-report', 'notSynced');
    await expect(report.getByTestId('report-pending')).toHaveText(/尚未同步|has not sent/);
    await expect(report.getByTestId('report-last-check')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await report.getByTestId('report-check-again').click();
    await expect(report).toHaveAttribute('data-report', 'notSynced');
    const collectId = new URL(page.url()).searchParams.get('id')!;
    expect((await page.request.post(`/sandbox/reports/sync?collectId=${collectId}`)).ok()).toBe(true);
    await report.getByTestId('report-check-again').click();
    await expect(report).toHaveAttribute('data-report', 'written');
    await expect(report.getByTestId('report-findings')).toHaveText(/\S{10,}/);
  });

  test('home shows the hospital and badges what needs attention', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'wechat', 'patient1 has the unpaid orders and the expired storage');
    const app = new PatientApp(page);
    await app.signIn('patient1');
    await expect(page.getByTestId('hub-hospital')).toHaveText('云胶片示范医院');
    await expect(page.getByTestId('hub-badge-aiOrder')).toHaveText(/^\d+ to pay$/);
    await expect(page.getByTestId('hub-badge-imageStore')).toHaveText('1 expired');
  });

  test('reports by check type, each opening its study at the report', async ({ page }, testInfo) => {
    const app = new PatientApp(page);
    await app.signIn(patientOf(testInfo));
    await app.tapTile(/电子报告|Reports/);
    await expect(page.getByTestId('study-link').first()).toBeVisible();
    await page.getByTestId('tab-US').click();
    await expect(page.getByTestId('study-card').first()).toContainText('US');
    await page.getByTestId('study-link').first().click();
    await expect(page).toHaveURL(/\/index\?id=\d+#report$/);
    await expect(page.getByTestId('film-report')).toBeVisible();
  });

  test('my images: remove a film after confirming', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'wechat', 'patient3 has collected no films');
    const app = new PatientApp(page);
    await app.signIn('patient1');
    await app.tapTile(/云胶片|Cloud films/);
    const cards = page.getByTestId('film-remove');
    await expect(cards.first()).toBeVisible();
    const removed = await page.getByTestId('study-link').first().getAttribute('href');
    await cards.first().click();
    await page.getByTestId('remove-dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Operation succeeded')).toBeVisible();
    await expect(page.getByTestId('study-link').first()).not.toHaveAttribute('href', removed!);
    await expect(page.locator(`[data-testid="study-link"][href="${removed}"]`)).toHaveCount(0);
  });
});
