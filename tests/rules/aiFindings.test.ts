import { describe, expect, it } from 'vitest';
import { aiFindingCount } from '../../src/shared/rules/aiFindings';

const box = (findingId?: string) => ({ shape: 'box' as const, findingId });
const mark = (findingId?: string) => ({ shape: 'mark' as const, findingId });

describe('how many findings the AI marks show', () => {
  it('counts findings, not marks: one nodule boxed on seven slices, with its centre mark, is one', () => {
    expect(aiFindingCount([...Array.from({ length: 7 }, () => box('n1')), mark('n1')])).toBe(1);
    expect(aiFindingCount([box('n1'), box('n1'), box('n2'), mark('n2')])).toBe(2);
  });

  it('with no finding named, each centre mark stands for one finding, else each box', () => {
    expect(aiFindingCount([box(), box(), box(), mark()])).toBe(1);
    expect(aiFindingCount([box(), mark(), box(), mark()])).toBe(2);
    expect(aiFindingCount([box(), box()])).toBe(2);
    expect(aiFindingCount([box('n1'), box(), mark()])).toBe(2);
  });

  it('none is none', () => {
    expect(aiFindingCount([])).toBe(0);
  });
});
