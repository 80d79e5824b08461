import { Database } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Db, Migration, OpenOptions, SqlValue } from "./database.ts";
import { sqliteMigrations } from "./sqlite-migrations.ts";

/**
 * The embedded engine. bun:sqlite is synchronous, so a statement runs the moment it is called; the
 * promise only keeps one interface for both engines.
 *
 * One connection serves every request of the process, and a transaction body may now await. While one
 * body is open, statements from other requests must not slip into it (they would commit or roll back
 * with it), so they wait for it to end; statements from the body itself are recognised by the async
 * context the transaction runs in and go straight through.
 *
 * Open one handle per file per thread: a second connection to the same file in the same thread would
 * wait for the write lock synchronously (busy_timeout), blocking the very thread that has to finish
 * the first connection's transaction. Other processes and threads (the CLI beside the server) are fine.
 */
export function openSqlite(path: string, options: OpenOptions = {}): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  // busy_timeout first: switching to WAL itself needs a lock that another process may hold.
  // WAL lets the report endpoint read while the worker writes; busy_timeout makes a second process
  // (a CLI command beside the server) wait for the write lock instead of failing at once.
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const db = new SqliteDb(sqlite, path, options.onError);
  if (options.migrate !== false) migrateSqlite(sqlite);
  return db;
}

interface TransactionScope {
  open: boolean;
}

class SqliteDb implements Db {
  readonly engine = "sqlite" as const;
  private readonly scope = new AsyncLocalStorage<TransactionScope>();
  /** Settles when the open transaction ends; null when none is open. */
  private openTransaction: Promise<void> | null = null;

  constructor(
    private readonly sqlite: Database,
    readonly location: string,
    private readonly onError: ((error: unknown) => void) | undefined,
  ) {}

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | null> {
    if (this.mustWait()) await this.waitForTurn();
    return this.attempt(() => (this.sqlite.query(sql).get(...(params as SqlValue[])) as T | null) ?? null);
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    if (this.mustWait()) await this.waitForTurn();
    return this.attempt(() => this.sqlite.query(sql).all(...(params as SqlValue[])) as T[]);
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    if (this.mustWait()) await this.waitForTurn();
    return this.attempt(() => this.sqlite.query(sql).run(...(params as SqlValue[])).changes);
  }

  /** SQLite has a single writer, so every transaction takes the write lock up front (BEGIN IMMEDIATE). */
  transaction<T>(body: () => Promise<T>): Promise<T> {
    return this.exclusive(body);
  }

  async exclusive<T>(body: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()?.open) return body();
    while (this.openTransaction) await this.openTransaction;
    let ended!: () => void;
    this.openTransaction = new Promise((resolve) => (ended = resolve));
    const scope: TransactionScope = { open: true };
    try {
      this.attempt(() => this.sqlite.exec("BEGIN IMMEDIATE"));
      try {
        const result = await this.scope.run(scope, body);
        this.attempt(() => this.sqlite.exec("COMMIT"));
        return result;
      } catch (error) {
        if (this.sqlite.inTransaction) this.sqlite.exec("ROLLBACK");
        throw error;
      }
    } finally {
      // A callback the body left behind (a timer) keeps the async context; it must not count as inside.
      scope.open = false;
      this.openTransaction = null;
      ended();
    }
  }

  async schemaVersion(): Promise<number> {
    return sqliteSchemaVersion(this.sqlite);
  }

  async migrate(): Promise<Migration[]> {
    return migrateSqlite(this.sqlite);
  }

  async close(): Promise<void> {
    this.sqlite.close();
  }

  private mustWait(): boolean {
    return this.openTransaction !== null && this.scope.getStore()?.open !== true;
  }

  private async waitForTurn(): Promise<void> {
    while (this.mustWait()) await this.openTransaction;
  }

  private attempt<T>(statement: () => T): T {
    try {
      return statement();
    } catch (error) {
      this.onError?.(error);
      throw error;
    }
  }
}

export function sqliteSchemaVersion(sqlite: Database): number {
  return sqlite.query<{ user_version: number }, []>("PRAGMA user_version").get()?.user_version ?? 0;
}

/** Applies every migration newer than the database, each in its own IMMEDIATE transaction. Returns those applied. */
export function migrateSqlite(sqlite: Database, all: readonly Migration[] = sqliteMigrations): Migration[] {
  const applied: Migration[] = [];
  for (const migration of all) {
    const run = sqlite.transaction(() => {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      if (sqliteSchemaVersion(sqlite) >= migration.version) return false;
      sqlite.exec(migration.sql);
      sqlite.exec(`PRAGMA user_version = ${migration.version}`);
      return true;
    });
    if (run.immediate()) applied.push(migration);
  }
  return applied;
}
