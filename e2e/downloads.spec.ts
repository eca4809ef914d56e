import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { unzipSync } from 'fflate';
import { allRecords, dicomParser, readDicomdir } from '../tests/server/dicomdirReader';
import { atPackageChoice, expect, PatientApp, test } from './fixtures';

/**
 * Who packages what. patient1: sending a link saves the address to the profile, and no test reads
 * patient1's address back (the profile tests use patient2 and patient3). Each test and project
 * packages a small study of its own (its place in the study list), because the page finds a
 * study's newest package after a reload, whoever asked for it.
 */
const PATIENT = { login: 'patient1', name: '张伟' };
const STUDY_AT: Readonly<Record<string, number>> = { 'phone dicom': 1, 'phone link': 6, 'wechat link': 2 };

async function openPackagePage(page: Page, testInfo: TestInfo, which: 'dicom' | 'link') {
  const app = new PatientApp(page);
  await app.signIn(PATIENT.login);
  await app.open('/myStudyList');
  await page.getByTestId('study-link').nth(STUDY_AT[`${testInfo.project.name} ${which}`]!).click();
  await page.getByTestId('film-download').click();
  await expect(page).toHaveURL(/\/downloadFilm\?id=/);
  return app;
}

/** The id of the package the page shows, read through its download link as a recipient would. */
async function shownPackageId(page: Page): Promise<string> {
  await page.getByTestId('package-copy-link').click();
  const link = await page.getByTestId('package-link').inputValue();
  return page.evaluate(async (token) => {
    const answer = await fetch('/api/v2/FilmDown/QueryPackageTask', { headers: { 'X-Download-Token': token ?? '' } }).then((response) => response.json());
    return answer.result.taskId as string;
  }, new URLSearchParams(new URL(link).hash.slice(1)).get('token'));
}

/** Chooses and asks for a package of this kind. */
async function askForPackage(page: Page, options: { format: 'dicom' | 'jpeg'; desensitize: boolean }) {
  await atPackageChoice(page);
  await page.getByTestId(`package-format-${options.format}`).click();
  // A native switch (a checkbox): its state is the checked property, there is no aria-checked to read.
  await page.getByTestId('package-desensitize').setChecked(options.desensitize);
  await page.getByTestId('package-request').click();
}

/** Chooses, asks for a package, and waits until it is ready, reloading once in the middle. */
async function makePackage(page: Page, options: { format: 'dicom' | 'jpeg'; desensitize: boolean }) {
  await askForPackage(page, options);
  await expect(page.getByTestId('package-progress').or(page.getByTestId('package-ready'))).toBeVisible();
  if (await page.getByTestId('package-ready').isVisible()) {
    // The server answers a package of the same kind it already has (a second run on one sandbox):
    // that one expires, so this run follows a package being made too.
    expect((await page.request.post(`/sandbox/test/packages/expire?taskId=${await shownPackageId(page)}`)).ok()).toBe(true);
    await page.reload();
    await askForPackage(page, options);
  }
  await expect(page.getByTestId('package-progress')).toBeVisible();
  // A reload (or a closed tab) in the middle: the page finds the package again and follows it.
  await page.reload();
  await expect(page.getByTestId('package-progress').or(page.getByTestId('package-ready'))).toBeVisible();
  await expect(page.getByTestId('package-ready')).toBeVisible({ timeout: 30_000 });
}

test.describe('downloading a study', () => {
  test('a DICOM package with a DICOMDIR, desensitized: progress survives a reload, and the ZIP opens', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'wechat', 'WeChat cannot save files; the wechat project copies the link instead');
    await openPackagePage(page, testInfo, 'dicom');
    await makePackage(page, { format: 'dicom', desensitize: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('package-download').click()]);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const names = Object.keys(zip);
    expect(names).toContain('DICOMDIR');
    const { records, roots } = readDicomdir(zip.DICOMDIR!);
    const images = allRecords(roots).filter((record) => record.type === 'IMAGE');
    expect(records).toBeGreaterThan(3);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const path = image.dataSet.string('x00041500')!.split('\\').join('/');
      const file = zip[path];
      expect(file, path).toBeTruthy();
      const dataSet = dicomParser.parseDicom(file!);
      expect(dataSet.string('x00080018')).toBe(image.dataSet.string('x00041511'));
      expect(dataSet.string('x00100010')).toBe('ANONYMOUS');
    }
    expect(new TextDecoder().decode(zip.DICOMDIR).includes(PATIENT.name)).toBe(false);

    await new PatientApp(page).open('/downloadList');
    await expect(page.getByTestId('download-record').first()).toContainText(/DICOM/);
  });

  test('copy the link, e-mail it (an invalid address is refused), open it as the recipient; an expired link says so', async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await openPackagePage(page, testInfo, 'link');
    await makePackage(page, { format: 'jpeg', desensitize: false });
    if (testInfo.project.name === 'wechat') await expect(page.getByTestId('package-wechat-note')).toBeVisible();

    await page.getByTestId('package-copy-link').click();
    const link = await page.getByTestId('package-link').inputValue();
    // The token rides in the fragment: no server, proxy or Referer sees it.
    expect(link).toMatch(/\/downloadLink#token=/);

    await page.getByTestId('package-email').fill('zhang.wei@example');
    await page.getByTestId('package-send-email').click();
    await expect(page.getByTestId('package-email-problem')).toBeVisible();
    const address = `${PATIENT.login}_${testInfo.project.name}_${Date.now()}@example.com`;
    await page.getByTestId('package-email').fill(address);
    await page.getByTestId('package-send-email').click();
    await expect(page.getByTestId('package-email-sent')).toContainText(address);
    const { messages } = (await (await page.request.get(`/sandbox/test/outbox?to=${address}`)).json()) as { messages: Array<{ link: string }> };
    expect(messages[0]!.link).toMatch(/\/downloadFilm#token=/);

    const recipient = await context.browser()!.newPage();
    await recipient.goto(new URL(messages[0]!.link).pathname + new URL(messages[0]!.link).hash);
    await expect(recipient.getByTestId('download-received')).toBeVisible();
    await expect(recipient.getByTestId('received-download')).toHaveAttribute('href', /FilmDownFile\?taskId=[0-9]+&via=link&exp=[0-9]+&grant=link&sig=/);
    await recipient.goto(new URL(link).pathname + new URL(link).hash);
    await expect(recipient.getByTestId('download-received')).toBeVisible();

    expect((await page.request.post(`/sandbox/test/packages/expire?taskId=${await shownPackageId(page)}`)).ok()).toBe(true);
    await recipient.reload();
    await expect(recipient.getByTestId('download-link-expired')).toBeVisible();
    await recipient.close();
  });
});
