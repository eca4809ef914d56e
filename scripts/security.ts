/**
 * `npm run test:security` (issue 22): the attacks as permanent tests. Runs the API half
 * (tests/security, Vitest against the sandbox) and the browser half (Playwright's `security`
 * project, e2e/security.spec.ts, in Chromium), then adds up their ledgers (scripts/security/ledger.ts)
 * and prints what was tried and what held, by class. Fails when either half fails or any attack got through.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LEDGER_DIR } from './security/ledger';
import type { LedgerFile } from './security/ledger';

function run(command: string, args: string[]): boolean {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: process.env }).status === 0;
}

rmSync(LEDGER_DIR, { recursive: true, force: true });
const apiPassed = run('npx', ['vitest', 'run', '--config', 'vitest.security.config.ts']);
const browserPassed = run('npx', ['playwright', 'test', '--project=security']);

const ledgers: LedgerFile[] = existsSync(LEDGER_DIR)
  ? readdirSync(LEDGER_DIR)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(LEDGER_DIR, name), 'utf8')) as LedgerFile)
  : [];

const byClass = new Map<string, { suite: string; tried: number; held: number }>();
for (const { suite, attacks } of ledgers) {
  for (const attack of attacks) {
    const key = `${suite}\u0000${attack.class}`;
    const row = byClass.get(key) ?? { suite, tried: 0, held: 0 };
    row.tried += 1;
    if (attack.held) row.held += 1;
    byClass.set(key, row);
  }
}

const rows = [...byClass.entries()].map(([key, row]) => ({ ...row, klass: key.split('\u0000')[1]! }));
const width = Math.max(5, ...rows.map((row) => row.klass.length));
console.log(`\nSecurity: what was tried, and what held\n`);
console.log(`${'suite'.padEnd(8)}${'class'.padEnd(width + 2)}${'tried'.padStart(6)}${'held'.padStart(6)}`);
for (const row of rows.sort((a, b) => a.suite.localeCompare(b.suite) || a.klass.localeCompare(b.klass))) {
  console.log(`${row.suite.padEnd(8)}${row.klass.padEnd(width + 2)}${String(row.tried).padStart(6)}${String(row.held).padStart(6)}`);
}
const tried = rows.reduce((sum, row) => sum + row.tried, 0);
const held = rows.reduce((sum, row) => sum + row.held, 0);
console.log(`\n${tried} tried, ${held} held${tried === held ? '' : `, ${tried - held} GOT THROUGH`}.`);

const failed = !apiPassed || !browserPassed || tried !== held || tried === 0;
if (!apiPassed) console.error('The API half failed.');
if (!browserPassed) console.error('The browser half failed.');
process.exitCode = failed ? 1 : 0;
