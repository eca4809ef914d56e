import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AiOrderMachine } from './aiOrder.machine';
import { ORDER_ALLOWS, type OrderAction, type OrderRef } from './aiOrder.types';

/** The order buttons in a card's display order (pay, the payment chart's, goes after cancel). */
const ORDER_ACTIONS: readonly OrderAction[] = ['OPEN_PROGRESS', 'CANCEL', 'VIEW_REASON', 'OPEN_RESULT'];

/**
 * What a view needs of the AI order chart: which buttons an order has (the chart's own guards),
 * whether a flow is under way, the cancel question, and the patient's intents.
 */
export function connectAiOrder(snapshot: SnapshotFrom<AiOrderMachine>, send: ActorRefFrom<AiOrderMachine>['send']) {
  const asked = snapshot.matches('confirmingCancel') ? snapshot.context.order : null;
  return {
    /** For `data-order-state`. */
    state: String(snapshot.value),
    /** A cancel or a result lookup is under way: other taps wait. */
    isBusy: snapshot.hasTag('busy'),
    /** "Confirm cancelling this order?" is open. */
    isConfirmingCancel: snapshot.matches('confirmingCancel'),
    /** The order "confirm cancelling" is about, while the question is open. */
    cancelling: asked?.orderId ?? null,
    /** The buttons this order's status allows, in display order. */
    actionsFor: (order: Pick<OrderRef, 'status'>) => ORDER_ACTIONS.filter((action) => ORDER_ALLOWS[action](order)),
    act: (action: OrderAction, order: OrderRef) => send({ type: action, order }),
    openFilm: (order: OrderRef) => send({ type: 'OPEN_FILM', order }),
    confirmCancel: () => send({ type: 'CONFIRM_CANCEL' }),
    thinkAgain: () => send({ type: 'THINK_AGAIN' }),
  };
}
