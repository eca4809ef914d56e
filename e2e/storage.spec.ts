import type { Page } from '@playwright/test';
import { anyString, expectAuditTrail } from './auditTrail';
import { expect, PatientApp, test } from './fixtures';

/**
 * Paid storage (issue 14 §1). Each project buys as its own patient (patient2 on the phone, patient3 in
 * WeChat), for their oldest study, whose storage the sandbox's test hook sets to ended or ending: the
 * storage badges other tests read (patient1's) never change.
 */
async function openStudyStore(page: Page, login: 'patient2' | 'patient3', state: 'expiring' | 'expired') {
  const app = new PatientApp(page);
  await app.signIn(login);
  await app.open('/imageStore');
  const href = await page.getByTestId('storage-study-link').last().getAttribute('href');
  const collectFilmId = new URL(href!, 'http://app').searchParams.get('id')!;
  const set = await page.request.post(`/sandbox/test/storage/expire?collectFilmId=${collectFilmId}&days=${state === 'expired' ? -5 : 5}`);
  expect(set.ok()).toBe(true);
  await app.open(`/imageStore?id=${collectFilmId}`);
  await expect(page.getByTestId('storage-study')).toHaveAttribute('data-state', state);
  // Nothing that costs money is chosen for the patient: no plan, so no buy button, until one is tapped.
  await expect(page.getByTestId('storage-choose-first')).toBeVisible();
  await expect(page.getByTestId('storage-buy')).toHaveCount(0);
}

async function buy(page: Page, planId: string) {
  await page.getByTestId(`storage-plan-${planId}`).click();
  await page.getByTestId('storage-buy').click();
  await page.getByTestId('storage-confirm').getByRole('button', { name: /确认支付|^Pay$/ }).click();
}

test('H5: a plan for a study whose storage ended, paid on the pay page; then an order left unpaid is cancelled from the storage orders', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'H5 pay is the phone-browser path');
  await openStudyStore(page, 'patient2', 'expired');
  await buy(page, 'storage-12m');
  await page.waitForURL(/\/sandbox\/h5pay\//);
  await page.getByRole('button', { name: /^支付|^Pay/ }).click();
  await page.waitForURL(/\/imageStore\?id=/);
  await page.getByTestId('h5-dialog').getByRole('button', { name: /已支付|Paid/ }).click();
  await expect(page.getByTestId('toast')).toHaveText(/支付成功|Payment succeeded/);
  await expect(page.getByTestId('storage-study')).toHaveAttribute('data-state', 'active');

  // Another plan, left unpaid on the pay page: the study says an order waits; the order list cancels it.
  await buy(page, 'storage-60m');
  await page.waitForURL(/\/sandbox\/h5pay\//);
  await page.getByRole('button', { name: /取消支付|Cancel/ }).click();
  await page.waitForURL(/\/imageStore\?id=/);
  await page.getByTestId('h5-dialog').getByRole('button', { name: /未支付|Not paid/ }).click();
  await expect(page.getByTestId('toast')).toHaveText(/您取消了支付|You cancelled the payment/);
  await page.reload();
  await page.getByTestId('storage-pending').getByRole('link').click();
  await expect(page).toHaveURL(/\/storeOrder\?tab=toBePaid/);
  const order = page.getByTestId('store-order').first();
  await expect(order).toHaveAttribute('data-status', '2');
  await order.getByTestId('store-cancel').click();
  await page.getByTestId('store-cancel-dialog').getByRole('button', { name: /取消订单|Cancel order/ }).click();
  await expect(page.getByTestId('toast')).toHaveText(/操作成功|Operation succeeded/);
  await page.getByTestId('store-tab-paid').click();
  const paid = page.getByTestId('store-order').first();
  await expect(paid).toHaveAttribute('data-status', '3');

  // The auditor's trail of the paid order, across leaving for the pay page and coming back.
  await expectAuditTrail(
    page,
    (await paid.getAttribute('data-order-id'))!,
    [
      ['PAY', 'idle', 'requestingParams', null, { payWay: 2 }],
      ['xstate.done.actor.getPayParams', 'requestingParams', 'awaitingH5', 200, { way: 2, record_no: anyString }],
      ['RESUME_H5', 'idle', 'askingH5Result', null, null],
      ['H5_PAID', 'askingH5Result', 'querying', null, null],
      ['xstate.done.actor.queryPayResult', 'querying', 'idle', 200, 1],
    ],
    [],
    'patient2',
  );
});

test('in-app: a plan for a study whose storage is ending, paid with WeChat pay', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'wechat', 'in-app pay is the WeChat path');
  await openStudyStore(page, 'patient3', 'expiring');
  await buy(page, 'storage-36m');
  await expect(page.getByTestId('toast')).toHaveText(/支付成功|Payment succeeded/);
  await expect(page.getByTestId('storage-study')).toHaveAttribute('data-state', 'active');
  expect(await page.evaluate(() => (window as unknown as { __wxPayCalls?: number }).__wxPayCalls)).toBe(1);

  // The auditor's trail of that payment, under the storage order's own number.
  await new PatientApp(page).open('/storeOrder?tab=paid');
  const orderId = (await page.getByTestId('store-order').first().getAttribute('data-order-id'))!;
  expect(orderId).toMatch(/^ST/);
  await expectAuditTrail(
    page,
    orderId,
    [
      ['PAY', 'idle', 'requestingParams', null, { payWay: 1 }],
      ['xstate.done.actor.getPayParams', 'requestingParams', 'payingInApp', 200, { way: 1, package: expect.stringMatching(/^prepay_id=/) }],
      ['xstate.done.actor.payInApp', 'payingInApp', 'querying', null, { wechat: 'ok' }],
      ['xstate.done.actor.queryPayResult', 'querying', 'idle', 200, 1],
    ],
    [],
    'patient3',
  );
});
