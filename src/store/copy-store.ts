import type { Db, SqlValue } from "./database.ts";
import { storableJson } from "./storable-json.ts";

/**
 * Copies a whole installation from a SQLite database into an empty PostgreSQL one (`sightline migrate
 * --from sqlite:…` into DATABASE_URL), keeping every id, and verifies that each table holds as many rows
 * on both sides.
 *
 * Memory stays bounded: each table is read in pages by SQLite's rowid (every table has one; for those
 * with an INTEGER PRIMARY KEY it is the id), never whole. The source is read inside one transaction,
 * so the copy is a consistent snapshot (a server still writing to it waits); the target is written in
 * one transaction, so a failed or refused copy leaves it as empty as it was.
 */

interface CopiedTable {
  name: string;
  columns: readonly string[];
  /** An identity column whose sequence must be moved past the copied ids. */
  identity?: "id";
  /** Rows per batch: scans carry their artifacts (hundreds of kilobytes each), so they come fewer at a time. */
  batch?: number;
  /** Columns rewritten on the way: a record SQLite holds may be JSON that PostgreSQL's jsonb refuses. */
  rewrite?: Readonly<Record<string, (value: string) => string>>;
}

/**
 * Every table of both schemas (SQLite version 9, PostgreSQL version 5), parents before children for
 * the foreign keys. The columns are checked against both databases before anything is copied, so a
 * migration that adds a column or a table fails the copy loudly until it is listed here.
 */
export const COPIED_TABLES: readonly CopiedTable[] = [
  { name: "settings", columns: ["key", "value"] },
  { name: "users", columns: ["id", "email", "password_hash", "created_at"], identity: "id" },
  {
    name: "api_keys",
    columns: ["id", "user_id", "name", "key_hash", "visible_start", "created_at", "last_used_at", "revoked_at"],
    identity: "id",
  },
  {
    name: "sessions",
    columns: ["token_hash", "kind", "user_id", "created_at", "last_seen_at", "idle_expires_at", "absolute_expires_at"],
  },
  { name: "key_flashes", columns: ["id", "session_hash", "sealed", "expires_at"], identity: "id" },
  {
    name: "scans",
    columns: ["id", "domain", "page_url", "status", "score", "grade", "rescored", "scanned_at", "record", "artifacts", "caller_kind", "api_key_id", "pages_budget"],
    identity: "id",
    batch: 100,
    rewrite: { record: storableJson },
  },
  { name: "scan_pages", columns: ["scan_id", "position", "template", "verdict", "status", "unreached", "page"], batch: 200 },
  {
    name: "jobs",
    columns: [
      "id", "domain", "target_url", "state", "caller_kind", "api_key_id", "attempts", "run_after",
      "lease_token", "lease_expires_at", "last_error", "progress", "created_at", "updated_at", "pages",
    ],
    identity: "id",
  },
  { name: "rate_events", columns: ["bucket", "at"] },
  { name: "rate_refusals", columns: ["id", "bucket", "at", "retry_after_seconds"], identity: "id" },
  { name: "used_challenges", columns: ["digest", "expires_at"] },
  { name: "login_failures", columns: ["subject", "failures", "locked_until", "last_failed_at"] },
  {
    name: "answer_watches",
    columns: ["id", "user_id", "domain", "brand_names", "competitors", "engines", "samples", "schedule", "next_run_at", "created_at", "updated_at"],
    identity: "id",
  },
  { name: "answer_prompts", columns: ["id", "watch_id", "name", "prompt", "prompt_group", "created_at"], identity: "id" },
  {
    name: "answer_runs",
    columns: [
      "id", "watch_id", "user_id", "month", "started_by", "state", "plan_json", "reserved_micros", "spent_micros", "attempts",
      "lease_token", "lease_expires_at", "last_error", "created_at", "finished_at", "updated_at",
    ],
    identity: "id",
  },
  {
    name: "answer_samples",
    columns: ["id", "run_id", "prompt_id", "prompt_text", "engine", "sample", "status", "cited", "mentioned", "position", "cost_micros", "asked_at", "result"],
    identity: "id",
    batch: 200,
  },
  { name: "answer_budgets", columns: ["user_id", "monthly_micros", "updated_at"] },
  { name: "answer_spend", columns: ["user_id", "month", "engine", "micros", "calls"] },
  { name: "watch_alerts", columns: ["watch_id", "webhook_url", "webhook_secret", "email", "share_drop_points", "seen_scan_id", "seen_run_id", "updated_at"] },
  {
    name: "alert_deliveries",
    columns: [
      "id", "watch_id", "channel", "target", "payload", "state", "attempts", "next_attempt_at", "lease_token", "lease_expires_at",
      "last_status", "last_error", "attempt_log", "created_at", "updated_at",
    ],
    identity: "id",
  },
];

/** PostgreSQL tables that are bookkeeping of that engine, not data to copy. */
const POSTGRES_OWN_TABLES = ["schema_migrations", "scans_version"];

const DEFAULT_BATCH = 500;

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface CopyOptions {
  /** Called after every batch, and once per table before the first (copied 0). */
  onProgress?: (table: string, copied: number, total: number) => void;
  /** Rows per batch for tables without their own smaller size (tests make it small to cross pages). */
  batch?: number;
}

/** The copy was refused before anything was written: the target holds data, or the schemas differ. */
export class CopyRefusedError extends Error {}

