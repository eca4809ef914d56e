import type { Equivalent } from './shared';

/** Surviving mutants of machines/collect/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [];
