import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CompareMachine } from './compare.machine';

/** `data-compare-state`: asking, alone (no prior), ready (the control), or the comparison and whether it is linked. */
export type CompareScreenState = 'asking' | 'alone' | 'ready' | 'opening' | 'linked' | 'unlinked';

/** What the viewer shows of the comparison: the prior, whether it is beside the study, linked, and the patient's intents. */
export function connectCompare(snapshot: SnapshotFrom<CompareMachine>, send: ActorRefFrom<CompareMachine>['send']) {
  const value = snapshot.value;
  const state: CompareScreenState = typeof value === 'string' ? value : value.comparing;
  const comparing = state === 'opening' || state === 'linked' || state === 'unlinked';
  return {
    state,
    /** The earlier study, once found: "Compare with prior" is offered. */
    prior: snapshot.context.found?.prior ?? null,
    /** The film detail id of the study on screen, for its report (with a prior only). */
    currentFilmId: snapshot.context.found?.currentFilmId ?? null,
    comparing,
    /** Scrolling in step (also while the prior opens: it will be taken to the study on screen). */
    linked: state === 'linked' || state === 'opening',
    open: () => send({ type: 'OPEN_PRIOR' }),
    close: () => send({ type: 'CLOSE_PRIOR' }),
    toggleLink: () => send({ type: state === 'unlinked' ? 'LINK' : 'UNLINK' }),
    currentMoved: (position: number | null) => send({ type: 'CURRENT_MOVED', position }),
    priorMoved: (position: number | null) => send({ type: 'PRIOR_MOVED', position }),
  };
}
export type CompareView = ReturnType<typeof connectCompare>;
