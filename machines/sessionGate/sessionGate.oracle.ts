import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectSessionGate } from './sessionGate.connect';
import type { SessionGateMachine } from './sessionGate.machine';

const PAGES = 'spec §2: `/` (oidcIndex) sends a signed-in patient Home and a signed-out visitor to sign in; `/logout` signs a signed-in patient out and a signed-out visitor goes to the entry page';
const ROLES = 'spec §6, roles and permissions: nothing is decided while the session is being restored';
const ONCE = 'decisions.md: an action cannot be started twice while one is under way';

/** What a page that waits for the session must do. */
export const sessionGateOracle: Oracle<SnapshotFrom<SessionGateMachine>> = {
  chart: 'sessionGate',
  view: (snapshot) => ({ status: connectSessionGate(snapshot).status }),
  promises: [
    {
      id: 'watches-the-session',
      says: 'The page listens to the session from the start.',
      source: PAGES,
      rule: { kind: 'always', if: { input: 'start' }, then: { all: [{ call: 'watchSession' }, { sees: { status: 'pending' } }] } },
    },
    {
      id: 'signed-in-acted-on',
      says: 'When the session turns out signed in, the page does what it does for a signed-in patient, and nothing for a signed-out one.',
      source: PAGES,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'STATUS', with: { status: 'signedIn' } }, { not: { saw: { status: 'signedIn' } } }] },
        then: { all: [{ effect: 'whenSignedIn' }, { not: { effect: 'whenSignedOut' } }, { sees: { status: 'signedIn' } }] },
      },
    },
    {
      id: 'signed-out-acted-on',
      says: 'When the session turns out signed out, the page does what it does for a signed-out visitor, and nothing for a signed-in one.',
      source: PAGES,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'STATUS', with: { status: 'signedOut' } }, { not: { saw: { status: 'signedOut' } } }] },
        then: { all: [{ effect: 'whenSignedOut' }, { not: { effect: 'whenSignedIn' } }, { sees: { status: 'signedOut' } }] },
      },
    },
    {
      id: 'nothing-while-pending',
      says: 'While the session is being restored or completed, the page waits and does nothing.',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { input: 'STATUS', with: { status: 'pending' } },
        then: { all: [{ not: { effect: 'whenSignedIn' } }, { not: { effect: 'whenSignedOut' } }, { sees: { status: 'pending' } }] },
      },
    },
    {
      id: 'once-per-arrival-in',
      says: 'The signed-in step runs once each time the session arrives at signed in, not again while it stays there.',
      source: ONCE,
      rule: { kind: 'needs', what: { effect: 'whenSignedIn' }, each: { all: [{ input: 'STATUS', with: { status: 'signedIn' } }, { not: { saw: { status: 'signedIn' } } }] } },
    },
    {
      id: 'once-per-arrival-out',
      says: 'The signed-out step runs once each time the session arrives at signed out, not again while it stays there.',
      source: ONCE,
      rule: { kind: 'needs', what: { effect: 'whenSignedOut' }, each: { all: [{ input: 'STATUS', with: { status: 'signedOut' } }, { not: { saw: { status: 'signedOut' } } }] } },
    },
  ],
};
