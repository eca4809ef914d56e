import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The security suite's record of what it tried (issue 22): every attack is one entry, in a class
 * (docs/security.md names them), and whether the app or the sandbox held. Each test file writes its
 * ledger to `reports/security/<file>.json`; `npm run test:security` adds them up and prints tried /
 * held. A test fails on the first attack that got through, so a ledger with an entry that did not
 * hold comes only from a failing run.
 */
export interface Attack {
  /** What kind of attack: "no token", "another patient's ids", "limit past its edge", ... */
  class: string;
  /** This one attack: the endpoint or route, and what was sent. */
  name: string;
  held: boolean;
}

export interface LedgerFile {
  suite: 'api' | 'browser';
  attacks: Attack[];
}

export const LEDGER_DIR = join(process.cwd(), 'reports', 'security');

export function ledger(suite: LedgerFile['suite'], file: string) {
  const attacks: Attack[] = [];
  return {
    /** Records one attack; returns whether it held, for the test to assert. */
    record(klass: string, name: string, held: boolean): boolean {
      attacks.push({ class: klass, name, held });
      return held;
    },
    /** Writes the ledger (afterAll). */
    write(): void {
      mkdirSync(LEDGER_DIR, { recursive: true });
      writeFileSync(join(LEDGER_DIR, `${file}.json`), `${JSON.stringify({ suite, attacks } satisfies LedgerFile, null, 1)}\n`);
    },
  };
}
