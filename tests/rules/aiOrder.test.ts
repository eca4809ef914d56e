// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aiDetectionStatus, aiOrderActions, aiOrderStatusLabel } from '../../src/features/aiOrders/aiOrderRules';

describe('AI order card by status', () => {
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
  ])('status %s: label %j, detection %j, buttons %j', (status, label, detection, actions) => {
    expect(aiOrderStatusLabel(status)).toBe(label);
    expect(aiDetectionStatus(status)).toBe(detection);
    expect(aiOrderActions(status)).toEqual(actions);
  });
});
