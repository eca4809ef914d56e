import type { LinkTokenInput } from './linkToken.types';

/** An old link, its token in the query. */
export const linkTokenInput: LinkTokenInput = { token: 'tok-1', inQuery: true };

/** The link chart's events for path generation: the address rewritten, or not. */
export const linkTokenEvents = [
  { type: 'xstate.done.actor.moveToFragment', output: undefined },
  { type: 'xstate.error.actor.moveToFragment', error: new Error('navigation refused') },
];
