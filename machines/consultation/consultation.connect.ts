import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ConsultationMachine } from './consultation.machine';

/** What the diagnose page needs. */
export function connectConsultation(snapshot: SnapshotFrom<ConsultationMachine>, send: ActorRefFrom<ConsultationMachine>['send']) {
  const { jump } = snapshot.context;
  const url = jump?.kind === 'go' ? jump.url : null;
  return {
    state: String(snapshot.value),
    isAsking: snapshot.matches('asking'),
    /** This page was left for the consultation page before: an answer waits for the patient instead of going. */
    wasAway: snapshot.context.cameBack,
    /** No answer (offline, timed out): said, with a retry. */
    isFailed: snapshot.matches('failed'),
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
    cameBack: () => send({ type: 'CAME_BACK' }),
  };
}
export type ConsultationView = ReturnType<typeof connectConsultation>;