/** Some table holds a different number of rows on the two sides; the copy was rolled back. */
export class CopyCountMismatchError extends Error {
  constructor(readonly counts: readonly TableCount[]) {
    const differing = counts.filter((count) => count.source !== count.target).map((count) => count.table);
    super(`the row counts differ in ${differing.join(", ")}; nothing was kept in the target`);
  }
}

/** Copies every table of `source` (SQLite) into `target` (PostgreSQL, migrated and empty); resolves to the verified counts. */
export async function copyStore(source: Db, target: Db, options: CopyOptions = {}): Promise<TableCount[]> {
  if (source.engine !== "sqlite" || target.engine !== "postgres") {
    throw new CopyRefusedError(`copies go from SQLite to PostgreSQL, not from ${source.engine} to ${target.engine}`);
  }
  return source.transaction(() =>
    target.transaction(async () => {
      await checkSameTables(source, target);
      await refuseNonEmpty(target);
      const counts: TableCount[] = [];
      for (const table of COPIED_TABLES) {
        const total = await countRows(source, table.name);
        await copyTable(source, target, table, total, options);
        if (table.identity) await advanceIdentity(target, table.name, table.identity);
        counts.push({ table: table.name, source: total, target: await countRows(target, table.name) });
      }
      if (counts.some((count) => count.source !== count.target)) throw new CopyCountMismatchError(counts);
      return counts;
    }),
  );
}

async function copyTable(source: Db, target: Db, table: CopiedTable, total: number, options: CopyOptions): Promise<void> {
  const batch = Math.min(table.batch ?? Infinity, options.batch ?? DEFAULT_BATCH);
  const columns = table.columns.join(", ");
  const page = `SELECT rowid AS copy_rowid, ${columns} FROM ${table.name} WHERE rowid > ? ORDER BY rowid LIMIT ?`;
  options.onProgress?.(table.name, 0, total);
  let after = 0;
  let copied = 0;
  for (;;) {
    const rows = await source.all<Record<string, SqlValue>>(page, [after, batch]);
    if (rows.length === 0) return;
    await target.run(insertStatement(table, rows.length), rows.flatMap((row) => table.columns.map((column) => copiedValue(table, column, row[column] ?? null))));
    after = rows[rows.length - 1]!.copy_rowid as number;
    copied += rows.length;
    options.onProgress?.(table.name, copied, total);
  }
}

function copiedValue(table: CopiedTable, column: string, value: SqlValue): SqlValue {
  const rewrite = table.rewrite?.[column];
  return rewrite && typeof value === "string" ? rewrite(value) : value;
}

function insertStatement(table: CopiedTable, rows: number): string {
  const tuple = `(${table.columns.map(() => "?").join(", ")})`;
  return `INSERT INTO ${table.name} (${table.columns.join(", ")}) VALUES ${Array.from({ length: rows }, () => tuple).join(", ")}`;
}

/** Ids were copied as they were, so the next generated one must come after the largest. */
async function advanceIdentity(target: Db, table: string, column: string): Promise<void> {
  await target.get(`SELECT setval(pg_get_serial_sequence(?, ?), max(${column})) FROM ${table} HAVING max(${column}) IS NOT NULL`, [
    table,
    column,
  ]);
}

async function countRows(db: Db, table: string): Promise<number> {
  return (await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0;
}

async function refuseNonEmpty(target: Db): Promise<void> {
  const holding: string[] = [];
  for (const table of COPIED_TABLES) {
    if (await target.get(`SELECT 1 AS one FROM ${table.name} LIMIT 1`)) holding.push(table.name);
  }
  if (holding.length > 0) {
    throw new CopyRefusedError(
      `the target ${target.location} already holds data (in ${holding.join(", ")}); copy only into a new, empty database`,
    );
  }
}

/** Both databases must have exactly the listed tables and columns: anything unlisted would be lost silently. */
async function checkSameTables(source: Db, target: Db): Promise<void> {
  const listed = new Map(COPIED_TABLES.map((table) => [table.name, [...table.columns].sort().join(", ")]));
  const sides: Array<[string, Map<string, string>]> = [
    [`the SQLite database ${source.location}`, await sqliteColumns(source)],
    [`the PostgreSQL database ${target.location}`, await postgresColumns(target)],
  ];
  for (const [side, tables] of sides) {
    for (const [name, columns] of listed) {
      const found = tables.get(name);
      if (found === undefined) throw new CopyRefusedError(`${side} has no table ${name}: is its schema up to date (sightline migrate)?`);
      if (found !== columns) {
        throw new CopyRefusedError(`${side} has columns ${found} in ${name}, where this build copies ${columns}: run sightline migrate on it`);
      }
    }
    const unlisted = [...tables.keys()].filter((name) => !listed.has(name));
    if (unlisted.length > 0) throw new CopyRefusedError(`${side} has tables this build does not copy: ${unlisted.join(", ")}`);
  }
}

async function sqliteColumns(db: Db): Promise<Map<string, string>> {
  const rows = await db.all<{ table_name: string; column_name: string }>(
    `SELECT m.name AS table_name, c.name AS column_name
       FROM sqlite_master AS m, pragma_table_info(m.name) AS c
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
  );
  return columnsByTable(rows);
}

async function postgresColumns(db: Db): Promise<Map<string, string>> {
  const rows = await db.all<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns AS c
       JOIN information_schema.tables AS t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
  );
  return columnsByTable(rows.filter((row) => !POSTGRES_OWN_TABLES.includes(row.table_name)));
}

function columnsByTable(rows: Array<{ table_name: string; column_name: string }>): Map<string, string> {
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return new Map([...tables].map(([name, columns]) => [name, columns.sort().join(", ")]));
}
