/**
 * One order's audit trail as a timeline an auditor can read: what the app recorded (its analytics
 * records) and what the sandbox itself did (server/repositories/serverAudit.ts), merged by time,
 * each in words. Pure, so the trace CLI (scripts/trace.ts) and the sandbox's audit page say the same.
 */
import type { AuditRecord, ProductEvent } from '../src/shared/analytics/records';
import type { StoredRecord } from './repositories/analytics';
import { PROVIDER_ACTOR } from './repositories/serverAudit';
import type { ServerAuditRecord } from './repositories/serverAudit';
import { PAY_RESULT, WECHAT_NOT_READY } from '../machines/payment/payment.types';

/** One order's trail: the app's records, and the server's own. */
export interface OrderTrail {
  records: readonly StoredRecord[];
  server: readonly ServerAuditRecord[];
}

export interface TimelineEntry {
  id: string;
  /** The app's transition or product event, or a step the server itself took. */
  kind: StoredRecord['kind'] | 'server';
  /** Local wall-clock time with milliseconds, "YYYY-MM-DD HH:mm:ss.SSS". */
  time: string;
  /** The statechart, or "event" for a product event. */
  machine: string;
  /** "from → to"; a product event's name. */
  step: string;
  /** What happened, in words. */
  words: string;
  /** The server's statusCode and result, or a product event's data; empty when there is none. */
  details: string;
  /** The first characters of the device id; empty for the server's steps. */
  device: string;
  /** The user the client named, and the token's patient when that differs; who made the server act. */
  user: string;
}

export interface TimelineHeader {
  orderId: string;
  checkRecordIds: number[];
  /** Login names of the patients whose tokens sent the records. */
  patients: string[];
  count: number;
  first: string;
  last: string;
  timeZone: string;
}

export interface Timeline {
  header: TimelineHeader;
  entries: TimelineEntry[];
}

export interface TimelineOptions {
  /** IANA zone of the times shown; the runtime's own by default. */
  timeZone?: string;
}

const DEVICE_CHARS = 8;
const MAX_VALUE_CHARS = 80;

function objectField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function payWayText(way: unknown): string {
  if (way === WECHAT_NOT_READY) return ' (inside WeChat, WeChat pay not ready yet)';
  return way === 1 || way === 2 ? ` (pay way ${way})` : '';
}

/** Error events carry the app's failure kind (src/shared/audit/serverAnswer.ts): network, http, business... */
function failureText(result: unknown): string {
  const failure = objectField(result, 'failure');
  return typeof failure === 'string' ? ` (${failure})` : '';
}

function paidText(result: unknown): string {
  if (typeof result !== 'number') return '';
  if (result > 0) return ': paid';
  if (result === PAY_RESULT.cancelled) return ': not paid, the payer cancelled';
  if (result === PAY_RESULT.failed) return ': not paid, the payment failed';
  return ': not paid';
}

type Describe = (record: AuditRecord) => string;

