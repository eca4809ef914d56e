import type { AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import { machineOf, stateName } from '../../shared/charts/inspection';
import { maskPayload } from './mask';

/** One event a running chart took in, masked as it was captured: health data is never held. */
export interface QaLogEntry {
  seq: number;
  at: string;
  type: string;
  payload: unknown;
  from: string;
  to: string;
}

export interface QaActor {
  /** The actor's session id, unique in this page. */
  key: string;
  machine: AnyStateMachine;
  snapshot: AnyMachineSnapshot;
  /** Newest first. */
  log: readonly QaLogEntry[];
  running: boolean;
}

export interface QaProbe {
  /** Give to every actor as its `inspect` option. */
  inspect(inspection: InspectionEvent): void;
  actors(): readonly QaActor[];
  subscribe(listener: () => void): () => void;
}

const LOG_LIMIT = 200;
/** Stopped actors stay listed for a while, so QA can read how a screen's chart ended. */
const STOPPED_KEPT = 10;

/** Watches every statechart actor of the page, in memory only: nothing leaves the page. */
export function createQaProbe(now: () => Date = () => new Date()): QaProbe {
  const byKey = new Map<string, QaActor & { log: QaLogEntry[]; actorRef: { getSnapshot(): { status: string } } }>();
  const listeners = new Set<() => void>();
  let seq = 0;
  let notifying = false;
  // Inspection runs inside transitions; listeners hear of them once the transition is over.
  const changed = () => {
    if (notifying) return;
    notifying = true;
    queueMicrotask(() => {
      notifying = false;
      listeners.forEach((listener) => listener());
    });
  };

  return {
    inspect(inspection) {
      if (inspection.type !== '@xstate.snapshot') return;
      const machine = machineOf(inspection.actorRef);
      if (!machine) return;
      const snapshot = inspection.snapshot as AnyMachineSnapshot;
      const key = inspection.actorRef.sessionId;
      const known = byKey.get(key);
      const actorRef = inspection.actorRef as unknown as { getSnapshot(): { status: string } };
      const entry = known ?? { key, machine, snapshot, log: [], running: true, actorRef };
      const { type, ...payload } = inspection.event;
      entry.log.unshift({ seq: seq++, at: now().toISOString(), type, payload: maskPayload(payload), from: known ? stateName(known.snapshot) : '', to: stateName(snapshot) });
      entry.log.length = Math.min(entry.log.length, LOG_LIMIT);
      entry.snapshot = snapshot;
      byKey.set(key, entry);
      changed();
    },
    actors() {
      const all = [...byKey.values()].map((entry) => ({ ...entry, running: entry.actorRef.getSnapshot().status === 'active' }));
      const stopped = all.filter((actor) => !actor.running);
      stopped.slice(0, Math.max(0, stopped.length - STOPPED_KEPT)).forEach((actor) => byKey.delete(actor.key));
      return [...all.filter((actor) => actor.running), ...stopped.slice(-STOPPED_KEPT)];
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
