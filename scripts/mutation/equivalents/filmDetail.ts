import type { Equivalent } from './shared';

const FILM_DETAIL = 'machines/filmDetail/filmDetail.machine.ts';
const UNPROVIDED = 'const unprovided = (name: string) => () => Promise.reject(new Error(`filmDetail: no ${name} actor provided`));';

/** Surviving mutants of machines/filmDetail/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    file: FILM_DETAIL,
    mutator: 'StringLiteral',
    line: UNPROVIDED,
    reason:
      "the text of the default's error (an app that did not provide the call): a report, a sync check or the rest that failed is said as failed, without the error; a study that failed goes to the error catalogue, which does not show the text of an error that is not an API failure. tests/machines/filmDetail.edges.test.ts checks those failures with no call provided.",
  },
  {
    file: FILM_DETAIL,
    mutator: 'ArrowFunction',
    line: UNPROVIDED,
    original: '(name: string) =>',
    reason:
      'a default that is no function at all fails the call the moment it is started, which the chart takes as the same failure as the rejected promise: checked by tests/machines/filmDetail.edges.test.ts with no call provided (the inner default, answering nothing, is killed there).',
  },
  { file: FILM_DETAIL, mutator: 'StringLiteral', line: "unprovided('loadFilm')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: FILM_DETAIL, mutator: 'StringLiteral', line: "unprovided('loadReport')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: FILM_DETAIL, mutator: 'StringLiteral', line: "unprovided('checkSync')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  { file: FILM_DETAIL, mutator: 'StringLiteral', line: "unprovided('loadExtras')", reason: "the name only goes into the text of the default's error, which shows nowhere (above)." },
  {
    file: FILM_DETAIL,
    mutator: 'StringLiteral',
    // The `notWritten` branch, whose `actions` stand on a line of their own.
    line: "actions: { type: 'keepReport', params: ({ event }) => event.output },",
    original: "'keepReport'",
    reason:
      'the report kept on the way to "not written yet" is an empty one (status 0), which the view never shows: it gives the report in the written section only, and the written section keeps the report it arrived with. The action is kept so the diagrams say the report is held on each answer.',
  },
];
