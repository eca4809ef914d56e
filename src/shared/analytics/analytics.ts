import type { AnalyticsRecord, AuditRecord, ProductEvent } from './records';

/** What an audited transition says; the recorder adds who, where and when. */
export type AuditFacts = Pick<AuditRecord, 'machine' | 'event' | 'from' | 'to' | 'statusCode' | 'result' | 'orderId' | 'checkRecordId'>;

/**
 * Analytics and the audit trail: every record gets an id, the time, the device uuid and the
 * signed-in patient, goes to `deliver` (the outbox) and is kept for this page's QA panel.
 */
export interface Analytics {
  /** A product event (spec section 8: cancelled and failed payments are logged). */
  track(name: string, data: { orderId?: string | null; checkRecordId?: number | null } & Record<string, unknown>): void;
  /** One transition of an audited statechart. */
  audit(facts: AuditFacts): void;
  /** This page load's records, oldest first. */
  records(): readonly AnalyticsRecord[];
  subscribe(listener: () => void): () => void;
}

/** Enough for any page load's payments; older records are still in the outbox or sent. */
const KEPT_ON_PAGE = 500;

export function createAnalytics(deps: {
  deliver: (record: AnalyticsRecord) => void;
  deviceId: () => string;
  userId: () => string | null;
  newId: () => string;
  now?: () => Date;
}): Analytics {
  const now = deps.now ?? (() => new Date());
  const kept: AnalyticsRecord[] = [];
  const listeners = new Set<() => void>();
  let seq = 0;

  const stamp = () => ({ id: deps.newId(), at: now().toISOString(), seq: seq++, deviceId: deps.deviceId(), userId: deps.userId() });
  const record = (entry: AnalyticsRecord) => {
    kept.push(entry);
    if (kept.length > KEPT_ON_PAGE) kept.shift();
    deps.deliver(entry);
    listeners.forEach((listener) => listener());
  };

  return {
    track(name, { orderId = null, checkRecordId = null, ...data }) {
      const event: ProductEvent = { ...stamp(), kind: 'event', name, orderId, checkRecordId, data };
      record(event);
    },
    audit(facts) {
      record({ ...stamp(), kind: 'audit', ...facts });
    },
    records: () => kept,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
