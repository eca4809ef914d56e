import { describe, expect, it } from 'vitest';
import { planChoice } from '../../src/features/storage/plans';
import type { StoragePlan } from '../../src/shared/api/storageSchemas';

const plan = (planId: string, recommended = false): StoragePlan => ({ planId, name: planId, months: 12, charge: 30, originalCharge: null, recommended });
const oneYear = plan('12m');
const threeYears = plan('36m', true);
const idle = { choice: null, ordering: null };

describe('the storage plans panel', () => {
  it('chooses nothing that costs money for the patient: no plan until they choose one, not even the recommended one', () => {
    expect(planChoice([oneYear, threeYears], idle).chosen).toBeNull();
    expect(planChoice([threeYears, oneYear], idle).chosen).toBeNull();
    expect(planChoice([oneYear, threeYears], { ...idle, choice: '12m' }).chosen).toBe(oneYear);
    expect(planChoice([oneYear, threeYears], { ...idle, choice: 'gone' }).chosen).toBeNull();
    expect(planChoice([], idle).chosen).toBeNull();
  });

  it('names the plan whose price is being confirmed, and none otherwise', () => {
    expect(planChoice([oneYear, threeYears], { choice: '12m', ordering: '12m' }).ordering).toBe(oneYear);
    expect(planChoice([oneYear, threeYears], idle).ordering).toBeNull();
  });
});
