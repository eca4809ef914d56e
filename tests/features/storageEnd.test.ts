import { describe, expect, it } from 'vitest';
import { storageEndAfter } from '../../src/features/storage/plans';

describe('the storage end a plan would give', () => {
  // 15:00 on 23 November in the hospital's zone (Asia/Shanghai), whatever this machine's zone.
  const today = new Date('2026-11-23T07:00:00Z');

  it('adds to the current end while storage lasts', () => {
    expect(storageEndAfter({ expireDate: '2026-12-10' }, 36, today)).toBe('2029-12-10');
  });

  it('counts from today once storage ended (or ends today)', () => {
    expect(storageEndAfter({ expireDate: '2026-05-01' }, 12, today)).toBe('2027-11-23');
    expect(storageEndAfter({ expireDate: '2026-11-23' }, 12, today)).toBe('2027-11-23');
  });

  it("counts from the hospital's today, not the phone's: 20:00 UTC on the 23rd is already the 24th in Shanghai", () => {
    expect(storageEndAfter({ expireDate: null }, 12, new Date('2026-11-23T20:00:00Z'))).toBe('2027-11-24');
  });

  it('counts from today when there is no end', () => {
    expect(storageEndAfter({ expireDate: null }, 60, today)).toBe('2031-11-23');
  });
});
