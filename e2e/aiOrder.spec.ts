import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { SANDBOX_WECHAT } from '../server/wechat';
import { anyString, expectAuditPage, expectAuditTrail } from './auditTrail';
import { expect, PatientApp, test } from './fixtures';

async function openOrders(page: Page, login = 'patient1', tab?: string) {
  const app = new PatientApp(page);
  await app.signIn(login, tab ? `/aiOrder?tab=${tab}` : '/aiOrder');
  await expect(page.getByTestId('order-card').first().or(page.getByTestId('list-empty'))).toBeVisible();
  return app;
}

const cards = (page: Page) => page.getByTestId('order-card');
const cardWithStatus = (page: Page, status: number) => page.locator(`[data-testid="order-card"][data-status="${status}"]`).first();
const noMore = /没有更多了|No more/;

/**
 * The demo orders each test pays, cancels or follows (to be paid; `progress` is analysing): one per
 * test and project, so tests running side by side against the same sandbox never touch each other's order.
 */
const ORDER_FOR = {
  phone: { progress: 'AI20260802000028', cancel: 'AI20261118000033', h5Pay: 'AI20261118000032', h5Cancel: 'AI20261027000031', cancelSaidPaid: 'AI20260915000029', back: 'AI20260620000025', reload: 'AI20260328000022' },
  wechat: { progress: 'AI20250917000017', cancel: 'AI20250917000016', ok: 'AI20250805000014', cancelPay: 'AI20250508000012', fail: 'AI20250319000010', refused: 'AI20241112000007' },
} as const;

function orderFor(key: string): string {
  const project = test.info().project.name as keyof typeof ORDER_FOR;
  return (ORDER_FOR[project] as Record<string, string>)[key]!;
}

/**
 * The card of one order, scrolling to the end of the list first so any page of it is there. The
 * list pages by offset and tests running alongside take other orders out of the tab, which can
 * move this one across a page boundary between two page loads, unseen: then the list loads anew.
 */
