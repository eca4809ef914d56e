import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { discoverMachines } from '../../scripts/statecharts/discover';
import { createAnalytics } from '../../src/shared/analytics/analytics';
import type { Outbox } from '../../src/shared/analytics/outbox';
import { I18nProvider } from '../../src/shared/i18n/I18nProvider';
import { activeStateIds } from '../../src/features/qa/activeStates';
import { createQaProbe } from '../../src/features/qa/probe';
import { QaPanel } from '../../src/features/qa/QaPanel';

/** Vitest runs from the repository's root. */
const repoRoot = process.cwd();

function renderPanel() {
  const probe = createQaProbe();
  let n = 0;
  const analytics = createAnalytics({ deliver: () => {}, deviceId: () => 'device', userId: () => 'patient1', newId: () => `record-${String(n++).padStart(4, '0')}` });
  const waiting = new Set<string>();
  const outbox: Outbox = { add: () => {}, flush: async () => {}, sendLastOf: async () => {}, forget: () => {}, pendingIds: () => waiting, subscribe: () => () => {} };
  const view = render(
    <I18nProvider initialLocale="en">
      <QaPanel probe={probe} analytics={analytics} outbox={outbox} initiallyOpen />
    </I18nProvider>,
  );
  return { ...view, probe, analytics, waiting };
}

describe('the QA panel', () => {
  it('renders every machine in machines/ on its generated diagram, its live state highlighted', async () => {
    const machines = await discoverMachines(repoRoot);
    expect(machines.length).toBeGreaterThanOrEqual(5);
    for (const { machine } of machines) {
      // One chart at a time (a screen's chart runs others as its children), started bare: its
      // actors are the defaults, which fail, so it moves on its own.
      cleanup();
      const { probe } = renderPanel();
      const actor = createActor(machine, { input: {}, inspect: probe.inspect }).start();
      await userEvent.click(await screen.findByTestId(`qa-actor-${machine.id}`));
      const expected = activeStateIds(machine, actor.getSnapshot().value);
      const diagram = await screen.findByTestId('qa-diagram');
      await waitFor(() => expect(diagram).toHaveAttribute('data-machine', machine.id));
      await waitFor(() => expect([...diagram.querySelectorAll('[data-active="true"]')].map((node) => node.id)).toEqual(expected));
      expect(expected.length).toBeGreaterThan(0);
      expect(screen.getByTestId('qa-state')).toHaveTextContent(JSON.stringify(actor.getSnapshot().value).replace(/^"|"$/g, ''));
      actor.stop();
    }
  });

  it('follows the chart live and logs each event, masked', async () => {
    const { probe } = renderPanel();
    const [pagedList] = (await discoverMachines(repoRoot)).filter((m) => m.id === 'pagedList');
    const actor = createActor(pagedList!.machine, { input: { filter: -1, pageSize: 8 }, inspect: probe.inspect }).start();
    await userEvent.click(await screen.findByTestId('qa-actor-pagedList'));
    const log = await screen.findByTestId('qa-event-log');
    await waitFor(() => expect(log).toHaveTextContent('xstate.init'));
    actor.send({ type: 'SWITCH_FILTER', filter: 2, name: '张伟' } as never);
    await waitFor(() => expect(within(log).getAllByRole('listitem').map((item) => item.textContent)).toContainEqual(expect.stringMatching(/^.{12} SWITCH_FILTER/)));
    expect(log).not.toHaveTextContent('张伟');
    actor.stop();
  });

  it('lists this page\'s audit records, sent or queued, and exports them as JSON Lines', async () => {
    const { analytics, waiting } = renderPanel();
    analytics.audit({ machine: 'payment', event: 'PAY', from: 'idle', to: 'requestingParams', statusCode: null, result: { payWay: 2 }, orderId: 'AI1', checkRecordId: 1 });
    waiting.add(analytics.records()[0]!.id);
    analytics.audit({ machine: 'payment', event: 'xstate.done.actor.getPayParams', from: 'requestingParams', to: 'awaitingH5', statusCode: 200, result: null, orderId: 'AI1', checkRecordId: 1 });
    analytics.track('payment_cancelled', { orderId: 'AI1', checkRecordId: 1 });
    await userEvent.click(await screen.findByRole('tab', { name: /Audit records \(2\)/ }));
    const items = within(screen.getByTestId('qa-audit-records')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/getPayParams sent.*200/), expect.stringMatching(/PAY queued/)]);

    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await userEvent.click(screen.getByTestId('qa-export'));
    expect(clicked).toHaveBeenCalledTimes(1);
    const lines = (await blobs[0]!.text()).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((r) => r.event)).toEqual(['PAY', 'xstate.done.actor.getPayParams']);
  });

  it('starts closed: a button opens it', async () => {
    const probe = createQaProbe();
    const analytics = createAnalytics({ deliver: () => {}, deviceId: () => 'd', userId: () => null, newId: () => 'record-0000' });
    render(
      <I18nProvider initialLocale="zh-CN">
        <QaPanel probe={probe} analytics={analytics} outbox={{ add: () => {}, flush: async () => {}, sendLastOf: async () => {}, forget: () => {}, pendingIds: () => new Set(), subscribe: () => () => {} }} />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('qa-panel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '打开QA面板' }));
    expect(screen.getByTestId('qa-panel')).toBeInTheDocument();
    expect(screen.getByText('此页面还没有运行中的状态机')).toBeInTheDocument();
  });
});
