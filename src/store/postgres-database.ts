import { SQL } from "bun";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db, Migration, OpenOptions, SqlValue } from "./database.ts";
import { redactedDatabaseUrl } from "./redacted-database-url.ts";
import { postgresMigrations } from "./postgres-migrations.ts";
import { postgresPlaceholders } from "./postgres-placeholders.ts";

/**
 * The engine for several instances sharing one database, on Bun's built-in client (no driver to ship).
 *
 * Every statement goes through the pool, except inside `transaction`/`exclusive`, where the async
 * context carries the transaction's connection so that the same store functions run inside it.
 */

/** Advisory lock keys: arbitrary, fixed, and distinct ("sightlnM", "sightlnX" in ASCII). */
const MIGRATION_LOCK = "8316293106939612749";
const EXCLUSIVE_LOCK = "8316293106939612760";
/** Connections per instance: enough for the HTTP handlers and the worker, small enough for several instances. */
const POOL_SIZE = 10;

export async function openPostgresDatabase(url: string, options: OpenOptions = {}): Promise<Db> {
  const sql = new SQL({ url, bigint: true, max: POOL_SIZE, idleTimeout: 60, connectionTimeout: 10 });
  const db = new PostgresDb(sql, redactedDatabaseUrl(url), options.onError);
  try {
    await sql.unsafe("SELECT 1");
    if (options.migrate !== false) await db.migrate();
  } catch (error) {
    await sql.close().catch(() => {});
    throw new Error(`Could not open the PostgreSQL database at ${db.location}: ${messageOf(error)}`);
  }
  return db;
}

interface TransactionScope {
  tx: SQL;
  open: boolean;
  exclusive: boolean;
}

class PostgresDb implements Db {
  readonly engine = "postgres" as const;
  private readonly scope = new AsyncLocalStorage<TransactionScope>();

  constructor(
    private readonly sql: SQL,
    readonly location: string,
    private readonly onError: ((error: unknown) => void) | undefined,
  ) {}

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | null> {
    const rows = await this.all<T>(sql, params);
    return rows[0] ?? null;
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    const rows = await this.execute(sql, params);
    return rows.map(plainRow) as T[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    const result = await this.execute(sql, params);
    return Number(result.count ?? 0);
  }

  transaction<T>(body: () => Promise<T>): Promise<T> {
    return this.inTransaction(false, body);
  }

  exclusive<T>(body: () => Promise<T>): Promise<T> {
    return this.inTransaction(true, body);
  }

  async schemaVersion(): Promise<number> {
    const exists = await this.get<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
    if (!exists?.name) return 0;
    return (await this.get<{ version: number }>("SELECT coalesce(max(version), 0) AS version FROM schema_migrations"))?.version ?? 0;
  }

  /**
   * Every pending migration in one transaction under an advisory lock: instances that start together
   * queue on the lock, and the later ones find the work done.
   */
  async migrate(all: readonly Migration[] = postgresMigrations): Promise<Migration[]> {
    return this.sql.begin(async (tx) => {
      await tx.unsafe("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK]);
      await tx.unsafe(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
      );
      const [row] = await tx.unsafe("SELECT coalesce(max(version), 0) AS version FROM schema_migrations");
      const current = Number(row.version);
      const applied: Migration[] = [];
      for (const migration of all) {
        if (migration.version <= current) continue;
        await tx.unsafe(migration.sql);
        await tx.unsafe("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
          migration.version,
          migration.name,
          Date.now(),
        ]);
        applied.push(migration);
      }
      return applied;
    });
  }

  async close(): Promise<void> {
    await this.sql.close();
  }

  private async execute(text: string, params: readonly SqlValue[]) {
    const scope = this.scope.getStore();
    const client = scope?.open ? scope.tx : this.sql;
    try {
      return await client.unsafe(postgresPlaceholders(text), params as SqlValue[]);
    } catch (error) {
      this.report(error);
      throw error;
    }
  }

  private async inTransaction<T>(exclusive: boolean, body: () => Promise<T>): Promise<T> {
    const outer = this.scope.getStore();
    if (outer?.open) {
      // Joining: an exclusive body nested in a plain transaction still takes the lock, inside it.
      if (exclusive && !outer.exclusive) {
        await outer.tx.unsafe("SELECT pg_advisory_xact_lock($1::bigint)", [EXCLUSIVE_LOCK]);
        outer.exclusive = true;
      }
      return body();
    }
    try {
      return await this.sql.begin(async (tx) => {
        if (exclusive) await tx.unsafe("SELECT pg_advisory_xact_lock($1::bigint)", [EXCLUSIVE_LOCK]);
        const scope: TransactionScope = { tx, open: true, exclusive };
        try {
          return await this.scope.run(scope, body);
        } catch (error) {
          // The body's own failure (its statements report themselves): not one of the transaction's.
          if (typeof error === "object" && error !== null) reported.add(error);
          throw error;
        } finally {
          scope.open = false;
        }
      });
    } catch (error) {
      this.report(error);
      throw error;
    }
  }

  /**
   * Each database failure once: a statement's error also ends its transaction, which must not count it
   * again, and an error the transaction's body threw for its own reasons is not a database failure.
   */
  private report(error: unknown): void {
    if (typeof error === "object" && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    this.onError?.(error);
  }
}

const reported = new WeakSet<object>();

/**
 * int8 columns (ids, millisecond times, counts) arrive as bigint because the client is opened with
 * `bigint: true` (the alternative, strings, would need a cast per column); every one fits a double.
 * bytea arrives as a Buffer, handed on as a plain Uint8Array view so both engines return the same type.
 */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) {
    const value = row[key];
    if (typeof value === "bigint") out[key] = Number(value);
    else if (value instanceof Uint8Array && value.constructor !== Uint8Array) out[key] = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    else out[key] = value;
  }
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
