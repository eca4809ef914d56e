/**
 * One order's audit trail from the sandbox's store, for an auditor: `npm run trace -- <orderId>`.
 * Reads the SQLite store read-only, so it is safe while the sandbox runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { auditTimeline, timelineText } from '../server/auditTimeline';
import { DATABASE_FILE } from '../server/db';
import { isEmptyTrail, orderTrail } from '../server/orderTrail';

const USAGE = `Usage: npm run trace -- <orderId> [--json]

Prints the audit trail of one order from the sandbox's store as a timeline, in this machine's
time zone: the app's records (its payment and order statechart transitions and product events)
and the steps the sandbox took itself (order created, pay asked, provider notified, pay result
answered, cancel), merged by time.

  --json   one record per line, as JSON: the app's as it sent them plus receivedAt and receivedFor,
           then the server's steps with "source": "server"
  --help   this text

The store is $SANDBOX_DATA_DIR/${DATABASE_FILE}, or .sandbox-data/${DATABASE_FILE} in the repository.`;

export interface TraceIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** IANA zone for the times; the runtime's by default. */
  timeZone?: string;
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where server/main.ts keeps the store. */
export function storeFile(env: NodeJS.ProcessEnv): string {
  return join(env.SANDBOX_DATA_DIR || join(REPO_ROOT, '.sandbox-data'), DATABASE_FILE);
}

function parse(argv: readonly string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
    return { ...values, positionals };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Runs the CLI; answers the exit code. */
export function main(argv: readonly string[], io: TraceIo): number {
  const args = parse(argv);
  if ('error' in args) {
    io.err(`${args.error}\n\n${USAGE}`);
    return 1;
  }
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  const [orderId, ...extra] = args.positionals;
  if (!orderId || extra.length > 0) {
    io.err(`Name exactly one order number.\n\n${USAGE}`);
    return 1;
  }

  const file = storeFile(io.env);
  if (!existsSync(file)) {
    io.err(`No sandbox store at ${file}. Start the sandbox (npm start) first, or set SANDBOX_DATA_DIR.`);
    return 1;
  }
  let db: InstanceType<typeof Database> | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'analytics_records'").get();
    if (!hasTable) {
      io.err(`The sandbox store at ${file} holds no analytics records yet: start the sandbox once to update it.`);
      return 1;
    }
    const trail = orderTrail(db, orderId);
    if (isEmptyTrail(trail)) {
      io.err(`No analytics records for order ${orderId} in ${file}.`);
      return 1;
    }
    if (args.json) {
      for (const record of trail.records) io.out(JSON.stringify(record));
      for (const step of trail.server) io.out(JSON.stringify({ source: 'server', ...step }));
    } else for (const line of timelineText(auditTimeline(orderId, trail, { timeZone: io.timeZone }))) io.out(line);
    return 0;
  } catch (error) {
    io.err(`Could not read the sandbox store at ${file}: ${(error as Error).message}`);
    return 1;
  } finally {
    db?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  });
}
