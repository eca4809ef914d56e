import type { ActorRefLike, AnyMachineSnapshot, AnyStateMachine, EventObject, InspectionEvent } from 'xstate';
import type { AiOrderContext, OrderRef } from '../../../machines/aiOrder/aiOrder.types';
import type { PaymentContext } from '../../../machines/payment/payment.types';
import type { Analytics, AuditFacts } from '../analytics/analytics';
import { machineOf, stateName } from '../charts/inspection';
import { serverAnswer } from './serverAnswer';

type Subject = Pick<AuditFacts, 'orderId' | 'checkRecordId'>;
type SubjectOf = (before: AnyMachineSnapshot, after: AnyMachineSnapshot, event: EventObject) => Subject;

const NO_SUBJECT: Subject = { orderId: null, checkRecordId: null };

/** The audited charts, and which order each transition is about. */
const AUDITED: Record<string, SubjectOf> = {
  payment: (before, after) => {
    const purchase = (after.context as PaymentContext).purchase ?? (before.context as PaymentContext).purchase;
    return purchase ? { orderId: purchase.orderId, checkRecordId: purchase.checkRecordId } : NO_SUBJECT;
  },
  aiOrder: (before, after, event) => {
    // Back in idle the chart forgets the order; the transition was still about it.
    const order = (after.context as AiOrderContext).order ?? (before.context as AiOrderContext).order ?? (event as { order?: OrderRef }).order;
    return order ? { orderId: order.orderId, checkRecordId: order.id } : NO_SUBJECT;
  },
};

export const AUDITED_MACHINES = Object.keys(AUDITED);

/**
 * An inspector (the `inspect` option of an actor) that writes one audit record for every
 * transition the payment and AI order charts take: taps, the server's answers, WeChat's answer,
 * waits. Events a state ignores change nothing and are not transitions.
 */
export function createAuditInspector(analytics: Pick<Analytics, 'audit'>): (inspection: InspectionEvent) => void {
  const last = new WeakMap<ActorRefLike, AnyMachineSnapshot>();
  return (inspection) => {
    if (inspection.type !== '@xstate.snapshot') return;
    const machine: AnyStateMachine | null = machineOf(inspection.actorRef);
    const subjectOf = machine ? AUDITED[machine.id] : undefined;
    if (!machine || !subjectOf) return;
    const after = inspection.snapshot as AnyMachineSnapshot;
    const before = last.get(inspection.actorRef);
    last.set(inspection.actorRef, after);
    const { event } = inspection;
    if (!before || machine.getTransitionData(before, event).length === 0) return;
    analytics.audit({
      machine: machine.id,
      event: event.type,
      from: stateName(before),
      to: stateName(after),
      ...subjectOf(before, after, event),
      ...serverAnswer(event),
    });
  };
}
