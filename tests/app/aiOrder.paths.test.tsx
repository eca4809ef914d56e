/**
 * The AI order chart's generated paths, run through the rendered list with MSW: every event is
 * a tap or a server answer, and after each step the screen must be in the chart's state.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import { aiOrderEvents } from '../../machines/aiOrder/aiOrder.model';
import { describePath, transitionPaths, type ModelPath } from '../machines/modelHarness';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import { gate } from './testDoubles';

startMswServer();
afterEach(() => vi.unstubAllGlobals());


const paths = transitionPaths(aiOrderMachine, { events: aiOrderEvents as never });
const status = (event: unknown) => (event as { order: { status: number } }).order.status;

async function run(path: ModelPath) {
  const cancelGate = gate<Response>();
  const detailGate = gate<Response>();
  server.use(
    http.post(`${API_BASE}V1.0/AI/CancelOrder`, () => cancelGate.next()),
    http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => detailGate.next()),
    // The progress page a path opens is left at once: its read stays unanswered, so no late
    // failure of a page already left races the way back to the list (the error page).
    http.get(`${API_BASE}V1.0/AI/info`, () => new Promise<Response>(() => {})),
  );
  vi.stubGlobal('location', { ...window.location, assign: vi.fn(), origin: 'http://localhost' });
  const app = renderApp('/aiOrder');
  const listReady = () => waitFor(() => expect(screen.getAllByTestId('order-card').length).toBeGreaterThan(0));
  const card = (s: number) => screen.getAllByTestId('order-card').find((c) => c.dataset.status === String(s))!;
  await listReady();

  for (const step of path.steps.slice(1)) {
    const event = step.event as { type: string; output?: { ok?: boolean; kind?: string } };
    switch (event.type) {
      case 'OPEN_FILM':
        await userEvent.click(card(status(event)));
        break;
      case 'OPEN_PROGRESS':
        await userEvent.click(within(card(status(event))).getByTestId('action-applyProgress'));
        break;
      case 'VIEW_REASON':
        await userEvent.click(within(card(status(event))).getByTestId('action-viewReason'));
        break;
      case 'OPEN_RESULT':
        await userEvent.click(within(card(status(event))).getByTestId('action-aiResult'));
        break;
      case 'CANCEL':
        await userEvent.click(within(card(status(event))).getByTestId('action-cancelOrder'));
        break;
      case 'CONFIRM_CANCEL':
        await userEvent.click(within(screen.getByTestId('cancel-dialog')).getByRole('button', { name: 'Confirm cancel' }));
        break;
      case 'THINK_AGAIN':
        await userEvent.click(within(screen.getByTestId('cancel-dialog')).getByRole('button', { name: 'Think again' }));
        break;
      case 'xstate.done.actor.cancelOrder':
        await cancelGate.open(
          HttpResponse.json(event.output?.ok ? { statusCode: 200, msg: '操作成功', result: null } : { statusCode: 4001, msg: '订单状态已变化，无法取消', result: null }),
        );
        break;
      case 'xstate.error.actor.cancelOrder':
        await cancelGate.open(HttpResponse.error());
        break;
      case 'xstate.done.actor.lookUpResult': {
        const answers: Record<string, Response> = {
          external: HttpResponse.json(envelope({ status: 3, checkWay: 1, resultUrl: 'http://localhost/sandbox/ai-report/1' })),
          viewer: HttpResponse.json(envelope({ status: 3, checkWay: 2, resultUrl: null })),
          refused: HttpResponse.json(envelope({ status: 3, checkWay: 1, resultUrl: 'javascript:alert(1)' })),
          missing: HttpResponse.json(envelope(null, 404, 'not found')),
        };
        await detailGate.open(answers[event.output!.kind!]!);
        break;
      }
      case 'xstate.error.actor.lookUpResult':
        await detailGate.open(HttpResponse.error());
        break;
      default:
        throw new Error(`no UI for ${event.type}`);
    }
    // An effect that left the list (film, progress, viewer, error page): come back to it.
    await waitFor(() => {
      const here = app.router.state.location.pathname;
      const list = screen.queryByTestId('ai-order-list');
      expect(here !== '/aiOrder' || list?.dataset.orderState === String(step.state.value)).toBe(true);
    });
    // The error page settles its own address (the back-path) before we leave it.
    if (app.router.state.location.pathname === '/error') await waitFor(() => expect(app.location()).toContain('back='));
    if (app.router.state.location.pathname !== '/aiOrder') {
      await act(() => app.router.navigate('/aiOrder'));
      await listReady();
    }
    expect(screen.getByTestId('ai-order-list').dataset.orderState).toBe(String(step.state.value));
  }
}

describe('AI order chart through the rendered list', () => {
  it('runs every generated path', () => {
    expect(paths).toHaveLength(22);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    await run(path);
  });
});
