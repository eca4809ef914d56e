/** A patient's session in the sandbox, as the bench needs it: signed in in a tab, and the tab's token for API calls. */
import type { Page } from '@playwright/test';

/** Signs in through the sandbox provider's page, so the tab holds a session like a patient's. */
export async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('#login').fill('patient1');
  await page.locator('#password').fill('demo1234');
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(`${base}/Home`);
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
