import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { openDatabase, openPostgres, openStore, type Db } from "../store/database.ts";
import { databaseLocationOf, databaseTargetOf } from "../store/database-target.ts";
import { CopyCountMismatchError, CopyRefusedError, copyStore, type TableCount } from "../store/copy-store.ts";
import { redactedDatabaseUrl } from "../store/redacted-database-url.ts";
import { EXIT } from "./exit-codes.ts";
import { MIGRATE_USAGE } from "./usages.ts";

type Io = { out: (text: string) => void; err: (text: string) => void };

/** `sightline migrate`: brings the configured database's schema up to date and says what it applied. */
export async function migrateCommand(config: Config): Promise<number> {
  const db = await openStore(databaseTargetOf(config), { migrate: false });
  try {
    const applied = await db.migrate();
    for (const migration of applied) process.stdout.write(`applied ${migration.version} ${migration.name}\n`);
    process.stdout.write(`${databaseLocationOf(config)} is at schema version ${await db.schemaVersion()} (${db.engine})\n`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}

/**
 * `sightline migrate --from sqlite:<path>`: copies a SQLite installation into a new PostgreSQL database,
 * DATABASE_URL (`configuredTarget`) or `--to` given without a password, migrated here if it is not yet,
 * and prints each table's row count on both sides. The counts go to stdout, the progress to stderr. The
 * URL is only ever shown without its password, and a password is never taken from the command line,
 * which every user of the machine can read (ps, /proc) and the shell keeps in its history.
 */
export async function migrateCopyCommand(args: string[], io: Io, configuredTarget?: string): Promise<number> {
  const parsed = parseCopyArgs(args);
  const to = typeof parsed === "string" ? null : (parsed.to ?? configuredTarget ?? null);
  if (typeof parsed === "string" || to === null) {
    const problem = typeof parsed === "string" ? parsed : "say where to copy to: set DATABASE_URL=postgres://user:password@host:5432/database (or give --to postgres://… without a password)";
    io.err(`sightline migrate: ${problem}\n\n${MIGRATE_USAGE}\n`);
    return EXIT.usage;
  }
  const shownTarget = redactedDatabaseUrl(to);
  if (!existsSync(parsed.from)) {
    io.err(`sightline migrate: there is no SQLite database at ${resolve(parsed.from)}; nothing was copied.\n`);
    return EXIT.failure;
  }
  let source: Db | null = null;
  let target: Db | null = null;
  try {
    // Opened as it is: the source is only read, never migrated.
    source = openDatabase(parsed.from, { migrate: false });
    target = await openPostgres(to);
    io.err(`Copying ${resolve(parsed.from)} into ${shownTarget}\n`);
    const counts = await copyStore(source, target, { onProgress: (table, copied, total) => io.err(`${table}: ${copied}/${total}\n`) });
    io.out(countsTable(counts));
    const rows = counts.reduce((sum, count) => sum + count.target, 0);
    io.out(`Rows copied: ${rows}. Every table holds as many rows in PostgreSQL as in SQLite.\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CopyCountMismatchError) io.out(countsTable(error.counts));
    const known = error instanceof CopyRefusedError || error instanceof CopyCountMismatchError;
    io.err(`sightline migrate: ${known ? "" : "the copy failed and was rolled back: "}${messageOf(error)}${lockedHint(error)}\n`);
    return EXIT.failure;
  } finally {
    await target?.close();
    await source?.close();
  }
}

/**
 * `--from sqlite:<path> [--to postgres://…]`, each also as `--flag=value`; a message when they are not
 * that. `to` is null when not given (the target is then DATABASE_URL); a `--to` holding a password is refused.
 */
export function parseCopyArgs(args: readonly string[]): { from: string; to: string | null } | string {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, attached] = arg.includes("=") && arg.startsWith("--") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag !== "--from" && flag !== "--to") return `unexpected argument "${arg}"`;
    const value = attached ?? args[++i];
    if (value === undefined || value === "") return `${flag} needs a value`;
    if (flag in values) return `${flag} is given twice`;
    values[flag] = value;
  }
  const from = values["--from"];
  const to = values["--to"];
  if (from === undefined) return "give --from sqlite:<path>, the SQLite file to copy";
  if (!from.startsWith("sqlite:") || from.length === "sqlite:".length) return `--from must be sqlite:<path to the database file>, not "${from}"`;
  if (to === undefined) return { from: from.slice("sqlite:".length), to: null };
  if (!/^postgres(ql)?:\/\//.test(to)) return "--to must be a postgres:// (or postgresql://) URL";
  if (holdsPassword(to)) {
    return "--to holds a password, which every user of this machine can read on a command line (and the shell keeps in its history): leave --to out and set DATABASE_URL to the target instead; nothing was copied";
  }
  return { from: from.slice("sqlite:".length), to };
}

function holdsPassword(url: string): boolean {
  if (!URL.canParse(url)) return /:[^/@]*@/.test(url);
  const parsed = new URL(url);
  return parsed.password !== "" || parsed.searchParams.has("password");
}

function countsTable(counts: readonly TableCount[]): string {
  const width = Math.max(5, ...counts.map((count) => count.table.length));
  const lines = counts.map(
    (count) =>
      `${count.table.padEnd(width)}  ${String(count.source).padStart(8)}  ${String(count.target).padStart(8)}${count.source === count.target ? "" : "  DIFFERS"}`,
  );
  return `${"table".padEnd(width)}  ${"sqlite".padStart(8)}  ${"postgres".padStart(8)}\n${lines.join("\n")}\n`;
}

/** The source's write lock is taken for a consistent snapshot; a server still running holds it. */
function lockedHint(error: unknown): string {
  return /database is locked|SQLITE_BUSY/i.test(messageOf(error))
    ? ". Is a server still using the SQLite file? Stop it first: the copy reads the file as one snapshot, under its write lock."
    : "";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
