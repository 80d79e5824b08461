import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrations, type Migration } from "./migrations.ts";

export type Db = Database;

/**
 * Opens (creating if needed) the SQLite database and brings its schema up to date.
 *
 * WAL lets the report endpoint read while the worker writes; busy_timeout makes a second process
 * (a CLI command beside the server) wait for the write lock instead of failing at once.
 */
export function openDatabase(path: string, options: { migrate?: boolean } = {}): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  // busy_timeout first: switching to WAL itself needs a lock that another process may hold.
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA synchronous = NORMAL");
  if (options.migrate !== false) migrate(db);
  return db;
}

export function schemaVersion(db: Db): number {
  const row = db.query<{ user_version: number }, []>("PRAGMA user_version").get();
  return row?.user_version ?? 0;
}

/** Applies every migration newer than the database, each in its own IMMEDIATE transaction. Returns those applied. */
export function migrate(db: Db, all: readonly Migration[] = migrations): Migration[] {
  const applied: Migration[] = [];
  for (const migration of all) {
    const run = db.transaction(() => {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      if (schemaVersion(db) >= migration.version) return false;
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      return true;
    });
    if (run.immediate()) applied.push(migration);
  }
  return applied;
}

/** Runs `body` in a BEGIN IMMEDIATE transaction: the write lock is taken before anything is read. */
export function immediate<T>(db: Db, body: () => T): T {
  return db.transaction(body).immediate();
}
