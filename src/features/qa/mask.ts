/**
 * What the QA panel may show of an event or a context: the shape whole, the values only under keys
 * that name no person and no secret (ids, statuses, counts, state flags). Everything else, names,
 * ages, items, tokens, signatures, URLs, reads as a mask of its kind, so health data never shows.
 */
const SHOWN_KEYS = new Set([
  'type',
  'id',
  'orderId',
  'checkRecordId',
  'collectFilmId',
  'status',
  'statusCode',
  'payWay',
  'way',
  'kind',
  'page',
  'pageSize',
  'filter',
  'totals',
  'queries',
  'clientOutcome',
  'outcome',
  'checkWay',
  'inWeChat',
  'record_no',
  'message',
]);

export const MASK = '•••';

export function maskPayload(value: unknown, key?: string): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (Array.isArray(value)) return value.map((item) => maskPayload(item, key));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, maskPayload(inner, name)]));
  }
  if (typeof value === 'function') return 'ƒ';
  return key !== undefined && SHOWN_KEYS.has(key) ? value : MASK;
}
