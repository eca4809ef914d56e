// @vitest-environment node
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../scripts/trace';
import type { TraceIo } from '../../scripts/trace';
import { DATABASE_FILE, openDatabase } from '../../server/db';
import { analyticsRepository } from '../../server/repositories/analytics';
import { paymentFlow } from './analyticsRecords';
import { tempDir } from './helpers';

const ORDER = 'AI20250301101500';

/** A sandbox store holding one paid order's records, as the sandbox would have written it. */
function storeWithFlow(): string {
  const dir = tempDir('trace');
  const db = openDatabase(dir);
  try {
    analyticsRepository(db).store(paymentFlow({ orderId: ORDER, checkRecordId: 12 }), 'patient1');
    analyticsRepository(db).store(paymentFlow({ orderId: 'AI20250301999999', checkRecordId: 13, idPrefix: 'other' }), 'patient1');
  } finally {
    db.close();
  }
  return dir;
}

function run(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const io: TraceIo = { out: (line) => out.push(line), err: (line) => err.push(line), env, timeZone: 'Asia/Shanghai' };
  const code = main(argv, io);
  return { code, out, err };
}

describe('npm run trace', () => {
  it("prints an order's timeline from the store", () => {
    const { code, out, err } = run([ORDER], { SANDBOX_DATA_DIR: storeWithFlow() });
    expect([code, err]).toEqual([0, []]);
    expect(out.slice(0, 3)).toEqual([
      `Order ${ORDER} · check record 12 · patient patient1 · 13 records`,
      'From 2025-03-01 10:15:02.123 to 2025-03-01 10:16:04.035 (Asia/Shanghai)',
      '',
    ]);
    expect(out).toHaveLength(3 + 13);
    expect(out.at(-1)).toBe(
      '2025-03-01 10:16:04.035  payment  querying → idle                server answered pay result: paid [statusCode 200, result 1]  (device 3f9a1c2b, user patient1)',
    );
    expect(out.some((line) => line.includes('other'))).toBe(false);
  });

  it('prints one JSON record per line with --json', () => {
    const flow = paymentFlow({ orderId: ORDER, checkRecordId: 12 });
    const { code, out } = run(['--json', ORDER], { SANDBOX_DATA_DIR: storeWithFlow() });
    expect(code).toBe(0);
    const records = out.map((line) => JSON.parse(line));
    expect(records.map(({ receivedAt: _at, receivedFor: _for, ...record }) => record)).toEqual(flow);
    expect(records.every((record) => record.receivedFor === 'patient1' && typeof record.receivedAt === 'string')).toBe(true);
  });

  it('says so, with exit code 1, for an order without records', () => {
    const dir = storeWithFlow();
    const { code, out, err } = run(['AI20990101999999'], { SANDBOX_DATA_DIR: dir });
    expect([code, out]).toEqual([1, []]);
    expect(err).toEqual([`No analytics records for order AI20990101999999 in ${join(dir, DATABASE_FILE)}.`]);
  });

  it('says so, with exit code 1, when there is no store or it is not one', () => {
    const empty = tempDir('trace-empty');
    const missing = run([ORDER], { SANDBOX_DATA_DIR: empty });
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual([`No sandbox store at ${join(empty, DATABASE_FILE)}. Start the sandbox (npm start) first, or set SANDBOX_DATA_DIR.`]);

    writeFileSync(join(empty, DATABASE_FILE), 'not a database, just text that is long enough to be read as a header');
    const broken = run([ORDER], { SANDBOX_DATA_DIR: empty });
    expect(broken.code).toBe(1);
    expect(broken.err[0]).toMatch(/^Could not read the sandbox store at .*: /);
  });

  it('explains itself with --help, and refuses a call without one order number', () => {
    const help = run(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.out[0]).toMatch(/^Usage: npm run trace -- <orderId> \[--json\]/);
    for (const argv of [[], ['A', 'B'], ['--verbose', ORDER]]) {
      const refused = run(argv, {});
      expect(refused.code, argv.join(' ')).toBe(1);
      expect(refused.err[0]).toContain('Usage: npm run trace');
    }
  });
});
