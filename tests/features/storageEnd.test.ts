import { describe, expect, it } from 'vitest';
import { storageEndAfter } from '../../src/features/storage/plans';

describe('the storage end a plan would give', () => {
  const today = new Date(2026, 10, 23, 15, 0);

  it('adds to the current end while storage lasts', () => {
    expect(storageEndAfter({ expireDate: '2026-12-10' }, 36, today)).toBe('2029-12-10');
  });

  it('counts from today once storage ended (or ends today)', () => {
    expect(storageEndAfter({ expireDate: '2026-05-01' }, 12, today)).toBe('2027-11-23');
    expect(storageEndAfter({ expireDate: '2026-11-23' }, 12, today)).toBe('2027-11-23');
  });

  it('counts from today when there is no end', () => {
    expect(storageEndAfter({ expireDate: null }, 60, today)).toBe('2031-11-23');
  });
});
