import { describe, expect, it } from 'vitest';
import { timeLeft } from '../../src/shared/ai/aiStatusWords';

describe('how the progress page speaks of the time left', () => {
  it('in whole minutes, rounded up', () => {
    expect(timeLeft(300)).toEqual({ kind: 'minutes', minutes: 5 });
    expect(timeLeft(61)).toEqual({ kind: 'minutes', minutes: 2 });
    expect(timeLeft(60)).toEqual({ kind: 'minutes', minutes: 1 });
  });

  it('under a minute, while some seconds are left', () => {
    expect(timeLeft(59)).toEqual({ kind: 'underAMinute' });
    expect(timeLeft(1)).toEqual({ kind: 'underAMinute' });
  });

  it("longer than usual once the server's estimate has run out and the order still runs", () => {
    expect(timeLeft(0)).toEqual({ kind: 'longerThanUsual' });
  });

  it('nothing when the server gives no estimate', () => {
    expect(timeLeft(null)).toBeNull();
  });
});
