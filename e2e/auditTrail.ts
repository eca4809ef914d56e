import type { Page } from '@playwright/test';
import { AUDIT_PATH } from '../server/sandboxUrls';
import { UUID_KEY } from '../src/shared/state/clientState';
import { expect } from './fixtures';

/** One audit record as an auditor compares it: what happened, between which states, what the server said. */
export type TrailStep = [event: string, from: string, to: string, statusCode: number | null, result: unknown];

interface StoredRecord {
  kind: 'audit' | 'event';
  event?: string;
  name?: string;
  from?: string;
  to?: string;
  statusCode?: number | null;
  result?: unknown;
  orderId: string | null;
  userId: string | null;
  deviceId: string;
  receivedFor: string;
}

/**
 * The order's records from this test's device (each browser context is a new device) in the
 * sandbox's store, once the app has sent them all: the outbox sends in the background.
 */
export async function expectAuditTrail(page: Page, orderId: string, trail: TrailStep[], events: string[] = [], patient = 'patient1') {
  const deviceId = await page.evaluate((key) => localStorage.getItem(key), UUID_KEY);
  let records: StoredRecord[] = [];
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${AUDIT_PATH}?orderId=${encodeURIComponent(orderId)}`);
        records = ((await answer.json()) as { records: StoredRecord[] }).records.filter((r) => r.deviceId === deviceId);
        return records.length;
      },
      { timeout: 15_000 },
    )
    .toBe(trail.length + events.length);
  const audit = records.filter((r) => r.kind === 'audit');
  expect(audit.map((r): TrailStep => [r.event!, r.from!, r.to!, r.statusCode ?? null, r.result ?? null])).toEqual(trail);
  expect(records.filter((r) => r.kind === 'event').map((r) => r.name)).toEqual(events);
  for (const record of records) expect(record).toMatchObject({ orderId, userId: patient, receivedFor: patient });
}

/** Any value: for the parts of a record the server makes up (record numbers, prepay ids). */
export const anyString = expect.any(String) as unknown as string;
