/**
 * The payment chart's generated paths, run through the rendered AI order list with MSW: taps,
 * dialogs, WeChat's bridge and server answers, held back until the path says so. After every
 * step the screen must be in the chart's state.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { PAY_WAY, WECHAT_NOT_READY, type PayWayNow } from '../../machines/payment/payment.types';
import { PENDING_PAYMENT_KEY } from '../../src/features/payment/pendingPayment';
import { paymentEvents, paymentFixtures } from '../../machines/payment/payment.model';
import { describePath, transitionPaths, type ModelPath } from '../machines/modelHarness';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import { gate } from './testDoubles';

startMswServer();
afterEach(() => vi.unstubAllGlobals());


type Step = ModelPath['steps'][number];
const outputOf = (step: Step) => (step.event as unknown as { output?: unknown }).output;

/**
 * Paths the rendered app can take: it asks for the pay way it chose (WeChat pay for a tap made
 * before WeChat pay was ready), so the answer's way always matches it; and a bridge that throws
 * does so at once, so it cannot be held back for a step of its own here (the machine's own test
 * covers that transition).
 */
function isPossible(path: ModelPath): boolean {
  let asked: number | null = null;
  return path.steps.every((step) => {
    if (step.event.type === 'xstate.error.actor.payInApp') return false;
    if (step.event.type === 'PAY') {
      const tapped = (step.event as unknown as { payWay: PayWayNow }).payWay;
      asked = tapped === WECHAT_NOT_READY ? PAY_WAY.inApp : tapped;
    }
    if (step.event.type === 'xstate.done.actor.getPayParams') return (outputOf(step) as { way: number }).way === asked;
    return true;
  });
}

const paths = transitionPaths(paymentMachine, { events: paymentEvents as never }).filter(isPossible);
/** The chart waits two seconds before asking the server again; here the app's charts run on a simulated clock. */
const REQUERY_DELAY_MS = 2_000;

async function run(path: ModelPath) {
  const params = gate<Response>();
  const result = gate<Response>();
  const bridge = gate<string>();
  server.use(
    http.get(`${API_BASE}V1.0/AI/GetWxPayParms`, () => params.next()),
    http.get(`${API_BASE}V1.0/AI/WxPayResultNotify`, () => result.next()),
  );
  vi.stubGlobal('location', { ...window.location, assign: vi.fn(), origin: 'http://localhost' });
  vi.stubGlobal('WeixinJSBridge', {
    invoke: (_api: string, _params: unknown, callback: (r: { err_msg: string }) => void) => {
      void bridge.next().then((answer) => callback({ err_msg: `get_brand_wcpay_request:${answer}` }));
    },
  });
  // WeChat's JS-SDK: each wait for WeChat pay is settled by the path (true: ready).
  const wechatReady = gate<boolean>();
  const retry = vi.fn();
  const whenPayReady = () => wechatReady.next().then((ready) => (ready ? undefined : Promise.reject(new Error('wechat: WeChat pay is not ready'))));
  let payWay: PayWayNow = 2;
  const clock = new SimulatedClock();
  // The model's H5 pay page is the sandbox's: the app goes to pay pages on allowed origins only.
  const app = renderApp('/aiOrder', {
    payWay: () => payWay,
    wechat: { whenPayReady, retry },
    clock,
    config: { allowedRedirectOrigins: [new URL(paymentFixtures.h5.params.h5_url).origin] },
  });
  const screenState = () => screen.getByTestId('ai-order-list').dataset.paymentState;
  const listReady = () => waitFor(() => expect(screen.getAllByTestId('order-card').length).toBeGreaterThan(0));
  const order = () => screen.getAllByTestId('order-card').find((c) => c.dataset.status === '2')!;
  await listReady();

  for (const step of path.steps.slice(1)) {
    const event = step.event as { type: string; payWay?: PayWayNow };
    switch (event.type) {
      case 'PAY':
        payWay = event.payWay!;
        await userEvent.click(within(order()).getByTestId('action-pay'));
        break;
      case 'RESUME_H5':
        window.sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ v: 2, purchase: paymentFixtures.purchase, savedAt: Date.now() }));
        act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
        break;
      case 'H5_PAID':
        await userEvent.click(within(screen.getByTestId('h5-dialog')).getByRole('button', { name: 'Paid' }));
        break;
      case 'H5_NOT_PAID':
        await userEvent.click(within(screen.getByTestId('h5-dialog')).getByRole('button', { name: 'Not paid' }));
        break;
      case 'QUERY_AGAIN':
        await userEvent.click(within(screen.getByTestId('query-failed-dialog')).getByRole('button', { name: 'Check again' }));
        break;
      case 'DISMISS':
        if (screen.queryByTestId('wechat-not-ready-dialog')) await userEvent.click(within(screen.getByTestId('wechat-not-ready-dialog')).getByRole('button', { name: 'Not now' }));
        else await userEvent.click(within(screen.getByTestId('query-failed-dialog')).getByRole('button', { name: 'Later' }));
        break;
      case 'RETRY_WECHAT': {
        const before = retry.mock.calls.length;
        await userEvent.click(within(screen.getByTestId('wechat-not-ready-dialog')).getByRole('button', { name: 'Try again' }));
        expect(retry).toHaveBeenCalledTimes(before + 1);
        break;
      }
      case 'xstate.done.actor.prepareWechatPay':
        expect(screen.getByTestId('busy')).toHaveTextContent('Preparing WeChat Pay…');
        await wechatReady.open(true);
        break;
      case 'xstate.error.actor.prepareWechatPay':
        await wechatReady.open(false);
        break;
      case 'xstate.done.actor.getPayParams':
        await params.open(HttpResponse.json(envelope((outputOf(step) as { params: unknown }).params)));
        break;
      case 'xstate.error.actor.getPayParams':
        await params.open(HttpResponse.error());
        break;
      case 'xstate.done.actor.payInApp':
        await bridge.open(outputOf(step) as string);
        break;
      case 'xstate.done.actor.queryPayResult':
        await result.open(HttpResponse.json(envelope(outputOf(step))));
        break;
      case 'xstate.error.actor.queryPayResult':
        await result.open(HttpResponse.error());
        break;
      case 'xstate.after.requeryDelay.payment.waitingToQuery':
        // A millisecond short of the wait nothing is asked; at it, the pay result is asked again.
        act(() => clock.increment(REQUERY_DELAY_MS - 1));
        expect(screenState()).toBe('waitingToQuery');
        expect(result.held()).toBe(0);
        act(() => clock.increment(1));
        await result.called();
        break;
      default:
        throw new Error(`no UI for ${event.type}`);
    }
    await waitFor(() => {
      const here = app.router.state.location.pathname;
      expect(here !== '/aiOrder' || screenState() === String(step.state.value)).toBe(true);
    });
    // A failed pay call goes to the error page; back on the list the payment starts idle, as in the chart.
    if (app.router.state.location.pathname === '/error') await waitFor(() => expect(app.location()).toContain('back='));
    if (app.router.state.location.pathname !== '/aiOrder') {
      await act(() => app.router.navigate('/aiOrder'));
      await listReady();
    }
    expect(screenState()).toBe(String(step.state.value));
  }
}

describe('payment chart through the rendered AI order list', () => {
  it('runs every possible generated path', () => {
    expect(paths).toHaveLength(121);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    await run(path);
  });
});
