import type { Page } from '@playwright/test';
import { demoStudyRecords } from '../server/seed';
import { expect, PatientApp, screenSettled, test } from './fixtures';
import { shownText, strayChinese } from './patientEyes';

/**
 * English all the way (issue 24, point 10; decisions.md: English is complete too). One signed-in
 * pass over the main screens in English; on each, every run of Chinese characters in the page's
 * text is a failure unless it is a proper name (a patient, the hospital, a doctor) or text a doctor
 * wrote (the report, marked `data-authored="doctor"`, which stays in the doctor's words).
 */

const PATIENT = 'patient1';

/** patient1's study by its date (ids grow in the order the sandbox seeds them, as in a11y.spec.ts). */
const studyId = (date: string) => String(demoStudyRecords().findIndex((one) => one.patient.loginName === PATIENT && one.study.date === date) + 1);
const NEWEST = studyId('2026-11-18');
const WITH_AI = studyId('2026-02-09');

/**
 * Screens still showing Chinese in English, each with why: they are left out of the check until
 * fixed, so the check keeps the rest honest meanwhile. Remove a line once its screen is English.
 */
const NOT_YET: Readonly<Record<string, string>> = {
};

/** The main screens a signed-in patient opens, and a part that shows each has its content. */
const SCREENS: ReadonlyArray<{ path: string; shows?: string }> = [
  { path: '/Home' },
  { path: '/myStudyList' },
  { path: '/myImageList' },
  { path: `/index?id=${NEWEST}`, shows: 'film-detail' },
  { path: `/index?id=${WITH_AI}`, shows: 'film-detail' },
  { path: `/medicalTag?id=${NEWEST}` },
  { path: `/aiApply?id=${WITH_AI}` },
  { path: `/aiResult?id=${WITH_AI}` },
  { path: '/aiOrder' },
  { path: '/aiOrder?tab=paid' },
  { path: '/storeOrder' },
  { path: `/imageStore?id=${NEWEST}` },
  { path: '/shareList' },
  { path: '/downloadList' },
  { path: '/personal' },
  { path: '/modify' },
  { path: '/help' },
  { path: '/about' },
  { path: '/experience' },
];

/** Moves inside the app as a tap on a link would: the session and the language stay. */
async function openInApp(page: Page, address: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `en${idx}`, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, address);
}

test.describe.configure({ timeout: 120_000 });

test('no Chinese on the English screens but names and what a doctor wrote', async ({ page }) => {
  const app = new PatientApp(page);
  await page.goto('/?lang=en');
  await app.completeSignIn(PATIENT);
  await expect.poll(() => app.path()).toBe('/Home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const found: string[] = [];
  for (const screen of SCREENS.filter((one) => !(one.path in NOT_YET))) {
    await openInApp(page, screen.path);
    await expect.poll(() => new URL(page.url()).pathname).toBe(screen.path.split('?')[0]);
    if (screen.shows) await expect(page.getByTestId(screen.shows)).toBeVisible();
    await screenSettled(page, screen.path);
    // A screen's data may arrive in parts (the report, the AI analyses): wait until nothing is busy.
    await page.waitForLoadState('networkidle');
    await screenSettled(page, screen.path);
    const stray = strayChinese(await shownText(page));
    if (stray.length) found.push(`${screen.path}: ${stray.map((run) => JSON.stringify(run)).join(', ')}`);
  }
  expect(found, 'Chinese on English screens (not a name, not a doctor\'s text)').toEqual([]);
});
