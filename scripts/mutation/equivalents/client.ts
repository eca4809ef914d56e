import type { Equivalent } from './shared';

const CLIENT = 'src/shared/api/client.ts';

/** Surviving mutants of src/shared/api/client.ts that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    file: CLIENT,
    mutator: 'ArrowFunction',
    line: "withXSRFToken: (config) => !config.baseURL || config.baseURL.startsWith('/'),",
    reason:
      "without the rule, axios echoes the anti-forgery cookie to any address on the page's own origin, which under the tests' jsdom page (one origin) is where the rule sends it too; an API on another origin gets it from neither. `tests/api/clientEdges.test.ts` checks where it goes, and `tests/server/antiForgery.test.ts` what the server asks.",
  },
  {
    file: CLIENT,
    mutator: 'ConditionalExpression',
    line: 'if (pass) headers[STUDY_PASS_HEADER] = pass;',
    replacement: 'true',
    reason: 'without a pass the header would be set to null or undefined, which axios leaves out of the request: the server sees no pass header either way.',
  },
  {
    file: CLIENT,
    mutator: 'StringLiteral',
    line: "responseType: 'json',",
    reason: "axios's default responseType is json: an empty one reads the answer the same way.",
  },
];
