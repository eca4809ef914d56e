/**
 * The specification's constants (§9) and code tables, checked where they take effect instead of
 * against the same literal: what the lists ask the server for, what the OpenID Connect library is
 * set up with, what each AI order tab asks for.
 *
 * The others are checked where they act: the HTTP timeout in tests/api/client.test.ts, the chunk
 * load timeout in tests/app/chunk.test.ts, the root font size in tests/theme/theme.test.ts, the
 * pay ways in tests/app/payment.test.tsx, the WeChat SDK state codes in
 * tests/machines/wechatSdk.machine.test.ts, the AI order statuses on the cards
 * (tests/app/aiOrderList.test.tsx, tests/features/aiOrderCard.test.ts) and in the sandbox
 * (tests/server/aiOrders.test.ts). The image chooser, map scale and scan types of §9 are used by
 * nothing in the app, so nothing here pretends to check them.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userManagerSettings } from '../../src/features/session/userManager';
import { isThemeId } from '../../src/shared/rules/constants';
import { renderApp, testConfig } from '../app/renderApp';
import { stubIntersectionObserver } from '../app/testDoubles';
import { API_BASE } from '../msw/fixtures';
import { http, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

/** The query of every call to `path` from now on; the call still goes on to the usual handler. */
function queriesTo(path: string) {
  const seen: Array<Record<string, string>> = [];
  server.use(http.get(`${API_BASE}${path}`, ({ request }) => void seen.push(Object.fromEntries(new URL(request.url).searchParams))));
  return seen;
}

describe('page size: 8 rows (spec §9)', () => {
  it.each([
    ['my studies', '/myStudyList', 'V1.0/Package/HospitalStudyList', 'study-card', 'study-list'],
    ['AI orders', '/aiOrder', 'V1.0/AI/OrderList', 'order-card', 'order-list'],
  ])('%s ask the server for pages of 8, and show 8 rows a page until the 20 there are', async (_name, path, call, card, list) => {
    const asked = queriesTo(call);
    const scrollToEnd = stubIntersectionObserver();
    renderApp(path);
    await waitFor(() => expect(screen.getAllByTestId(card)).toHaveLength(8));
    expect(asked).toMatchObject([{ pageIndex: '1', pageLength: '8' }]);
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId(card)).toHaveLength(16));
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId(card)).toHaveLength(20));
    expect(asked.map((query) => [query.pageIndex, query.pageLength])).toEqual([['1', '8'], ['2', '8'], ['3', '8']]);
    expect(screen.getByTestId(list)).toHaveAttribute('data-state', 'finished');
  });
});

describe('the four AI order tabs (spec §4)', () => {
  it('ask the server for every status (-1), to be paid (2), in progress (1) and closed (5)', async () => {
    const asked = queriesTo('V1.0/AI/OrderList');
    renderApp('/aiOrder');
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['All', 'To be paid', 'In progress', 'Trade closed']);
    await waitFor(() => expect(asked).toHaveLength(1));
    for (const [tab, calls] of [['tab-toBePaid', 2], ['tab-inProgress', 3], ['tab-tradeClosed', 4], ['tab-all', 5]] as const) {
      await userEvent.click(screen.getByTestId(tab));
      await waitFor(() => expect(asked).toHaveLength(calls));
    }
    expect(asked.map((query) => query.status)).toEqual(['-1', '2', '1', '5', '-1']);
  });
});

describe('sign-in defaults (spec §9)', () => {
  it('set up the OpenID Connect library: 10 s silent renew timeout, session check every 2 s, expiring notice 60 s ahead', () => {
    const settings = userManagerSettings(testConfig, 'http://localhost');
    expect(settings).toMatchObject({
      silentRequestTimeoutInSeconds: 10,
      checkSessionIntervalInSeconds: 2,
      accessTokenExpiringNotificationTimeInSeconds: 60,
    });
  });
});

describe('theme ids (spec §3)', () => {
  it.each([
    [1, true],
    [6, true],
    [0, false],
    [7, false],
    [1.5, false],
    ['1', false],
    [null, false],
    [undefined, false],
  ])('isThemeId(%j) → %s', (value, expected) => {
    expect(isThemeId(value)).toBe(expected);
  });
});
