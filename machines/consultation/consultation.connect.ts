import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ConsultationMachine } from './consultation.machine';

/** What the diagnose page needs. */
export function connectConsultation(snapshot: SnapshotFrom<ConsultationMachine>, send: ActorRefFrom<ConsultationMachine>['send']) {
  const { jump } = snapshot.context;
  const link = jump?.kind === 'go' ? { url: jump.url, sends: jump.sends } : null;
  /** The consultation page's address, once an answer named one. */
  const url = link?.url ?? null;
  const { value } = snapshot;
  return {
    /** The state as a path (`back.confirming`), for `data-state`. */
    state: typeof value === 'string' ? value : Object.entries(value).map(([parent, child]) => `${parent}.${String(child)}`).join(),
    isAsking: snapshot.matches('asking'),
    /** This page was left for the consultation page before: an answer waits for the patient instead of going. */
    wasAway: snapshot.context.cameBack,
    /** No answer (offline, timed out): said, with a retry. */
    isFailed: snapshot.matches('failed'),
    /** The consultation page in hand, not opened yet: the page offers to open it. */
    ready: snapshot.matches('ready') ? link : null,
    /** The patient cancelled before leaving: nothing was sent. */
    nothingSent: snapshot.matches({ ready: 'closed' }),
    /** Before leaving: the address, and what opening it sends to whom; the patient continues or cancels. */
    confirming: snapshot.hasTag('confirming') ? link : null,
    /** On the way to the consultation page, with the address to tap should the browser not go. */
    goingTo: snapshot.matches('going') ? url : null,
    /** Back from the consultation page: it may be opened again. */
    cameBackFrom: snapshot.matches('back') ? url : null,
    refusedOrigin: jump?.kind === 'refused' ? { origin: jump.origin } : null,
    isNotOffered: jump?.kind === 'notOffered',
    declined: jump?.kind === 'declined' ? jump.message : null,
    retry: () => send({ type: 'RETRY' }),
    askAgain: () => send({ type: 'ASK_AGAIN' }),
    openAgain: () => send({ type: 'OPEN_AGAIN' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    cameBack: () => send({ type: 'CAME_BACK' }),
  };
}
export type ConsultationView = ReturnType<typeof connectConsultation>;
