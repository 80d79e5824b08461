import { openSqlite } from "./sqlite-database.ts";
import { openPostgresDatabase } from "./postgres-database.ts";
export { redactedDatabaseUrl } from "./redacted-database-url.ts";

/**
 * The one handle every store function takes. Two engines sit behind it: SQLite (the embedded default,
 * one file, one machine) and PostgreSQL (several instances of the binary sharing one database).
 *
 * Statements are written once, with `?` placeholders (or `?1`, `?2`… where a value is used twice);
 * the PostgreSQL engine rewrites them to `$n`. Where the two dialects differ, the store function
 * picks its text with `db.engine`. Integers come back as JavaScript numbers on both engines (every
 * stored integer, ids and millisecond times included, is far below 2^53).
 */
export interface Db {
  readonly engine: "sqlite" | "postgres";
  /** Where the data lives, for messages: the SQLite path, or the PostgreSQL URL without its password. */
  readonly location: string;
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | null>;
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a statement that returns no rows; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs `body` atomically: every statement issued from it, through this same handle, belongs to the
   * transaction (the engine finds it through the async context, so store functions need no extra
   * argument), and an error thrown by `body` rolls all of it back. Nested calls join the outer one.
   */
  transaction<T>(body: () => Promise<T>): Promise<T>;
  /**
   * A transaction that is also serialised against every other `exclusive` one, on every instance:
   * check-then-write decisions (rate limits, sign-in throttling, joining a running scan) are exact.
   * SQLite: BEGIN IMMEDIATE. PostgreSQL: a transaction-scoped advisory lock taken first.
   */
  exclusive<T>(body: () => Promise<T>): Promise<T>;
  /** The applied schema version (each engine numbers its own migrations). */
  schemaVersion(): Promise<number>;
  /** Applies the engine's migrations newer than the database; resolves to those applied. */
  migrate(): Promise<Migration[]>;
  close(): Promise<void>;
}

export type SqlValue = string | number | null | Uint8Array;

/** What DATABASE_URL / DATABASE_PATH select: a PostgreSQL server, or a SQLite file. */
export type DatabaseTarget = { engine: "sqlite"; path: string } | { engine: "postgres"; url: string };

export interface OpenOptions {
  /** Bring the schema up to date while opening (default). `sightline migrate` opens without, to report what it applies. */
  migrate?: boolean;
  /** Called with every failed statement, for the metrics; the error still propagates. */
  onError?: (error: unknown) => void;
}

/** Opens (creating if needed) a SQLite database. Synchronous: the embedded engine needs no round trip. */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  return openSqlite(path, options);
}

/** Connects to PostgreSQL and, unless told otherwise, migrates it under an advisory lock (several instances may start at once). */
export function openPostgres(url: string, options: OpenOptions = {}): Promise<Db> {
  return openPostgresDatabase(url, options);
}

export function openStore(target: DatabaseTarget, options: OpenOptions = {}): Promise<Db> {
  return target.engine === "postgres" ? openPostgres(target.url, options) : Promise.resolve(openDatabase(target.path, options));
}

/** A migration that a database engine applies once, in version order. Never edit one that has shipped: add the next. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
