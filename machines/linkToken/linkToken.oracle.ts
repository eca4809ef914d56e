import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectLinkToken } from './linkToken.connect';
import type { LinkTokenMachine } from './linkToken.machine';

const FRAGMENT = 'issue 22: a download link keeps its token in the fragment, which no server, proxy or Referer sees; an old link\'s token leaves the query at once';
const LINK = 'issue 13 §2: whoever received the link finds the study, the package and a Download button';

/** What a download link's token must do. */
export const linkTokenOracle: Oracle<SnapshotFrom<LinkTokenMachine>> = {
  chart: 'linkToken',
  view: (snapshot) => {
    const view = connectLinkToken(snapshot);
    return { token: view.token, hiding: view.isHiding };
  },
  promises: [
    {
      id: 'query-token-leaves-at-once',
      says: "A token found in the address's query is moved into the fragment as the page opens.",
      source: FRAGMENT,
      rule: { kind: 'always', if: { input: 'start', with: { input: { inQuery: true } } }, then: { call: 'moveToFragment', with: { token: { sameAs: 'input.input.token' } } } },
    },
    {
      id: 'moved-only-from-the-query',
      says: 'The address is rewritten once, and only for a token found in the query.',
      source: FRAGMENT,
      rule: { kind: 'needs', what: { call: 'moveToFragment' }, each: { input: 'start', with: { input: { inQuery: true } } } },
    },
    {
      id: 'token-used-at-once',
      says: 'The download is asked for with the link\'s token from the start, without waiting for the address.',
      source: LINK,
      rule: { kind: 'always', if: { input: 'start' }, then: { sees: { token: { sameAs: 'input.input.token' } } } },
    },
    {
      id: 'token-kept',
      says: 'Whatever becomes of the address, the download keeps the link\'s token.',
      source: LINK,
      rule: { kind: 'always', if: { input: ['answer:moveToFragment', 'failure:moveToFragment'] }, then: { sees: { token: { sameAs: 'saw.token' }, hiding: false } } },
    },
  ],
};