/** Event types of the audited charts (machines/payment, machines/aiOrder). */
const AUDIT_EVENT_WORDS: Record<string, Describe> = {
  PAY: (r) => `patient tapped pay${payWayText(objectField(r.result, 'payWay'))}`,
  RESUME_H5: () => 'came back from the H5 pay page',
  H5_PAID: () => 'patient said paid',
  H5_NOT_PAID: () => 'patient said not paid',
  QUERY_AGAIN: () => 'patient asked to query again',
  RETRY_WECHAT: () => 'patient tapped try again (WeChat pay was not ready)',
  DISMISS: (r) => (r.from === 'wechatNotReady' ? 'patient chose not now (WeChat pay was not ready; nothing paid)' : 'patient left the unknown result for later'),
  'xstate.done.actor.prepareWechatPay': () => 'WeChat pay became ready',
  'xstate.error.actor.prepareWechatPay': () => 'WeChat pay was not ready (the JS-SDK could not be configured)',
  'xstate.done.actor.getPayParams': (r) => `server gave the pay parameters${payWayText(objectField(r.result, 'way'))}`,
  'xstate.error.actor.getPayParams': (r) => `asking for the pay parameters failed${failureText(r.result)}`,
  'xstate.done.actor.payInApp': (r) => {
    const said = objectField(r.result, 'wechat');
    return `WeChat pay answered${typeof said === 'string' ? ` "${said}"` : ''}`;
  },
  'xstate.error.actor.payInApp': (r) => `WeChat pay failed${failureText(r.result)}`,
  'xstate.done.actor.queryPayResult': (r) => `server answered pay result${paidText(r.result)}`,
  'xstate.error.actor.queryPayResult': (r) => `asking for the pay result failed${failureText(r.result)}`,
  OPEN_FILM: () => 'patient opened the film',
  OPEN_PROGRESS: () => 'patient opened the progress',
  VIEW_REASON: () => 'patient viewed the failure reason',
  OPEN_RESULT: () => 'patient opened the result',
  CANCEL: () => 'patient tapped cancel',
  CONFIRM_CANCEL: () => 'patient confirmed the cancel',
  THINK_AGAIN: () => 'patient thought again and kept the order',
  'xstate.done.actor.cancelOrder': (r) => (r.statusCode === 200 ? 'server accepted the cancel' : 'server refused the cancel'),
  'xstate.error.actor.cancelOrder': (r) => `the cancel got no answer${failureText(r.result)}`,
  'xstate.done.actor.lookUpResult': (r) => {
    const kind = objectField(r.result, 'kind');
    return `result lookup answered${typeof kind === 'string' ? `: ${kind}` : ''}`;
  },
  'xstate.error.actor.lookUpResult': (r) => `result lookup failed${failureText(r.result)}`,
};

/** Delayed transitions are named `xstate.after.<delay>.<state id>`. */
const DELAY_WORDS: Record<string, string> = {
  requeryDelay: 'waited to ask again',
};

const PRODUCT_EVENT_WORDS: Record<string, string> = {
  payment_cancelled: 'payment cancelled, logged for analytics',
  payment_failed: 'payment failed, logged for analytics',
};

/** Words for an event type nobody taught this table yet: still readable, never hidden. */
function fallbackWords(event: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'answered' : 'failed'}`;
  const delay = /^xstate\.after\.([^.]+)/.exec(event);
  if (delay) return `waited (${delay[1]})`;
  if (/^[A-Z][A-Z0-9_]*$/.test(event)) return `${event.toLowerCase().replaceAll('_', ' ')} (${event})`;
  return `event ${event}`;
}

export function describeAuditEvent(record: AuditRecord): string {
  const known = AUDIT_EVENT_WORDS[record.event];
  if (known) return known(record);
  const delay = /^xstate\.after\.([^.]+)/.exec(record.event)?.[1];
  if (delay && DELAY_WORDS[delay]) return DELAY_WORDS[delay];
  return fallbackWords(record.event) + (record.event.startsWith('xstate.error.') ? failureText(record.result) : '');
}

export function describeProductEvent(event: ProductEvent): string {
  return PRODUCT_EVENT_WORDS[event.name] ?? `product event ${event.name}`;
}

/** JSON, cut short: a pay URL or a signature should not drown the line. */
export function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

function auditDetails(record: AuditRecord): string {
  const parts: string[] = [];
  if (record.statusCode !== null) parts.push(`statusCode ${record.statusCode}`);
  if (record.result !== null && record.result !== undefined) parts.push(`result ${shortValue(record.result)}`);
  return parts.join(', ');
}

function localTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  });
}

function formatTime(format: Intl.DateTimeFormat, at: string): string {
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}.${part.fractionalSecond}`;
}

function userText(record: StoredRecord): string {
  const said = record.userId ?? 'signed out';
  return record.userId === record.receivedFor ? said : `${said} (sent with ${record.receivedFor}'s token)`;
}

function distinct<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

