import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type { SqliteDatabase };

export const DATABASE_FILE = 'sandbox.sqlite';

export function openDatabase(dataDir: string): SqliteDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersion(db: SqliteDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrate(db: SqliteDatabase): void {
  const applied = schemaVersion(db);
  if (applied > MIGRATIONS.length) {
    throw new Error(
      `The sandbox database has schema version ${applied}, newer than this code (${MIGRATIONS.length}). ` +
        'Update the code or delete the sandbox data directory.',
    );
  }
  MIGRATIONS.slice(applied).forEach((migration, i) => {
    const version = applied + i + 1;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  });
}
