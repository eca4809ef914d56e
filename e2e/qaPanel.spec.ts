import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, PatientApp, test } from './fixtures';

/** A QA deployment: the same build, with `qaPanel` switched on in its runtime configuration. */
async function withQaPanel(page: Page, on: boolean) {
  await page.route('**/config.json', async (route) => {
    const config = await (await route.fetch()).json();
    await route.fulfill({ json: { ...config, qaPanel: on } });
  });
}

/** patient2's one order to be paid: the panel only thinks again, and no other test audits it. */
async function openOrders(page: Page) {
  const app = new PatientApp(page);
  await app.signIn('patient2', '/aiOrder?tab=toBePaid');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  return app;
}

test.describe('the QA panel', () => {
  test('off by default: a patient sees no QA button and downloads none of its code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await openOrders(page);
    await expect(page.getByTestId('qa-toggle')).toHaveCount(0);
    expect(scripts.filter((url) => /qaEntry/.test(url))).toEqual([]);
  });

  test('switched on: lists the running charts, highlights the live state, logs masked events and exports the audit records', async ({ page }) => {
    await withQaPanel(page, true);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    // The HTTP client's chunk comes once the first screen has had its time (it reads without it).
    const client = page.waitForEvent('requestfinished', (request) => /\/assets\/axios-/.test(request.url()));
    await openOrders(page);
    expect(scripts.filter((url) => /qaEntry/.test(url)).length).toBeGreaterThan(0);
    // Offline from here on: the panel needs nothing from the network, and audit records wait. The
    // page's own reads finish first (in WeChat, the tab's address change asks for a JS-SDK signature).
    await client;
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await page.getByTestId('order-card').first().getByTestId('action-cancelOrder').click();
    await page.getByTestId('qa-toggle').click();
    const panel = page.getByTestId('qa-panel');
    for (const machine of ['session', 'wechatSdk', 'pagedList', 'aiOrder', 'payment']) await expect(panel.getByTestId(`qa-actor-${machine}`)).toBeVisible();

    await panel.getByTestId('qa-actor-aiOrder').click();
    await expect(panel.getByTestId('qa-state')).toHaveText('confirmingCancel');
    await expect(panel.locator('[data-testid="qa-diagram"] [data-active="true"]')).toHaveAttribute('id', 'aiOrder.confirmingCancel');
    await expect(panel.getByTestId('qa-event-log')).toContainText('CANCEL');

    // The list's event log shows the shape of the answer, never a patient's name.
    await panel.getByTestId('qa-actor-pagedList').click();
    const log = await panel.getByTestId('qa-event-log').textContent();
    expect(log).toContain('xstate.done.actor.load');
    expect(log).not.toMatch(/张伟|李娜/);
    expect(log).toContain('•••');

    await panel.getByRole('button', { name: /关闭|Close/ }).click();
    await page.getByRole('button', { name: /再想想|Think again/ }).click();
    await page.getByTestId('qa-toggle').click();
    await panel.getByRole('tab', { name: /审计记录|Audit records/ }).click();
    const records = panel.getByTestId('qa-audit-records').getByRole('listitem');
    await expect(records).toHaveCount(2);
    await expect(records.filter({ hasText: /排队中|queued/ })).toHaveCount(2);
    const download = page.waitForEvent('download');
    await panel.getByTestId('qa-export').click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { event: string; from: string; to: string });
    expect(lines.map((r) => [r.event, r.from, r.to])).toEqual([
      ['CANCEL', 'idle', 'confirmingCancel'],
      ['THINK_AGAIN', 'confirmingCancel', 'idle'],
    ]);

    // Back online, the waiting records go to the analytics endpoint.
    await page.context().setOffline(false);
    await expect(records.filter({ hasText: /已发送|sent/ })).toHaveCount(2, { timeout: 20_000 });
  });
});
