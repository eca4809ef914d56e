import type { Oracle } from '../oracle';

const TIMING = 'spec §9, sign-in library defaults';

/** What the session check must do, from the specification. It shows nothing; it only reports. */
export const sessionCheckOracle: Oracle<unknown> = {
  chart: 'sessionCheck',
  // `over`: the chart has stopped checking (it reported the session gone).
  view: (snapshot) => ({ over: (snapshot as { status?: string }).status === 'done' }),
  quietMs: 2_000,
  promises: [
    {
      id: 'time-brings-a-check',
      says: 'While the session is being watched, time passing always leads to a check, unless one is under way.',
      source: TIMING,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'time' }, { saw: { over: false } }, { not: { pending: 'checkSession' } }] },
        then: { call: 'checkSession' },
      },
    },
    {
      id: 'checks-every-2s',
      says: 'While signed in, the session is checked every 2 s.',
      source: TIMING,
      rule: {
        kind: 'timing',
        what: { call: 'checkSession' },
        when: [{ since: { input: ['start', 'answer:checkSession', 'failure:checkSession'] }, ms: 2_000 }],
      },
    },
    {
      id: 'gone-is-reported',
      says: 'A check that finds the session gone signs the patient out.',
      source: TIMING,
      rule: { kind: 'always', if: { input: 'answer:checkSession', with: { output: 'ended' } }, then: { effect: 'reportEnded' } },
    },
    {
      id: 'only-gone-is-reported',
      says: 'Nothing else signs the patient out: an active session, or a check that could not be made, changes nothing.',
      source: TIMING,
      rule: { kind: 'always', if: { effect: 'reportEnded' }, then: { input: 'answer:checkSession', with: { output: 'ended' } } },
    },
  ],
};
