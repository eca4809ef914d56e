/** A patient's session in the sandbox, as the bench needs it: signed in in a tab, and the tab's token for API calls. */
import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../server/demoData';

/**
 * The browser's language in every part of the bench. English is the slower path of the two (the
 * app's default strings are Chinese; English ones are fetched when the browser asks for them), so the
 * figures are the conservative ones.
 */
export const BROWSER_LANGUAGE = 'en-US';

/** The demo patient the bench signs in as (server/demoData.ts), on the provider's own form. */
const PATIENT = { login: 'patient1', password: DEMO_PASSWORD };
const FORM = { login: '#login', password: '#password', submit: 'button[type="submit"]' };

/** Signs in through the sandbox provider's page, so the tab holds a session like a patient's. */
export async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator(FORM.login).fill(PATIENT.login);
  await page.locator(FORM.password).fill(PATIENT.password);
  await page.locator(FORM.submit).first().click();
  await page.waitForURL(`${base}/Home`);
}

/** The same sign-in in a Puppeteer tab (Lighthouse's user flows drive Puppeteer). */
export async function signInPuppeteer(page: PuppeteerPage, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForSelector(FORM.login);
  await page.type(FORM.login, PATIENT.login);
  await page.type(FORM.password, PATIENT.password);
  await page.click(FORM.submit);
  await page.waitForFunction((origin) => location.origin === origin && location.pathname === '/Home', { timeout: 30_000 }, new URL(base).origin);
}

/** The access token oidc-client-ts keeps for this tab (sessionStorage). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
  if (!token) throw new Error('no access token in the signed-in tab');
  return token;
}

/** GET an API call as the signed-in patient; the envelope's result, or an error naming the call. */
export async function apiGet<T>(page: Page, base: string, path: string, params: Record<string, string | number>): Promise<T> {
  const token = await accessToken(page);
  const url = new URL(`/api/${path}`, base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  const response = await page.request.get(url.href, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json().catch(() => null)) as { statusCode?: number; result?: T } | null;
  if (!response.ok() || body?.statusCode !== 200) throw new Error(`${path}: HTTP ${response.status()}, statusCode ${body?.statusCode}`);
  return body.result as T;
}
