/**
 * Every key the app keeps in the browser's storage, in one list: what it holds, who writes it,
 * and what a 401 does to it. Spec section 8: "HTTP 401: clear session storage if a token exists",
 * so every session key is cleared by a 401 but the patient's unsent drafts (decisions: what a
 * patient types survives the sign-in round trip, drafts.ts). An explicit sign-out clears them all.
 *
 * tests/state/storageKeys.test.ts fails when the code uses a `cf.` key this list does not name,
 * and tests/session/sessionService.test.ts seeds every session key here before a 401 and expects
 * each one gone (drafts aside).
 */
export interface StorageKey {
  /** The key, or the start of the keys when `prefix` (one key per draft, record, sign-in). */
  key: string;
  prefix?: true;
  storage: 'session' | 'local';
  holds: string;
  /** The module that writes it. */
  owner: string;
  /** What a 401 does to it: cleared, or kept (drafts only). Local storage is not touched by a 401. */
  on401: 'cleared' | 'kept' | 'untouched';
}

export const STORAGE_KEYS: readonly StorageKey[] = [
  // Session storage: this tab's, gone with it.
  { key: 'cf.state', storage: 'session', holds: 'the client state of spec §3 (film detail, AI result, hospital setting, user info)', owner: 'src/shared/state/clientState.ts', on401: 'cleared' },
  { key: 'cf.studyPass', storage: 'session', holds: 'the study pass that opens the studies collected without signing in', owner: 'src/shared/session/studyPass.ts', on401: 'cleared' },
  { key: 'cf.actingMember', storage: 'session', holds: 'the family member this tab acts for (issue 27 §2): their id, name and relation', owner: 'src/shared/session/familyMember.ts', on401: 'cleared' },
  { key: 'cf.pendingPayment', storage: 'session', holds: 'the payment waiting for the server to say how it ended (H5 return)', owner: 'src/features/payment/pendingPayment.ts', on401: 'cleared' },
  { key: 'cf.entryUrl', storage: 'session', holds: 'the address the tab was entered by (WeChat signature on iOS)', owner: 'src/shared/navigation/navigation.ts', on401: 'cleared' },
  { key: 'cf.returnTo', storage: 'session', holds: 'where the last sign-in was headed', owner: 'src/features/session/sessionService.ts', on401: 'cleared' },
  { key: 'cf.signIn.startIndex', storage: 'session', holds: "where the sign-in's start page is in the tab's history", owner: 'src/features/session/signInHistory.ts', on401: 'cleared' },
  { key: 'cf.signIn.id', storage: 'session', holds: "the sign-in's id (its handoff in local storage)", owner: 'src/features/session/signInHistory.ts', on401: 'cleared' },
  { key: 'cf.consultation.leftFrom', storage: 'session', holds: 'the history entry that last went to the consultation page', owner: 'src/features/consultation/useConsultation.ts', on401: 'cleared' },
  {
    key: 'cf.feedbackDraft',
    storage: 'session',
    holds: 'the feedback draft where IndexedDB is blocked (not under the draft prefix, so a 401 clears it)',
    owner: 'src/features/help/feedbackDraft.ts',
    on401: 'cleared',
  },
  { key: 'cf.draft.', prefix: true, storage: 'session', holds: "what the patient typed and has not sent, one key per form", owner: 'src/shared/state/drafts.ts', on401: 'kept' },
  { key: 'oidc.', prefix: true, storage: 'session', holds: "the provider's tokens for the patient (oidc-client-ts's user store)", owner: 'src/features/session/userManager.ts', on401: 'cleared' },
  // Local storage: the device's, kept across tabs and sign-ins; nothing of the patient's health.
  { key: 'cf.uuid', storage: 'local', holds: 'the device uuid', owner: 'src/shared/state/clientState.ts', on401: 'untouched' },
  { key: 'cf.locale', storage: 'local', holds: "the reader's language (src/main.tsx writes it; index.html's boot script reads it too)", owner: 'src/shared/i18n/locale.ts', on401: 'untouched' },
  { key: 'cf.textSize', storage: 'local', holds: "the reader's text size (standard or large)", owner: 'src/shared/theme/textSize.ts', on401: 'untouched' },
  { key: 'cf.followPrompt.dismissedAt', storage: 'local', holds: 'when the follow prompt was put away', owner: 'src/shared/views/useFollowPrompt.ts', on401: 'untouched' },
  { key: 'cf.outbox.', prefix: true, storage: 'local', holds: 'analytics records on their way, one key per record', owner: 'src/shared/analytics/outbox.ts', on401: 'untouched' },
  { key: 'cf.signIn.handoff.', prefix: true, storage: 'local', holds: "a callback's address for the start page, under the sign-in's id", owner: 'src/features/session/signInHistory.ts', on401: 'untouched' },
];

/** The keys of this tab's session storage. */
export const SESSION_KEYS: readonly StorageKey[] = STORAGE_KEYS.filter((k) => k.storage === 'session');
