// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createOutbox, OUTBOX_PREFIX, withinSize } from '../../src/shared/analytics/outbox';
import { MAX_RECORD_BYTES } from '../../src/shared/analytics/records';
import type { AnalyticsRecord, CollectAnswer } from '../../src/shared/analytics/records';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { flush } from '../machines/modelHarness';
import { memoryStorage } from '../memoryStorage';

let n = 0;
const record = (at = `2026-11-22T10:00:00.${String(n).padStart(3, '0')}Z`): AnalyticsRecord => ({
  id: `record-${String(n++).padStart(4, '0')}`,
  kind: 'event',
  at,
  seq: n,
  deviceId: 'device-1',
  userId: 'patient1',
  orderId: 'AI1',
  checkRecordId: 1,
  name: 'payment_cancelled',
  data: {},
});

/** The endpoint: keeps what it gets by id, as the sandbox does; can be taken offline. */
function endpoint() {
  const held = new Map<string, AnalyticsRecord>();
  const batches: string[][] = [];
  let offline = false;
  const send = vi.fn(async (records: AnalyticsRecord[]): Promise<CollectAnswer> => {
    batches.push(records.map((r) => r.id));
    if (offline) throw new Error('network');
    const answer: CollectAnswer = { stored: [], duplicates: [], refused: [] };
    for (const r of records) {
      (held.has(r.id) ? answer.duplicates : answer.stored).push(r.id);
      held.set(r.id, r);
    }
    return answer;
  });
  return { send, held, batches, goOffline: (value: boolean) => void (offline = value) };
}

function outboxOn(storage: Storage, server: ReturnType<typeof endpoint>, options: { canSend?: () => boolean; currentUser?: () => string | null } = {}) {
  const timers: Array<{ run: () => void; ms: number }> = [];
  const outbox = createOutbox({
    storage: safeStorage(() => storage),
    send: server.send,
    canSend: options.canSend ?? (() => true),
    ...(options.currentUser && { currentUser: options.currentUser }),
    setTimer: (run, ms) => void timers.push({ run, ms }),
  });
  return { outbox, timers };
}

