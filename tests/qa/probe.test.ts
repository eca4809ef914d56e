// @vitest-environment node
import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session/session.machine';
import { activeStateIds } from '../../src/features/qa/activeStates';
import { toJsonLines } from '../../src/features/qa/exportRecords';
import { MASK, maskPayload } from '../../src/features/qa/mask';
import { createQaProbe } from '../../src/features/qa/probe';
import { flush } from '../machines/modelHarness';

describe('masking what the QA panel shows', () => {
  it('keeps ids, statuses and counts, masks names, ages, items, tokens and URLs', () => {
    const event = {
      type: 'xstate.done.actor.load',
      output: { rows: [{ orderId: 'AI1', id: 5001, status: 2, name: '张伟', age: 45, sex: 'M', item: '肺结节AI', charge: 68 }], totals: 20 },
    };
    expect(maskPayload(event)).toEqual({
      type: 'xstate.done.actor.load',
      output: { rows: [{ orderId: 'AI1', id: 5001, status: 2, name: MASK, age: MASK, sex: MASK, item: MASK, charge: MASK }], totals: 20 },
    });
    const user = { type: 'USER_UPDATED', user: { subject: 'patient1', name: '张伟', accessToken: 'eyJ.secret', expiresAt: 1 } };
    expect(JSON.stringify(maskPayload(user))).not.toMatch(/张伟|eyJ|patient1/);
    expect(maskPayload({ url: 'https://x/?code=abc' })).toEqual({ url: MASK });
    expect(maskPayload({ error: new Error('offline') })).toEqual({ error: 'Error: offline' });
  });
});

describe('the QA probe', () => {
  const toggle = createMachine({
    id: 'toggle',
    initial: 'off',
    states: { off: { on: { FLIP: 'on' } }, on: { on: { FLIP: 'off' } } },
  });

  it('lists the running charts with their state and a masked event log, newest first', async () => {
    const probe = createQaProbe(() => new Date('2026-11-22T10:00:00.000Z'));
    let heard = 0;
    probe.subscribe(() => heard++);
    const actor = createActor(toggle, { inspect: probe.inspect }).start();
    actor.send({ type: 'FLIP', name: '张伟' } as never);
    await flush();
    const [listed] = probe.actors();
    expect(listed).toMatchObject({ running: true, snapshot: { value: 'on' } });
    expect(listed!.machine.id).toBe('toggle');
    expect(listed!.log.map((e) => [e.type, e.from, e.to])).toEqual([
      ['FLIP', 'off', 'on'],
      ['xstate.init', '', 'off'],
    ]);
    expect(listed!.log[0]!.payload).toEqual({ name: MASK });
    expect(heard).toBeGreaterThan(0);
    actor.stop();
    expect(probe.actors()[0]!.running).toBe(false);
  });

  it('ignores promise and callback actors: they have no chart', () => {
    const probe = createQaProbe();
    createActor(sessionMachine, { input: { homePath: '/Home' }, inspect: probe.inspect }).start();
    expect(probe.actors().map((a) => a.machine.id)).toEqual(['session']);
  });
});

describe('active states of a nested chart', () => {
  it('names every active state node, compound and atomic', () => {
    const machine = createMachine({
      id: 'm',
      type: 'parallel',
      states: { a: { initial: 'x', states: { x: { initial: 'deep', states: { deep: {} } } } }, b: { initial: 'y', states: { y: {} } } },
    });
    expect(activeStateIds(machine, { a: { x: 'deep' }, b: 'y' })).toEqual(['m.a', 'm.a.x', 'm.a.x.deep', 'm.b', 'm.b.y']);
  });
});

describe('JSON Lines export', () => {
  it('writes one record per line', () => {
    const record = { id: 'r-000001', kind: 'event', at: '2026-11-22T10:00:00.000Z', seq: 0, deviceId: 'd', userId: null, orderId: 'AI1', checkRecordId: 1, name: 'payment_failed', data: {} } as const;
    const text = toJsonLines([record, { ...record, id: 'r-000002' }]);
    expect(text.split('\n')).toHaveLength(3);
    expect(text.split('\n').slice(0, 2).map((line) => JSON.parse(line).id)).toEqual(['r-000001', 'r-000002']);
    expect(toJsonLines([])).toBe('');
  });
});
