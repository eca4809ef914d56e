/**
 * The paged-list chart's generated paths (one per state and event), run through the rendered AI
 * order list with MSW: scrolling, pulling, tabs and page answers held back until the path says
 * so. After every step the list must be in the chart's state; a failure shows the error page.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPagedListMachine } from '../../machines/pagedList/pagedList.machine';
import { describePath, transitionCoverage, transitionPaths, type ModelPath } from '../machines/modelHarness';
import { aiOrder, API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import { gate, stubIntersectionObserver } from './testDoubles';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

const machine = createPagedListMachine<unknown, number>();
const page = (count: number, totals: number) => ({ rows: Array.from({ length: count }, (_, i) => ({ id: i })), totals });
const events = [
  { type: 'xstate.done.actor.load', output: page(8, 20) },
  { type: 'xstate.done.actor.load', output: page(3, 3) },
  { type: 'xstate.done.actor.load', output: page(0, 0) },
  { type: 'xstate.error.actor.load', error: new Error('offline') },
  { type: 'LOAD_MORE' },
  { type: 'REFRESH' },
  { type: 'SWITCH_FILTER', filter: 2 },
  { type: 'RETRY' },
];
const all = transitionPaths(machine, { events: events as never, input: { filter: -1, pageSize: 8 }, distinguish: 'value' });
/** The order list leaves for the error page on a failure, so a path can only end there. */
const endsAtFailure = (path: ModelPath) => path.steps.every((step, i) => !step.state.matches('failed') || i === path.steps.length - 1);
/**
 * A refresh while page 1 is on its way comes from the app (a share just created), never from a
 * pull: the list offers no pull then (pagedList.edges.test.ts); the app's own refresh is the
 * shares screen's test.
 */
const pullsWhileBusy = (path: ModelPath) =>
  path.steps.some((step, i) => i > 0 && (step.event as { type: string }).type === 'REFRESH' && ['loading', 'refreshing'].some((tag) => path.steps[i - 1]!.state.hasTag(tag)));
const paths = all.filter((path) => endsAtFailure(path) && !pullsWhileBusy(path));


async function run(path: ModelPath) {
  const pages = gate<(pageIndex: number) => Response>();
  server.use(
    http.get(`${API_BASE}V1.0/AI/OrderList`, async ({ request }) => {
      const answer = await pages.next();
      return answer(Number(new URL(request.url).searchParams.get('pageIndex')));
    }),
  );
  const scrollToEnd = stubIntersectionObserver();
  const app = renderApp('/aiOrder');
  const list = () => screen.getByTestId('order-list');

  for (const step of path.steps.slice(1)) {
    const event = step.event as { type: string; output?: { rows: unknown[]; totals: number } };
    switch (event.type) {
      case 'xstate.done.actor.load': {
        const { rows, totals } = event.output!;
        await pages.open((pageIndex) =>
          HttpResponse.json(envelope({ rows: rows.map((_, i) => aiOrder((pageIndex - 1) * 8 + i + 1)), totals })),
        );
        break;
      }
      case 'xstate.error.actor.load':
        await pages.open(() => HttpResponse.error());
        break;
      case 'LOAD_MORE':
        await scrollToEnd();
        break;
      case 'REFRESH':
        fireEvent.touchStart(list(), { touches: [{ clientY: 0 }] });
        fireEvent.touchMove(list(), { touches: [{ clientY: 300 }] });
        fireEvent.touchEnd(list());
        break;
      case 'SWITCH_FILTER':
        await userEvent.click(screen.getByTestId('tab-toBePaid'));
        break;
      default:
        throw new Error(`no UI for ${event.type}`);
    }
    if (step.state.matches('failed')) {
      const error = await screen.findByTestId('error-page');
      expect(within(error).getByTestId('status-text')).toHaveTextContent('Network abnormal, try again later.');
      return;
    }
    await waitFor(() => expect(list().dataset.state).toBe(String(step.state.value)));
    expect(app.location().startsWith('/aiOrder')).toBe(true);
  }
}

describe('paged-list chart through the rendered AI order list', () => {
  it('runs a path per state and event, and together they take every transition a patient makes on this screen', () => {
    expect(paths).toHaveLength(21);
    // RETRY and REFRESH leave the failed state, which this screen never shows (it shows the error
    // page); a pull while page 1 is on its way is not taken (above).
    expect(transitionCoverage(machine, paths).missing.sort()).toEqual([
      'pagedList.failed | REFRESH | 0',
      'pagedList.failed | RETRY | 0',
      'pagedList.loading | REFRESH | 0',
      'pagedList.refreshing | REFRESH | 0',
    ]);
  });
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    await run(path);
  });
});
