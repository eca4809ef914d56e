/** The effects a chart ran, by name, for the edge tests (`*.edges.test.ts`); calls are `controllablePromise`s. */
import { vi, type Mock } from 'vitest';

/** Named effects as spies; `paramsOf(name)` lists the params of each run of that effect. */
export function effects<const Names extends readonly string[]>(names: Names) {
  const spies = Object.fromEntries(names.map((name) => [name, vi.fn<(...args: unknown[]) => void>()])) as Record<Names[number], Mock<(...args: unknown[]) => void>>;
  return {
    spies,
    paramsOf: (name: Names[number]) => spies[name].mock.calls.map((call) => call[1] as unknown),
    count: (name: Names[number]) => spies[name].mock.calls.length,
  };
}