async function orderCard(page: Page, orderId: string) {
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    await scrollToEnd(page);
    await expect(card).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

/** Scrolls down, page by page, until the list says there is no more. */
async function scrollToEnd(page: Page) {
  const footer = page.getByTestId('list-footer');
  await expect(async () => {
    await footer.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(footer).toHaveText(noMore, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test.describe('AI orders against the sandbox', () => {
  test('every tab shows its orders', async ({ page }) => {
    await openOrders(page);
    for (const [tab, statuses] of [
      ['toBePaid', ['2']],
      ['inProgress', ['0', '1']],
      ['tradeClosed', ['5']],
      ['all', ['0', '1', '2', '3', '4', '5']],
    ] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('order-list')).not.toHaveAttribute('data-state', 'loading');
      const seen = await cards(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.status));
      expect(seen.length).toBeGreaterThan(0);
      for (const status of seen) expect(statuses).toContain(status);
    }
  });

  test('scrolling to the end loads every page and says "no more"', async ({ page }) => {
    await openOrders(page);
    await expect(cards(page)).toHaveCount(8);
    await scrollToEnd(page);
    await expect(page.getByTestId('list-footer')).toHaveText(noMore);
    expect(await cards(page).count()).toBeGreaterThan(16);
  });

  test('a patient without orders sees "no data"', async ({ page }) => {
    await openOrders(page, 'patient3');
    await expect(page.getByTestId('list-empty')).toContainText(/暂无数据|No data/);
  });

  test('apply progress and view reason go to aiResult with the film id and that order; a card opens the film', async ({ page }) => {
    const app = await openOrders(page);
    // An analysing order no other test touches: aiResult hands it to its progress page.
    const progressOrder = orderFor('progress');
    await (await orderCard(page, progressOrder)).getByTestId('action-applyProgress').click();
    await expect.poll(() => app.path()).toBe(`/aiStatus?orderId=${progressOrder}`);
    await expect(page.getByTestId('ai-order')).toHaveAttribute('data-order-id', progressOrder);
    await page.goBack();
    await scrollToEnd(page);
    const failed = cardWithStatus(page, 4);
    const failedOrder = await failed.getAttribute('data-order-id');
    await failed.getByTestId('action-viewReason').click();
    await expect.poll(() => app.path()).toMatch(new RegExp(`^/aiResult\\?id=.+&orderId=${failedOrder}$`));
    await expect(page.getByTestId('ai-order')).toHaveAttribute('data-order-id', failedOrder!);
    await expect(page.getByTestId('ai-result')).toHaveAttribute('data-kind', 'failed');
    await page.goBack();
    await cardWithStatus(page, 5).click();
    await expect.poll(() => app.path()).toMatch(/^\/index\?id=/);
    await expect(page.getByTestId('film-detail')).toBeVisible();
    await expect(page.getByTestId('hub')).toHaveCount(0);
  });

  test('AI result opens the viewer or the allowed external report', async ({ page }) => {
    const app = await openOrders(page);
    await scrollToEnd(page);
    const succeeded = page.locator('[data-testid="order-card"][data-status="3"]');
    const count = await succeeded.count();
    const seen = new Set<string>();
    for (let i = 0; i < count && seen.size < 2; i++) {
      await succeeded.nth(i).getByTestId('action-aiResult').click();
      await page.waitForURL((url) => url.pathname === '/cloudFilm' || url.pathname.startsWith('/sandbox/ai-report/'));
      const url = new URL(page.url());
      if (url.pathname === '/cloudFilm') {
        expect(url.searchParams.get('result')).toBe('2');
        expect(url.searchParams.get('showAi')).toBe('true');
        expect(url.searchParams.get('studyuid')).toBeTruthy();
        expect(url.searchParams.get('hospid')).toBe('DEMO001');
        expect(url.searchParams.get('wadourl')).toBeTruthy();
      }
      seen.add(url.pathname === '/cloudFilm' ? 'viewer' : 'external');
      await page.goBack();
      await expect(cards(page).first()).toBeVisible();
      await scrollToEnd(page);
    }
    expect([...seen].sort()).toEqual(['external', 'viewer']);
    expect(app.path()).toMatch(/^\/aiOrder/);
  });

  test('cancel: "think again" keeps the order, "confirm cancel" closes it', async ({ page, browser }) => {
    await openOrders(page, 'patient1', 'toBePaid');
    const orderId = orderFor('cancel');
    const first = await orderCard(page, orderId);
    await first.getByTestId('action-cancelOrder').click();
    await expect(page.getByTestId('cancel-dialog')).toContainText(/确认取消该订单吗|Confirm cancelling this order/);
    await page.getByRole('button', { name: /再想想|Think again/ }).click();
    await expect(page.getByTestId('cancel-dialog')).toHaveCount(0);
    await first.getByTestId('action-cancelOrder').click();
    await page.getByRole('button', { name: /确认取消|Confirm cancel/ }).click();
    await expect(page.getByTestId('toast')).toHaveText(/操作成功|Operation succeeded/);
    await expect(page.getByTestId('order-list')).toHaveAttribute('data-state', /idle|finished/);
    await expect(page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`)).toHaveCount(0);
    const recordIds = await expectAuditTrail(page, orderId, [
      ['CANCEL', 'idle', 'confirmingCancel', null, null],
      ['THINK_AGAIN', 'confirmingCancel', 'idle', null, null],
      ['CANCEL', 'idle', 'confirmingCancel', null, null],
      ['CONFIRM_CANCEL', 'confirmingCancel', 'cancelling', null, null],
      ['xstate.done.actor.cancelOrder', 'cancelling', 'idle', 200, null],
    ]);
    // And as an auditor reads it in a browser.
    await expectAuditPage(browser, orderId, recordIds);
  });
});

test.describe('AI orders when the API fails', () => {
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test('a list failure: the error page says "network abnormal, try again later"', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signIn();
    await page.route('**/api/V1.0/AI/OrderList*', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await app.open('/aiOrder');
    await expect(app.errorPage().getByTestId('status-text')).toHaveText(/网络异常，请稍后再试|Network abnormal, try again later/);
  });

  test('a refused cancel shows the server message', async ({ page }) => {
    await openOrders(page, 'patient1', 'toBePaid');
    await page.route('**/api/V1.0/AI/CancelOrder*', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ statusCode: 4001, msg: '订单状态已变化，无法取消', result: null }) }),
    );
    await cardWithStatus(page, 2).getByTestId('action-cancelOrder').click();
    await page.getByRole('button', { name: /确认取消|Confirm cancel/ }).click();
    await expect(page.getByTestId('toast')).toHaveText('订单状态已变化，无法取消');
  });
});

test.describe('paying on the H5 page (phone browser)', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'H5 pay is the phone-browser path'));

  for (const [button, message, key] of [
    [/^支付|^Pay/, /支付成功|Payment succeeded/, 'h5Pay'],
    [/取消支付|Cancel/, /您取消了支付|You cancelled the payment/, 'h5Cancel'],
  ] as const) {
    test(`H5: ${button.source} on the pay page, then the answer on return`, async ({ page }) => {
      await openOrders(page, 'patient1', 'toBePaid');
      await (await orderCard(page, orderFor(key))).getByTestId('action-pay').click();
      await page.waitForURL(/\/sandbox\/h5pay\//);
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL(/\/aiOrder/);
      const dialog = page.getByTestId('h5-dialog');
      await expect(dialog).toContainText(/支付是否已完成|Is payment complete/);
      const paid = !button.source.includes('取消');
      await dialog.getByRole('button', { name: paid ? /已支付|Paid/ : /未支付|Not paid/ }).click();
      await expect(page.getByTestId('toast')).toHaveText(message);
      // Every step reached the analytics endpoint exactly once, across leaving for the H5 page and coming back.
      await expectAuditTrail(
        page,
        orderFor(key),
        [
          ['PAY', 'idle', 'requestingParams', null, { payWay: 2 }],
          ['xstate.done.actor.getPayParams', 'requestingParams', 'awaitingH5', 200, { way: 2, record_no: anyString }],
          ['RESUME_H5', 'idle', 'askingH5Result', null, null],
          paid ? ['H5_PAID', 'askingH5Result', 'querying', null, null] : ['H5_NOT_PAID', 'askingH5Result', 'querying', null, null],
          // The server heard the provider: 1 paid, -1 the payer cancelled (PAY_RESULT).
          ['xstate.done.actor.queryPayResult', 'querying', 'idle', 200, paid ? 1 : -1],
        ],
        paid ? [] : ['payment_cancelled'],
      );
    });
  }

  test('H5: cancelled on the pay page, the patient answers paid: told "you cancelled", as the server heard, at once', async ({ page }) => {
    await openOrders(page, 'patient1', 'toBePaid');
    await (await orderCard(page, orderFor('cancelSaidPaid'))).getByTestId('action-pay').click();
    await page.waitForURL(/\/sandbox\/h5pay\//);
    await page.getByRole('button', { name: /取消支付|Cancel/ }).click();
    await page.waitForURL(/\/aiOrder/);
    await page.getByTestId('h5-dialog').getByRole('button', { name: /已支付|Paid/ }).click();
    await expect(page.getByTestId('toast')).toHaveText(/您取消了支付|You cancelled the payment/);
  });

  test('H5: back from the pay page without paying, the patient answers paid: asked again, then told it is being confirmed', async ({ page }) => {
    await openOrders(page, 'patient1', 'toBePaid');
    await (await orderCard(page, orderFor('back'))).getByTestId('action-pay').click();
    await page.waitForURL(/\/sandbox\/h5pay\//);
    await page.goBack();
    await page.waitForURL(/\/aiOrder/);
    await page.getByTestId('h5-dialog').getByRole('button', { name: /已支付|Paid/ }).click();
    await expect(page.getByTestId('toast')).toHaveText(/确认中|being confirmed/, { timeout: 15_000 });
  });

  test('H5: a reload on return asks again and nothing is lost', async ({ page }) => {
    await openOrders(page, 'patient1', 'toBePaid');
    await (await orderCard(page, orderFor('reload'))).getByTestId('action-pay').click();
    await page.waitForURL(/\/sandbox\/h5pay\//);
    await page.getByRole('button', { name: /^支付|^Pay/ }).click();
    await page.waitForURL(/\/aiOrder/);
    await expect(page.getByTestId('h5-dialog')).toBeVisible();
    await page.reload();
    await page.getByTestId('h5-dialog').getByRole('button', { name: /已支付|Paid/ }).click();
    await expect(page.getByTestId('toast')).toHaveText(/支付成功|Payment succeeded/);
  });
});

test.describe('paying inside WeChat', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'wechat', 'in-app pay is the WeChat path'));

  for (const [outcome, message, key] of [
    ['ok', /支付成功|Payment succeeded/, 'ok'],
    ['cancel', /您取消了支付|You cancelled the payment/, 'cancelPay'],
    ['fail', /支付失败|Payment failed/, 'fail'],
  ] as const) {
    test(`in-app pay: WeChat answers ${outcome}`, async ({ page }) => {
      await openOrders(page, 'patient1', 'toBePaid');
      const card = await orderCard(page, orderFor(key));
      // After finding the card: finding it may load the page anew, which forgets what the test set.
      await page.evaluate((o) => ((window as unknown as { __wxPayOutcome: string }).__wxPayOutcome = o), outcome);
      await card.getByTestId('action-pay').click();
      await expect(page.getByTestId('toast')).toHaveText(message);
      expect(await page.evaluate(() => (window as unknown as { __wxPayCalls: number }).__wxPayCalls)).toBe(1);
      const config = await page.evaluate(() => (window as unknown as { __wxConfig: { signature: string } }).__wxConfig);
      expect(config.signature).toMatch(/^[0-9a-f]{40}$/);
      await expectAuditTrail(
        page,
        orderFor(key),
        [
          ['PAY', 'idle', 'requestingParams', null, { payWay: 1 }],
          ['xstate.done.actor.getPayParams', 'requestingParams', 'payingInApp', 200, { way: 1, package: expect.stringMatching(/^prepay_id=/) }],
          ['xstate.done.actor.payInApp', 'payingInApp', 'querying', null, { wechat: outcome }],
          ['xstate.done.actor.queryPayResult', 'querying', 'idle', 200, outcome === 'ok' ? 1 : outcome === 'cancel' ? -1 : -2],
        ],
        { ok: [], cancel: ['payment_cancelled'], fail: ['payment_failed'] }[outcome],
      );
    });
  }

  test('the SDK is signed for the entry URL of the page load (iOS), with the real JS-SDK signature', async ({ page }) => {
    await openOrders(page, 'patient1', 'toBePaid');
    // The page load the patient goes on with (after sign-in, the page that started it).
    const entryUrl = await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.name);
    const config = await page.evaluate(() => (window as unknown as { __wxConfig: { signature: string; nonceStr: string; timestamp: number } }).__wxConfig);
    const expected = createHash('sha1')
      .update(`jsapi_ticket=${SANDBOX_WECHAT.jsapiTicket}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${entryUrl.split('#')[0]}`)
      .digest('hex');
    expect(config.signature).toBe(expected);
  });

  /**
   * Issue 24 §12: WeChat cannot start H5 pay, so inside WeChat a payment never goes to the H5 page.
   * With the JS-SDK refused, the patient reads that WeChat Pay is not ready (in Chinese, then in
   * English), nothing is asked of the server; "Try again" configures the SDK anew and pays in WeChat.
   */
  test('a refused SDK configuration alerts "ios registration failed"; pay says WeChat Pay is not ready, never H5, and "try again" pays in WeChat', async ({ page }) => {
    await page.addInitScript(() => ((window as unknown as { __wxConfigFails: boolean }).__wxConfigFails = true));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      // The alert can come up as the page leaves for sign-in, which closes it first: nothing left to accept then.
      dialog.accept().catch(() => {});
    });
    // Every page the tab goes to, and every pay request with its pay way.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(frame.url()));
    const payRequests: string[] = [];
    page.on('request', (request) => request.url().includes('V1.0/AI/GetWxPayParms') && payRequests.push(new URL(request.url()).searchParams.get('payway')!));
    const orderId = orderFor('refused');
    const notReady = page.getByTestId('wechat-not-ready-dialog');

    await openOrders(page, 'patient1', 'toBePaid');
    await expect.poll(() => alerts).toContain('ios注册失败');
    await (await orderCard(page, orderId)).getByTestId('action-pay').click();
    await expect(notReady).toContainText('微信支付尚未就绪');
    await expect(notReady.getByTestId('dialog-detail')).toHaveText('尚未扣款。请检查网络后重试。');
    await notReady.getByRole('button', { name: '暂不支付' }).click();
    await expect(notReady).toHaveCount(0);
    await expect(await orderCard(page, orderId)).toHaveAttribute('data-status', '2');
    expect(payRequests).toEqual([]);

    // Later, in English, on a new page load (the SDK is refused again).
    await page.goto('/aiOrder?tab=toBePaid&lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await (await orderCard(page, orderId)).getByTestId('action-pay').click();
    await expect(notReady).toContainText('WeChat Pay is not ready');
    await expect(notReady.getByTestId('dialog-detail')).toHaveText('Nothing has been paid. Check your network, then try again.');
    expect(payRequests).toEqual([]);
    // WeChat accepts the signature this time.
    await page.evaluate(() => ((window as unknown as { __wxConfigFails: boolean }).__wxConfigFails = false));
    await notReady.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('toast')).toHaveText('Payment succeeded');
    expect(await page.evaluate(() => (window as unknown as { __wxPayCalls: number }).__wxPayCalls)).toBe(1);
    expect(payRequests).toEqual(['1']);
    expect(visited.filter((url) => url.includes('/sandbox/h5pay/'))).toEqual([]);

    await expectAuditTrail(page, orderId, [
      ['PAY', 'idle', 'preparingWechat', null, { payWay: 'wechatNotReady' }],
      ['xstate.error.actor.prepareWechatPay', 'preparingWechat', 'wechatNotReady', null, { failure: 'malformed' }],
      ['DISMISS', 'wechatNotReady', 'idle', null, null],
      ['PAY', 'idle', 'preparingWechat', null, { payWay: 'wechatNotReady' }],
      ['xstate.error.actor.prepareWechatPay', 'preparingWechat', 'wechatNotReady', null, { failure: 'malformed' }],
      ['RETRY_WECHAT', 'wechatNotReady', 'preparingWechat', null, null],
      ['xstate.done.actor.prepareWechatPay', 'preparingWechat', 'requestingParams', null, null],
      ['xstate.done.actor.getPayParams', 'requestingParams', 'payingInApp', 200, { way: 1, package: expect.stringMatching(/^prepay_id=/) }],
      ['xstate.done.actor.payInApp', 'payingInApp', 'querying', null, { wechat: 'ok' }],
      ['xstate.done.actor.queryPayResult', 'querying', 'idle', 200, 1],
    ]);
  });
});
