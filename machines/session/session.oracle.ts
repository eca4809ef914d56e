import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern } from '../oracle';
import { connectSession } from './session.connect';
import type { SessionMachine } from './session.machine';

const CATALOGUE = 'spec §8, error catalogue';
const TIMING = 'spec §9, sign-in library defaults';
const ROLES = 'spec §6, roles and permissions';
const RETRY = 'this project (docs/testing.md): a renewal that failed for a passing reason is tried again after 15 s';

const signedIn = { status: 'signedIn' };
const wasSignedIn: Pattern = { saw: signedIn };
const passingRenewalFailure: Pattern = {
  any: [
    { input: 'failure:renewSilently', with: { error: { name: { not: 'SessionEndedError' } } } },
    { all: [{ input: 'time' }, { stop: 'renewSilently' }] },
  ],
};

/** What sign-in and the session must do, from the specification and decisions.md. */
export const sessionOracle: Oracle<SnapshotFrom<SessionMachine>> = {
  chart: 'session',
  view: (snapshot) => {
    const { status, isSignInFailed, isSignInCancelled, cancelledFrom, returnTo, subject, accessToken, expiresAt, error } = connectSession(snapshot);
    return { status, isSignInFailed, isSignInCancelled, cancelledFrom, returnTo, subject, accessToken, expiresAt, error };
  },
  // A token of the sandbox lives 10 minutes: time enough for any renewal to be due.
  quietMs: 600_000,
  promises: [
    {
      id: 'callback-page-completes',
      says: 'Opening the app on the provider\'s callback address completes the sign-in.',
      source: ROLES,
      rule: { kind: 'always', if: { input: 'answer:restoreSession', with: { output: { kind: 'callback' } } }, then: { call: 'completeSignIn' } },
    },
    {
      id: 'stored-session-restored',
      says: 'A stored session signs the patient in at once, with its token, and renews nothing yet.',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { input: 'answer:restoreSession', with: { output: { kind: 'user' } } },
        then: { sees: { ...signedIn, accessToken: { sameAs: 'input.output.user.accessToken' } } },
      },
    },
    {
      id: 'no-session-signed-out',
      says: 'With no stored session (or none that can be read), the patient is signed out and nothing else happens.',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'answer:restoreSession', with: { output: { kind: 'none' } } }, { input: 'failure:restoreSession' }] },
        then: { all: [{ sees: { status: 'signedOut', isSignInFailed: false } }, { not: { call: 'startSignIn' } }, { not: { call: 'completeSignIn' } }] },
      },
    },
    {
      id: 'replayed-callback-starts-over',
      says: 'A used callback (a reload, the back button) starts the sign-in again, for the same address.',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { input: 'answer:completeSignIn', with: { output: { kind: 'restart' } } },
        then: { call: 'startSignIn', with: { returnTo: { sameAs: 'input.output.returnTo' } } },
      },
    },
    {
      id: 'sign-in-starts-when-asked',
      says: 'Signed out, a page that needs sign-in or a 401 goes to the provider at once (on the sign-in error page, the patient chooses).',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['SIGN_IN', 'UNAUTHORIZED'] }, { saw: { status: 'signedOut', isSignInFailed: false } }] },
        then: { call: 'startSignIn', with: { returnTo: { sameAs: 'input.returnTo' } } },
      },
    },
    {
      id: 'try-again-retries',
      says: '"Try again" on the sign-in error page goes to the provider again, for the address first asked for.',
      source: 'decisions.md; spec §2, /oidc-error',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RETRY' }, { saw: { isSignInFailed: true } }] },
        then: { all: [{ call: 'startSignIn', with: { returnTo: { sameAs: 'saw.returnTo' } } }, { not: { effect: 'showSignInError' } }] },
      },
    },
    {
      id: 'sign-in-error-says-why',
      says: 'The sign-in error page says why the sign-in failed.',
      source: 'decisions.md; spec §2, /oidc-error',
      rule: {
        kind: 'always',
        if: { input: ['failure:completeSignIn', 'failure:startSignIn'] },
        then: { sees: { isSignInFailed: true, error: { present: true } } },
      },
    },
    {
      id: 'renewal-only-by-time',
      says: 'A silent renewal starts only because time has come (the expiry notice or a retry), never from a tap or a page.',
      source: TIMING,
      rule: { kind: 'always', if: { call: 'renewSilently' }, then: { input: 'time' } },
    },
    {
      id: 'time-brings-renewal',
      says: 'While signed in, time passing always leads to a renewal (before expiry, or again after a passing failure), unless one is under way.',
      source: `${TIMING}; ${RETRY}`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'time' }, wasSignedIn, { not: { pending: 'renewSilently' } }] },
        then: { call: 'renewSilently' },
      },
    },
    {
      id: '401-clears-and-signs-in',
      says: 'An HTTP 401 while signed in clears session storage and goes to the provider\'s sign-in, to come back to the same page.',
      source: CATALOGUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'UNAUTHORIZED' }, wasSignedIn] },
        then: { all: [{ effect: 'clearSessionStorage' }, { call: 'startSignIn', with: { returnTo: { sameAs: 'input.returnTo' } } }] },
      },
    },
    {
      id: 'storage-cleared-only-with-token',
      says: 'Session storage is cleared on a 401 only when a token exists.',
      source: CATALOGUE,
      rule: { kind: 'always', if: { effect: 'clearSessionStorage' }, then: { all: [{ input: 'UNAUTHORIZED' }, wasSignedIn] } },
    },
    {
      id: 'sign-in-keeps-the-address',
      says: 'A sign-in asked for by a page or a 401 starts with that exact address, to come back to.',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['SIGN_IN', 'UNAUTHORIZED'] }, { call: 'startSignIn' }] },
        then: { call: 'startSignIn', with: { returnTo: { sameAs: 'input.returnTo' } } },
      },
    },
    {
      id: 'callback-lands-on-the-page',
      says: 'After the provider\'s callback the patient is signed in, on the exact address they asked for.',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { input: 'answer:completeSignIn', with: { output: { kind: 'signedIn' } } },
        then: { all: [{ sees: signedIn }, { effect: 'goTo', with: { path: { sameAs: 'input.output.returnTo' } } }] },
      },
    },
    {
      id: 'provider-only-when-asked',
      says: 'The app goes to the provider only when a page, a 401 or the patient asks (or a replayed callback must start over).',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { call: 'startSignIn' },
        then: { input: ['SIGN_IN', 'UNAUTHORIZED', 'RETRY', 'answer:completeSignIn'] },
      },
    },
    {
      id: 'signed-in-only-by-provider',
      says: 'The patient becomes signed in only with tokens the provider gave (a stored session or a callback).',
      source: ROLES,
      rule: {
        kind: 'always',
        if: { all: [{ sees: signedIn }, { not: wasSignedIn }] },
        then: { input: ['answer:restoreSession', 'answer:completeSignIn'] },
      },
    },
    {
      id: 'sign-in-error-shown',
      says: 'When the provider refuses or cannot be reached, the sign-in error page shows, with a way to try again.',
      source: 'decisions.md; spec §2, /oidc-error',
      rule: { kind: 'always', if: { input: ['failure:completeSignIn', 'failure:startSignIn'] }, then: { effect: 'showSignInError' } },
    },
    {
      id: 'sign-in-error-only-on-failure',
      says: 'The sign-in error page shows only for a sign-in that failed.',
      source: 'decisions.md; spec §2, /oidc-error',
      rule: { kind: 'always', if: { effect: 'showSignInError' }, then: { input: ['failure:completeSignIn', 'failure:startSignIn'] } },
    },
    {
      id: 'cancel-is-calm',
      says: 'A sign-in the patient cancelled at the provider shows "sign-in was cancelled", never the error page, no reason from the provider, and keeps where they were going.',
      source: 'issue 24 §7: sign-in cancel is calm',
      rule: {
        kind: 'always',
        if: { input: 'answer:completeSignIn', with: { output: { kind: 'cancelled' } } },
        then: {
          all: [
            { effect: 'showSignInCancelled', with: { returnTo: { sameAs: 'input.output.returnTo' } } },
            { not: { effect: 'showSignInError' } },
            { sees: { status: 'signedOut', isSignInFailed: false, isSignInCancelled: true, error: null, returnTo: { sameAs: 'input.output.returnTo' }, cancelledFrom: { sameAs: 'input.output.from' } } },
          ],
        },
      },
    },
    {
      id: 'cancelled-only-when-cancelled',
      says: 'The "sign-in was cancelled" page shows only for a sign-in the patient cancelled.',
      source: 'issue 24 §7',
      rule: { kind: 'always', if: { effect: 'showSignInCancelled' }, then: { input: 'answer:completeSignIn', with: { output: { kind: 'cancelled' } } } },
    },
    {
      id: 'restore-never-shows-an-error',
      says: 'Opening the app while signed in (a session restored, or a sign-in completed without a word from the patient) never shows a sign-in error or a cancelled sign-in.',
      source: 'issue 24 §7: reopening the app while still signed in at the provider never flashes a network error',
      rule: {
        kind: 'always',
        if: { input: ['answer:restoreSession', 'failure:restoreSession'] },
        then: { all: [{ not: { effect: 'showSignInError' } }, { not: { effect: 'showSignInCancelled' } }, { sees: { isSignInFailed: false, isSignInCancelled: false } }] },
      },
    },
    {
      id: 'cancelled-signs-in-again',
      says: '"Sign in again" after a cancel goes to the provider again, back to the same page.',
      source: 'issue 24 §7',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RETRY' }, { saw: { isSignInCancelled: true } }] },
        then: { call: 'startSignIn', with: { returnTo: { sameAs: 'saw.returnTo' } } },
      },
    },
    {
      id: 'renews-60s-before-expiry',
      says: 'The token is renewed silently 60 s before it expires (halfway through what is left, for a token with less than two minutes left); a renewal that failed for a passing reason is tried again 15 s later.',
      source: `${TIMING}; ${RETRY}; this project: a short token is not renewed in a loop`,
      rule: {
        kind: 'timing',
        what: { call: 'renewSilently' },
        when: [
          { beforeExpiry: 'expiresAt', ms: 60_000 },
          { halfwayFrom: { any: [{ input: ['answer:renewSilently', 'answer:restoreSession', 'answer:completeSignIn', 'USER_UPDATED'] }] }, toExpiry: 'expiresAt' },
          { since: passingRenewalFailure, ms: 15_000 },
        ],
      },
    },
    {
      id: 'renewal-gives-up-after-10s',
      says: 'A silent renewal with no answer after 10 s is given up.',
      source: TIMING,
      rule: { kind: 'timing', what: { stop: 'renewSilently' }, when: [{ since: { call: 'renewSilently' }, ms: 10_000 }] },
    },
    {
      id: 'passing-failure-keeps-signed-in',
      says: 'A renewal that fails for a passing reason (offline, no answer in time) keeps the patient signed in.',
      source: RETRY,
      rule: { kind: 'always', if: { all: [passingRenewalFailure, wasSignedIn] }, then: { sees: signedIn } },
    },
    {
      id: 'time-alone-never-signs-out',
      says: 'Time passing alone never signs the patient out: only the provider, another tab or the patient do.',
      source: RETRY,
      rule: { kind: 'always', if: { all: [{ input: 'time' }, wasSignedIn] }, then: { sees: signedIn } },
    },
    {
      id: 'session-over-signs-out',
      says: 'A renewal the provider refuses because the session is over signs the patient out.',
      source: TIMING,
      rule: {
        kind: 'always',
        if: { input: 'failure:renewSilently', with: { error: { name: 'SessionEndedError' } } },
        then: { sees: { status: 'signedOut', accessToken: null } },
      },
    },
    {
      id: 'renewed-token-used',
      says: 'A renewed token replaces the old one at once.',
      source: TIMING,
      rule: { kind: 'always', if: { input: 'answer:renewSilently' }, then: { sees: { ...signedIn, accessToken: { sameAs: 'input.output.accessToken' } } } },
    },
    {
      id: 'other-tab-token-adopted',
      says: 'A token another tab renewed is adopted instead of renewing again.',
      source: 'decisions.md, one session per patient across tabs',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'USER_UPDATED' }, wasSignedIn] },
        then: { all: [{ sees: { ...signedIn, accessToken: { sameAs: 'input.user.accessToken' } } }, { not: { call: 'renewSilently' } }] },
      },
    },
    {
      id: 'session-gone-signs-out',
      says: 'Signed out in another tab, or found gone by the session check, the patient is signed out here too.',
      source: TIMING,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['USER_REMOVED', 'SESSION_ENDED'] }, wasSignedIn] },
        then: { sees: { status: 'signedOut', accessToken: null } },
      },
    },
    {
      id: 'session-checked-while-signed-in',
      says: 'From the moment the patient is signed in, the session is checked (every 2 s, by the session check chart).',
      source: TIMING,
      rule: { kind: 'always', if: { all: [{ sees: signedIn }, { not: wasSignedIn }] }, then: { call: 'sessionCheck' } },
    },
    {
      id: 'sign-out-asks-provider',
      says: 'Signing out tells the provider.',
      source: 'spec §7, identity provider calls (revoke, session end)',
      rule: { kind: 'always', if: { all: [{ input: 'SIGN_OUT' }, wasSignedIn] }, then: { call: 'signOut' } },
    },
    {
      id: 'sign-out-always-ends',
      says: 'Signing out ends the session even when the provider cannot be told.',
      source: 'spec §7, identity provider calls (revoke, session end)',
      rule: { kind: 'always', if: { input: ['answer:signOut', 'failure:signOut'] }, then: { sees: { status: 'signedOut', accessToken: null } } },
    },
  ],
};
