import { request, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { DEMO_AUDITOR } from '../server/oidc/staffAccounts';
import { AUDIT_PATH } from '../server/sandboxUrls';
import { UUID_KEY } from '../src/shared/state/clientState';
import { DEMO_PASSWORD, expect, PROVIDER_ORIGIN, signInOverHttp } from './fixtures';

/** One audit record as an auditor compares it: what happened, between which states, what the server said. */
export type TrailStep = [event: string, from: string, to: string, statusCode: number | null, result: unknown];

interface StoredRecord {
  id: string;
  kind: 'audit' | 'event';
  event?: string;
  name?: string;
  from?: string;
  to?: string;
  statusCode?: number | null;
  result?: unknown;
  orderId: string | null;
  userId: string | null;
  deviceId: string;
  receivedFor: string;
}

let auditor: { token: string; until: number } | undefined;

/**
 * The demo auditor's access token, from the provider by the app's own flow (authorization code with
 * PKCE), in a request context of its own so the page's session at the provider stays the
 * patient's. One per worker, until a minute before it expires.
 */
async function auditorToken(): Promise<string> {
  if (auditor && auditor.until > Date.now()) return auditor.token;
  const context = await request.newContext();
  try {
    const tokens = await signInOverHttp(context, DEMO_AUDITOR.loginName, 'openid');
    auditor = { token: tokens.access_token, until: Date.now() + (tokens.expires_in - 60) * 1000 };
    return auditor.token;
  } finally {
    await context.dispose();
  }
}

/**
 * The order's records from this test's device (each browser context is a new device) in the
 * sandbox's store, once the app has sent them all: the outbox sends in the background. Answers
 * their ids.
 */
export async function expectAuditTrail(page: Page, orderId: string, trail: TrailStep[], events: string[] = [], patient = 'patient1'): Promise<string[]> {
  const deviceId = await page.evaluate((key) => localStorage.getItem(key), UUID_KEY);
  let records: StoredRecord[] = [];
  await expect
    .poll(
      async () => {
        // Read as an auditor reads it: the trail is not the patient's to read.
        const answer = await page.request.get(`${AUDIT_PATH}?orderId=${encodeURIComponent(orderId)}`, {
          headers: { authorization: `Bearer ${await auditorToken()}` },
        });
        records = ((await answer.json()) as { records: StoredRecord[] }).records.filter((r) => r.deviceId === deviceId);
        return records.length;
      },
      { timeout: 15_000 },
    )
    .toBe(trail.length + events.length);
  const audit = records.filter((r) => r.kind === 'audit');
  expect(audit.map((r): TrailStep => [r.event!, r.from!, r.to!, r.statusCode ?? null, r.result ?? null])).toEqual(trail);
  expect(records.filter((r) => r.kind === 'event').map((r) => r.name)).toEqual(events);
  for (const record of records) expect(record).toMatchObject({ orderId, userId: patient, receivedFor: patient });
  return records.map((record) => record.id);
}

/**
 * The order's timeline page as an auditor opens it: in a browser of their own, signing in at the
 * provider on the way. Every record of `recordIds` is a row.
 */
export async function expectAuditPage(browser: Browser, orderId: string, recordIds: readonly string[]) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`${AUDIT_PATH}/${encodeURIComponent(orderId)}`);
    await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
    await page.locator('#login').fill(DEMO_AUDITOR.loginName);
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登录|Sign in/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/订单审计记录[\s\S]*Order audit trail/);
    expect(new URL(page.url()).pathname).toBe(`${AUDIT_PATH}/${encodeURIComponent(orderId)}`);
    for (const id of recordIds) await expect(page.locator(`tr[data-record-id="${id}"]`)).toHaveCount(1);
    await expect(page.locator('[data-auditor]')).toContainText(DEMO_AUDITOR.loginName);
  } finally {
    await context.close();
  }
}

/** Any value: for the parts of a record the server makes up (record numbers, prepay ids). */
export const anyString = expect.any(String) as unknown as string;
