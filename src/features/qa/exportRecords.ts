import type { AnalyticsRecord } from '../../shared/analytics/records';

/** JSON Lines: one record per line, as auditors' tools read them. */
export function toJsonLines(records: readonly AnalyticsRecord[]): string {
  return records.map((record) => JSON.stringify(record)).join('\n') + (records.length > 0 ? '\n' : '');
}

/** Saves the records as a file on the device; nothing is uploaded. */
export function downloadJsonLines(records: readonly AnalyticsRecord[], now: Date, doc: Document = document): void {
  const blob = new Blob([toJsonLines(records)], { type: 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = `cloud-film-audit-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