describe('analytics outbox', () => {
  it('sends a record once the transition is over, and forgets it once the endpoint holds it', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    const { outbox } = outboxOn(storage, server);
    const r = record();
    outbox.add(r);
    expect(storage.getItem(OUTBOX_PREFIX + r.id)).not.toBeNull();
    expect(server.send).not.toHaveBeenCalled();
    await flush();
    expect([...server.held.keys()]).toEqual([r.id]);
    expect(outbox.pendingIds().size).toBe(0);
  });

  it("sends when told to after the step (the app: once the step's frame is drawn), the record stored at once", async () => {
    const storage = memoryStorage();
    const server = endpoint();
    const later: Array<() => void> = [];
    const outbox = createOutbox({ storage: safeStorage(() => storage), send: server.send, canSend: () => true, afterStep: (send) => void later.push(send) });
    const r = record();
    outbox.add(r);
    expect(storage.getItem(OUTBOX_PREFIX + r.id)).not.toBeNull();
    await flush();
    expect(server.send).not.toHaveBeenCalled();
    later.splice(0).forEach((send) => send());
    await flush();
    expect([...server.held.keys()]).toEqual([r.id]);
  });

  it('offline: keeps every record, retries later with growing waits, and loses none when back', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    const { outbox, timers } = outboxOn(storage, server);
    server.goOffline(true);
    const records = [record(), record(), record()];
    records.forEach((r) => outbox.add(r));
    await flush();
    expect(outbox.pendingIds().size).toBe(3);
    expect(timers.map((t) => t.ms)).toEqual([5_000]);
    timers.shift()!.run();
    await flush();
    expect(timers.map((t) => t.ms)).toEqual([15_000]);
    server.goOffline(false);
    timers.shift()!.run();
    await flush();
    expect([...server.held.keys()].sort()).toEqual(records.map((r) => r.id).sort());
    expect(outbox.pendingIds().size).toBe(0);
    expect(timers).toHaveLength(0);
  });

  it('survives a reload: a new page sends what the last one queued, oldest first', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    server.goOffline(true);
    const first = outboxOn(storage, server).outbox;
    const older = record('2026-11-22T09:00:00.000Z');
    const newer = record('2026-11-22T09:00:01.000Z');
    first.add(newer);
    first.add(older);
    await flush();
    server.goOffline(false);
    await outboxOn(storage, server).outbox.flush();
    expect(server.batches.at(-1)).toEqual([older.id, newer.id]);
  });

  it('a lost answer means a second send, and the endpoint still holds each record once', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    const { outbox, timers } = outboxOn(storage, server);
    const r = record();
    server.send.mockImplementationOnce(async (records) => {
      records.forEach((x) => server.held.set(x.id, x));
      throw new Error('answer lost');
    });
    outbox.add(r);
    await flush();
    timers.shift()!.run();
    await flush();
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.held.size).toBe(1);
    expect(outbox.pendingIds().size).toBe(0);
  });

  it('two tabs queueing at once overwrite nothing, and together deliver everything once', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    const tabA = outboxOn(storage, server).outbox;
    const tabB = outboxOn(storage, server).outbox;
    const records = Array.from({ length: 6 }, () => record());
    records.forEach((r, i) => (i % 2 ? tabA : tabB).add(r));
    await Promise.all([tabA.flush(), tabB.flush()]);
    await flush();
    expect(server.held.size).toBe(6);
    expect(tabA.pendingIds().size).toBe(0);
  });

  it('sends in batches of at most 50', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    const { outbox } = outboxOn(storage, server, { canSend: () => false });
    for (let i = 0; i < 120; i++) outbox.add(record(`2026-11-22T08:00:00.${String(i).padStart(3, '0')}Z`));
    await flush();
    expect(server.send).not.toHaveBeenCalled();
    const open = outboxOn(storage, server).outbox;
    await open.flush();
    expect(server.batches.map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('sends each patient\'s records only with their own sign-in: another\'s wait for them, nobody\'s go with anyone', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    let user = 'patient2';
    const { outbox } = outboxOn(storage, server, { currentUser: () => user });
    const mine = { ...record(), userId: 'patient2' };
    const theirs = record();
    const nobodys = { ...record(), userId: null };
    [mine, theirs, nobodys].forEach((one) => outbox.add(one));
    await flush();
    expect([...server.held.keys()].sort()).toEqual([mine.id, nobodys.id].sort());
    expect([...outbox.pendingIds()]).toEqual([theirs.id]);
    user = 'patient1';
    await outbox.flush();
    expect(server.held.has(theirs.id)).toBe(true);
  });

  it('forgets what the endpoint refuses for good, and never queues a record heavier than it takes', async () => {
    const storage = memoryStorage();
    const refusing = vi.fn(async (records: AnalyticsRecord[]): Promise<CollectAnswer> => ({ stored: [], duplicates: [], refused: records.map((r) => r.id) }));
    const { outbox, timers } = outboxOn(storage, { ...endpoint(), send: refusing });
    const heavy = { ...record(), data: { blob: 'x'.repeat(MAX_RECORD_BYTES) } };
    outbox.add(heavy);
    const queued = JSON.parse(storage.getItem(OUTBOX_PREFIX + heavy.id)!) as AnalyticsRecord;
    expect(queued).toMatchObject({ id: heavy.id, kind: 'event', name: 'payment_cancelled', data: { omitted: 'too large', bytes: expect.any(Number) } });
    expect(JSON.stringify(queued).length).toBeLessThanOrEqual(MAX_RECORD_BYTES);
    expect(withinSize(record())).toMatchObject({ data: {} });
    await flush();
    expect(refusing).toHaveBeenCalledTimes(1);
    expect(outbox.pendingIds().size).toBe(0);
    expect(timers).toHaveLength(0);
  });

  describe('a patient signing out', () => {
    /** The outbox of a tab whose patient is signing out: the session no longer says "send". */
    function signingOut(server: ReturnType<typeof endpoint>) {
      const storage = memoryStorage();
      const { outbox } = outboxOn(storage, server, { canSend: () => false, currentUser: () => null });
      const mine = [{ ...record(), userId: 'patient2' }, { ...record(), userId: 'patient2' }];
      const theirs = record();
      const nobodys = { ...record(), userId: null };
      [...mine, theirs, nobodys].forEach((one) => outbox.add(one));
      return { outbox, mine, theirs, nobodys };
    }

    it('sends theirs one last time; then forgets them, and nobody\'s and another patient\'s stay', async () => {
      const server = endpoint();
      const { outbox, mine, theirs, nobodys } = signingOut(server);
      await flush();
      expect(server.send).not.toHaveBeenCalled();
      await outbox.sendLastOf('patient2');
      expect(server.batches).toEqual([mine.map((one) => one.id)]);
      expect([...outbox.pendingIds()].sort()).toEqual([theirs.id, nobodys.id].sort());
    });

    it('the endpoint down: one try, and then theirs are forgotten all the same', async () => {
      const server = endpoint();
      server.goOffline(true);
      const { outbox, mine, theirs, nobodys } = signingOut(server);
      await outbox.sendLastOf('patient2');
      expect(server.batches).toEqual([mine.map((one) => one.id)]);
      expect(outbox.pendingIds().size).toBe(4);
      outbox.forget('patient2');
      expect([...outbox.pendingIds()].sort()).toEqual([theirs.id, nobodys.id].sort());
    });
  });

  it('signed out: records wait without retries, and go when there is someone to send for', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    let signedIn = false;
    const { outbox, timers } = outboxOn(storage, server, { canSend: () => signedIn });
    outbox.add(record());
    await flush();
    expect(server.send).not.toHaveBeenCalled();
    expect(timers).toHaveLength(0);
    signedIn = true;
    await outbox.flush();
    expect(server.held.size).toBe(1);
  });

  it('a record added while the last send is finishing goes right after it', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    let release!: () => void;
    const lockHeld = new Promise<void>((resolve) => (release = resolve));
    // The lock is let go a moment after the work ends: a record added then must not wait.
    const outbox = createOutbox({
      storage: safeStorage(() => storage),
      send: server.send,
      canSend: () => true,
      exclusive: async (work) => {
        await work();
        await lockHeld;
      },
    });
    outbox.add(record());
    await flush();
    expect(server.held.size).toBe(1);
    const late = record();
    outbox.add(late);
    await flush();
    expect(server.held.has(late.id)).toBe(false);
    release();
    await flush();
    expect(server.held.has(late.id)).toBe(true);
  });

  it('drops an unreadable entry instead of sending it forever', async () => {
    const storage = memoryStorage();
    storage.setItem(`${OUTBOX_PREFIX}broken`, '{"kind":"audit"');
    const server = endpoint();
    await outboxOn(storage, server).outbox.flush();
    expect(storage.getItem(`${OUTBOX_PREFIX}broken`)).toBeNull();
    expect(server.send).not.toHaveBeenCalled();
  });

  it('an answer that holds none of the batch is a failure: retried later, not looped', async () => {
    const storage = memoryStorage();
    const server = endpoint();
    server.send.mockResolvedValue({ stored: [], duplicates: [], refused: [] });
    const { outbox, timers } = outboxOn(storage, server);
    outbox.add(record());
    await flush();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(1);
    expect(outbox.pendingIds().size).toBe(1);
  });
});
