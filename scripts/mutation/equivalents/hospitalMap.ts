import { NO_OP_DEFAULTS, UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const HOSPITAL_MAP = 'machines/hospitalMap/hospitalMap.machine.ts';

/** Surviving mutants of machines/hospitalMap/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: HOSPITAL_MAP, mutator: 'StringLiteral', line: "Promise.reject(new Error('hospitalMap: no openLocation actor provided'))", reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: HOSPITAL_MAP,
    mutator: 'ArrowFunction',
    line: "Promise.reject(new Error('hospitalMap: no openLocation actor provided'))",
    reason: "WeChat's map failing and WeChat's map answering nothing but \"opened\" both load the map site, so a default that answers nothing instead of failing changes nothing. The app provides the real one (src/shared/views/useHospitalPlace.ts).",
  },
  { file: HOSPITAL_MAP, mutator: 'ObjectLiteral', line: 'actions: {', original: 'openMapSite: (_, _params', reason: NO_OP_DEFAULTS },
];
