import type { SafeStorage } from '../state/safeStorage';
import { analyticsRecordSchema, MAX_BATCH, MAX_RECORD_BYTES, type AnalyticsRecord, type CollectAnswer } from './records';

/**
 * Records on their way to the analytics endpoint. Each waits in localStorage under its own key
 * until the endpoint says it holds it, so nothing is lost offline or on reload, and tabs that queue
 * at the same time never overwrite each other. A record is forgotten only once acknowledged; one
 * sent twice (a lost answer, two tabs) is stored once, because the endpoint keys records by id.
 */
export const OUTBOX_PREFIX = 'cf.outbox.';
/** Waits before the next try after a failed send; the last one repeats. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 60_000] as const;

export interface Outbox {
  add(record: AnalyticsRecord): void;
  /** Sends what waits, oldest first, until nothing does or a send fails (then a retry is planned). */
  flush(): Promise<void>;
  /**
   * The patient is signing out, their token still good: sends what waits of theirs, one last try
   * (the session no longer says "send", so it does not wait for that). Their audit trail goes to
   * the server if it can.
   */
  sendLastOf(userId: string): Promise<void>;
  /** Then forgets every record of theirs still here, sent or not; records of nobody and of other patients stay. */
  forget(userId: string): void;
  /** The ids still waiting. */
  pendingIds(): ReadonlySet<string>;
  subscribe(listener: () => void): () => void;
}

/**
 * The record, or, when it is heavier than the endpoint takes, the same record with its payload
 * (an audit record's result, an event's data) replaced by a note of its size: the step is kept,
 * and one heavy record can never block the queue.
 */
export function withinSize(record: AnalyticsRecord): AnalyticsRecord {
  const bytes = new TextEncoder().encode(JSON.stringify(record)).length;
  if (bytes <= MAX_RECORD_BYTES) return record;
  const note = { omitted: 'too large', bytes };
  return record.kind === 'audit' ? { ...record, result: note } : { ...record, data: note };
}

export function createOutbox(deps: {
  storage: SafeStorage;
  send: (records: AnalyticsRecord[]) => Promise<CollectAnswer>;
  /** False while there is nobody to send for (signed out): records wait, no retry is planned. */
  canSend: () => boolean;
  /**
   * Who is signed in now: only their records (and records of nobody) are sent, since the endpoint
   * refuses a record that names someone else; another patient's wait until they sign in again.
   */
  currentUser?: () => string | null;
  /** Runs a send alone among this origin's tabs, where the browser can (Web Locks). */
  exclusive?: (work: () => Promise<void>) => Promise<void>;
  setTimer?: (run: () => void, ms: number) => void;
  /**
   * When a record just added is sent: after the transition that made it (a microtask unless told).
   * The app sends once the frame the step changed is drawn (`afterFrame`): reading the queue, the
   * tab lock and the request then cost the patient's tap nothing. The record is stored at once.
   */
  afterStep?: (send: () => void) => void;
}): Outbox {
  const setTimer = deps.setTimer ?? ((run, ms) => void setTimeout(run, ms));
  const afterStep = deps.afterStep ?? queueMicrotask;
  const exclusive = deps.exclusive ?? ((work) => work());
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  let running: Promise<void> | null = null;
  let failures = 0;
  let retryPlanned = false;
  let again = false;

  function waiting(): AnalyticsRecord[] {
    const records: AnalyticsRecord[] = [];
    for (const key of deps.storage.keys(OUTBOX_PREFIX)) {
      const parsed = analyticsRecordSchema.safeParse(parseJson(deps.storage.get(key)));
      if (parsed.success) records.push(parsed.data);
      else deps.storage.remove(key); // unreadable: it could never be sent
    }
    return records.sort((a, b) => a.at.localeCompare(b.at) || a.seq - b.seq);
  }

  /** Sends the batches `pick` chooses until none is left, or the endpoint takes none of one. */
  async function sendWhile(pick: () => AnalyticsRecord[]): Promise<boolean> {
    for (;;) {
      const batch = pick().slice(0, MAX_BATCH);
      if (batch.length === 0) return true;
      const answer = await deps.send(batch);
      const held = [...answer.stored, ...answer.duplicates, ...answer.refused];
      held.forEach((id) => deps.storage.remove(OUTBOX_PREFIX + id));
      changed();
      if (!batch.some((record) => held.includes(record.id))) return false;
    }
  }

  async function sendAll(): Promise<void> {
    const sendable = () => {
      if (!deps.canSend()) return [];
      const user = deps.currentUser?.() ?? null;
      return waiting().filter((record) => record.userId === null || deps.currentUser === undefined || record.userId === user);
    };
    // An answer that holds none of the batch would send it again forever: try later instead.
    if (!(await sendWhile(sendable))) throw new Error('analytics endpoint held none of the batch');
  }

  const recordsOf = (userId: string) => waiting().filter((record) => record.userId === userId);

  function planRetry() {
    if (retryPlanned) return;
    retryPlanned = true;
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
    setTimer(() => {
      retryPlanned = false;
      void flush();
    }, delay);
  }

  function flush(): Promise<void> {
    if (running) {
      // A record added while the last batch is on its way must not wait for the next trigger.
      again = true;
      return running;
    }
    running = exclusive(sendAll)
      .then(
        () => {
          failures = 0;
        },
        () => {
          failures += 1;
          planRetry();
        },
      )
      .finally(() => {
        running = null;
        if (again && failures === 0) void flush();
        again = false;
      });
    return running;
  }

  return {
    add(record) {
      deps.storage.set(OUTBOX_PREFIX + record.id, JSON.stringify(withinSize(record)));
      changed();
      // Sends after the current transition's other effects, never inside them.
      afterStep(() => void flush());
    },
    flush,
    sendLastOf: (userId) => exclusive(async () => void (await sendWhile(() => recordsOf(userId)))).catch(() => {}),
    forget(userId) {
      recordsOf(userId).forEach((record) => deps.storage.remove(OUTBOX_PREFIX + record.id));
      changed();
    },
    pendingIds: () => new Set(waiting().map((record) => record.id)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}
