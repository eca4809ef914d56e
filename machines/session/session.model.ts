import { SessionEndedError, type SessionUser } from './session.types';

/** Tokens that live 10 minutes, as the sandbox gives them; the simulated clock starts at 0. */
const alice: SessionUser = { subject: 'patient1', name: '张伟', accessToken: 'token-1', expiresAt: 600 };
const renewed: SessionUser = { ...alice, accessToken: 'token-2', expiresAt: 1_200 };
const ended = new SessionEndedError('invalid_grant');
const offline = new Error('Failed to fetch');

const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.session.${state}` });
/** The session chart's events for path generation: every answer of the provider, every tap, every delay. */
export const sessionEvents = [
  { type: 'xstate.done.actor.restoreSession', output: { kind: 'callback' } },
  { type: 'xstate.done.actor.restoreSession', output: { kind: 'user', user: alice } },
  { type: 'xstate.done.actor.restoreSession', output: { kind: 'none' } },
  { type: 'xstate.error.actor.restoreSession', error: offline },
  { type: 'xstate.done.actor.completeSignIn', output: { kind: 'signedIn', user: alice, returnTo: '/aiOrder?tab=2' } },
  { type: 'xstate.done.actor.completeSignIn', output: { kind: 'restart', returnTo: '/aiOrder?tab=2' } },
  { type: 'xstate.done.actor.completeSignIn', output: { kind: 'cancelled', returnTo: '/shareList?id=film-3', from: '/checking' } },
  { type: 'xstate.error.actor.completeSignIn', error: new Error('access_denied') },
  { type: 'xstate.error.actor.startSignIn', error: offline },
  { type: 'xstate.done.actor.renewSilently', output: renewed },
  { type: 'xstate.error.actor.renewSilently', error: ended },
  { type: 'xstate.error.actor.renewSilently', error: offline },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: offline },
  after('untilExpiring', 'signedIn.valid'),
  after('renewTimeout', 'signedIn.renewing'),
  after('renewRetry', 'signedIn.retryWaiting'),
  { type: 'SIGN_IN', returnTo: '/personal' },
  { type: 'UNAUTHORIZED', returnTo: '/aiOrder' },
  { type: 'SIGN_OUT' },
  { type: 'RETRY' },
  { type: 'USER_UPDATED', user: renewed },
  { type: 'USER_REMOVED' },
  { type: 'SESSION_ENDED' },
];

export const sessionInput = { homePath: '/Home' };
export const sessionFixtures = { alice, renewed };
