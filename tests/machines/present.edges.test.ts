// @vitest-environment node
/**
 * `present`, the charts' guard for a context field a state is sure to hold: a bug in a chart
 * stops with the chart's name and what was missing, instead of letting a null travel on.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../../machines/present';

describe('present', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
  ])('stops on %s, naming the chart and the field', (_label, missing) => {
    expect(() => present(missing, 'purchase', 'payment')).toThrow(new Error('payment: no purchase in this state'));
  });

  it.each([0, '', false, 'AI-1', { orderId: 'AI-1' }])('hands back a value that is there (%j), falsy ones included', (value) => {
    expect(present(value, 'field', 'chart')).toBe(value);
  });
});