const SERVER_STEP_WORDS: Record<ServerAuditRecord['step'], (detail: ServerAuditRecord['detail']) => string> = {
  order_created: (d) => (d.reused ? 'server handed back the order already made' : 'server created the order'),
  pay_requested: (d) => (d.outcome === 'notPayable' ? `server refused to take payment${payWayText(d.payWay)}: the order is not to be paid` : `server ${d.outcome === 'reused' ? 'reused the payment under way' : 'started a payment'}${payWayText(d.payWay)}`),
  provider_notified: (d) => `payment provider said ${String(d.said)}${d.settledNow ? '' : ' (the payment had ended already)'}${d.orderPaid ? ': order paid' : ''}`,
  pay_result_answered: (d) => `server answered pay result${paidText(d.answer)}`,
  cancel: (d) => (d.replacedBy ? `server closed the order: replaced by ${String(d.replacedBy)}` : `server ${d.outcome === 'cancelled' ? 'cancelled the order' : `refused the cancel (${String(d.outcome)})`}`),
};

/** The app's records in the order given (the store's: device time, sequence, arrival), with the server's steps merged in by time. */
export function auditTimeline(orderId: string, trail: OrderTrail, options: TimelineOptions = {}): Timeline {
  const format = localTimeFormat(options.timeZone);
  const { records, server } = trail;
  const fromApp = records.map((record): TimelineEntry & { at: string } => {
    const common = {
      id: record.id,
      kind: record.kind,
      time: formatTime(format, record.at),
      device: record.deviceId.slice(0, DEVICE_CHARS),
      user: userText(record),
    };
    if (record.kind === 'event') {
      const details = Object.keys(record.data).length > 0 ? `data ${shortValue(record.data)}` : '';
      return { ...common, at: new Date(record.at).toISOString(), machine: 'event', step: record.name, words: describeProductEvent(record), details };
    }
    return { ...common, at: new Date(record.at).toISOString(), machine: record.machine, step: `${record.from} → ${record.to}`, words: describeAuditEvent(record), details: auditDetails(record) };
  });
  const fromServer = server.map(
    (record): TimelineEntry & { at: string } => ({
      id: `server-${record.id}`,
      kind: 'server',
      at: record.at,
      time: formatTime(format, record.at),
      machine: 'server',
      step: record.step,
      words: SERVER_STEP_WORDS[record.step](record.detail),
      details: shortValue(record.detail),
      device: '',
      user: record.actor,
    }),
  );
  // Merged by time; the app's own order (and the server's) kept among equal times.
  const merged: Array<TimelineEntry & { at: string }> = [];
  let next = 0;
  for (const entry of fromApp) {
    while (next < fromServer.length && fromServer[next]!.at < entry.at) merged.push(fromServer[next++]!);
    merged.push(entry);
  }
  merged.push(...fromServer.slice(next));
  const entries = merged.map(({ at: _at, ...entry }) => entry);
  return {
    header: {
      orderId,
      checkRecordIds: distinct([...records.flatMap((r) => (r.checkRecordId === null ? [] : [r.checkRecordId])), ...server.map((r) => r.checkRecordId)]),
      patients: distinct([...records.map((r) => r.receivedFor), ...server.map((r) => r.actor).filter((actor) => actor !== PROVIDER_ACTOR)]),
      count: entries.length,
      first: entries[0]?.time ?? '',
      last: entries.at(-1)?.time ?? '',
      timeZone: format.resolvedOptions().timeZone,
    },
    entries,
  };
}

const MAX_STEP_COLUMN = 40;

/** Plain text, one line per record, for a terminal. */
export function timelineText({ header, entries }: Timeline): string[] {
  const machineWidth = Math.max(0, ...entries.map((e) => e.machine.length));
  const stepWidth = Math.min(MAX_STEP_COLUMN, Math.max(0, ...entries.map((e) => e.step.length)));
  const checkRecords = header.checkRecordIds.length > 0 ? header.checkRecordIds.join(', ') : 'unknown';
  const lines = [
    `Order ${header.orderId} · check record ${checkRecords} · patient ${header.patients.join(', ')} · ${header.count} record${header.count === 1 ? '' : 's'}`,
    `From ${header.first} to ${header.last} (${header.timeZone})`,
    '',
  ];
  for (const entry of entries) {
    const what = entry.details ? `${entry.words} [${entry.details}]` : entry.words;
    const who = entry.kind === 'server' ? `for ${entry.user}` : `device ${entry.device}, user ${entry.user}`;
    lines.push(`${entry.time}  ${entry.machine.padEnd(machineWidth)}  ${entry.step.padEnd(stepWidth)}  ${what}  (${who})`);
  }
  return lines;
}
