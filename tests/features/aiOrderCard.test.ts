// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectAiOrder } from '../../machines/aiOrder/aiOrder.connect';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import { isPayable } from '../../machines/payment/payment.types';
import { aiDetectionStatus, aiOrderStatusLabel } from '../../src/features/aiOrders/cardLabels';
import { cardButtons } from '../../src/features/aiOrders/cardButtons';

/** A card's buttons as the screen asks for them: the order chart's guards and the payment chart's. */
function buttonsOf(status: number) {
  const order = connectAiOrder(createActor(aiOrderMachine).getSnapshot(), () => {});
  return cardButtons(order.actionsFor({ status }), isPayable({ status }));
}

describe('AI order card by status (spec section 2)', () => {
  it.each([
    [0, null, 'analysing', ['applyProgress']],
    [1, null, 'analysing', ['applyProgress']],
    [2, 'toBePaid', null, ['applyProgress', 'cancelOrder', 'pay']],
    [3, 'tradeSuccessful', 'succeeded', ['aiResult']],
    [4, null, 'failed', ['viewReason']],
    [5, 'tradeClosed', null, []],
    [-1, null, null, []],
    [6, null, null, []],
    [1.5, null, null, []],
  ])('status %s: label %j, detection %j, buttons %j', (status, label, detection, buttons) => {
    expect(aiOrderStatusLabel(status)).toBe(label);
    expect(aiDetectionStatus(status)).toBe(detection);
    expect(buttonsOf(status)).toEqual(buttons);
  });

  it('shows exactly the buttons whose events the charts accept', () => {
    for (const status of [-1, 0, 1, 2, 3, 4, 5, 6]) {
      const order = { orderId: 'AI1', id: 1, collectFilmId: 'F1', status };
      const idle = createActor(aiOrderMachine).getSnapshot();
      const accepted = (['OPEN_PROGRESS', 'CANCEL', 'VIEW_REASON', 'OPEN_RESULT'] as const).filter((type) =>
        idle.can({ type, order }),
      );
      expect(connectAiOrder(idle, () => {}).actionsFor(order)).toEqual(accepted);
    }
  });
});
