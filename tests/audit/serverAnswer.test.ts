// @vitest-environment node
/**
 * What the audit keeps of an answer, and which charts it audits: the edges the audit trail's
 * flow tests (auditTrail.test.ts) leave open, found by mutation testing.
 */
import { createActor, createMachine } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createAuditInspector } from '../../src/shared/audit/auditInspector';
import { serverAnswer } from '../../src/shared/audit/serverAnswer';

const NONE = { statusCode: null, result: null };

describe('serverAnswer', () => {
  it('a result found (external or in the viewer) is a 200 answer with its kind; a missing one has no status', () => {
    expect(serverAnswer({ type: 'xstate.done.actor.lookUpResult', output: { kind: 'external', url: 'https://ai.example.org/r/1' } } as never)).toEqual({
      statusCode: 200,
      result: { kind: 'external' },
    });
    expect(serverAnswer({ type: 'xstate.done.actor.lookUpResult', output: { kind: 'missing' } } as never)).toEqual({ statusCode: null, result: { kind: 'missing' } });
  });

  it("keeps nothing of an answer it has no rule for, nor of a patient's tap", () => {
    expect(serverAnswer({ type: 'xstate.done.actor.checkSession', output: { ended: true } } as never)).toEqual(NONE);
    expect(serverAnswer({ type: 'CONFIRM' })).toEqual(NONE);
    // A tap whose name happens to end like an audited call is still a tap.
    expect(serverAnswer({ type: 'abcdefghijklmnopqrqueryPayResult' })).toEqual(NONE);
  });
});

describe('the audit inspector', () => {
  it('writes nothing for a chart it does not audit, and does not stumble on it', () => {
    const audit = vi.fn();
    const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { FLIP: 'on' } }, on: {} } });
    const actor = createActor(toggle, { inspect: createAuditInspector({ audit }) }).start();
    actor.send({ type: 'FLIP' });
    expect(actor.getSnapshot().value).toBe('on');
    expect(audit).not.toHaveBeenCalled();
  });

  it('writes a transition of an audited chart about no order with the order fields empty', () => {
    const audit = vi.fn();
    const payment = createMachine({ id: 'payment', context: { purchase: null }, initial: 'idle', states: { idle: { on: { PAY: 'paying' } }, paying: {} } });
    const actor = createActor(payment, { inspect: createAuditInspector({ audit }) }).start();
    actor.send({ type: 'PAY', payWay: 2 });
    expect(audit).toHaveBeenCalledWith({ machine: 'payment', event: 'PAY', from: 'idle', to: 'paying', orderId: null, checkRecordId: null, statusCode: null, result: { payWay: 2 } });
  });
});
