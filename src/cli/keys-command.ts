import { terminalJson, terminalText } from "./terminal-text.ts";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { openStore, type Db } from "../store/database.ts";
import { databaseTargetOf } from "../store/database-target.ts";
import { ApiKeyNameError, createApiKey, listAllApiKeys, revokeApiKey } from "../auth/api-key-service.ts";
import { EXIT } from "./exit-codes.ts";
import { KEYS_USAGE } from "./usages.ts";

/**
 * `sightline keys create <name> | list [--json] | revoke <id>`: API keys for operators, without the
 * web pages. A created key is printed once, on stdout alone, so that `KEY=$(sightline keys create ci)`
 * captures exactly the key; everything else goes to stderr.
 */
const ACTIONS = ["create", "list", "revoke"];

export async function keysCommand(args: string[], config: Config, io: { out: (text: string) => void; err: (text: string) => void }): Promise<number> {
  const [action, ...rest] = args;
  if (action === undefined || !ACTIONS.includes(action)) {
    io.err(`sightline keys: ${action === undefined ? "missing action" : `unknown action "${action}"`}.\n\n${KEYS_USAGE}\n`);
    return EXIT.usage;
  }
  const missing = missingDatabase(config, action);
  if (missing) {
    io.err(missing);
    return EXIT.failure;
  }
  const db = await openStore(databaseTargetOf(config));
  try {
    switch (action) {
      case "create":
        return await create(rest.join(" "), db, config, io);
      case "list":
        return await list(rest, db, io);
      case "revoke":
        return await revoke(rest, db, io);
      default:
        return EXIT.usage;
    }
  } finally {
    await db.close();
  }
}

/**
 * Opening a path that does not exist would create a new, empty database: run from another folder (or
 * without the server's DATABASE_PATH, as on the systemd layout), `keys create` would then print a key
 * that the server never sees. Only `serve` and `migrate` create a database; key commands refuse, and
 * say which file they looked for and how to point them at the server's.
 */
export function missingDatabase(config: Pick<Config, "DATABASE_URL" | "DATABASE_PATH" | "SERVICE">, action: string): string | null {
  // A PostgreSQL database is created by its administrator, never by connecting to it.
  if (config.DATABASE_URL || config.DATABASE_PATH === ":memory:" || existsSync(config.DATABASE_PATH)) return null;
  const looked = resolve(config.DATABASE_PATH);
  return (
    `sightline keys: there is no database at ${looked}, so no key was created or read ` +
    `(a new, empty database would hold keys the server never sees).\n` +
    `Point DATABASE_PATH at the file the server uses (the server names it when it starts), for example:\n` +
    `  DATABASE_PATH=/var/lib/sightline/${config.SERVICE}.sqlite sightline keys ${action}\n` +
    `or run the command from the folder the server was started in (the default is ./data/${config.SERVICE}.sqlite for SERVICE=${config.SERVICE}).\n` +
    `To start a new database on purpose, run "sightline migrate" (or "sightline serve") with the same DATABASE_PATH first.\n`
  );
}

async function create(name: string, db: Db, config: Config, io: { out: (t: string) => void; err: (t: string) => void }): Promise<number> {
  try {
    const created = await createApiKey(db, { prefix: config.KEY_PREFIX, name, userId: null, now: Date.now() });
    io.out(`${created.key}\n`);
    io.err(`Created key ${created.id} "${terminalText(created.name)}" (${created.visibleStart}…). Store it now: it cannot be shown again.\n`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ApiKeyNameError)) throw error;
    io.err(`sightline keys create: ${error.message}\n`);
    return EXIT.usage;
  }
}

async function list(args: string[], db: Db, io: { out: (t: string) => void; err: (t: string) => void }): Promise<number> {
  const unknown = args.find((arg) => arg !== "--json");
  if (unknown !== undefined) {
    io.err(`sightline keys list: unknown argument "${unknown}".\n`);
    return EXIT.usage;
  }
  const keys = await listAllApiKeys(db);
  if (args.includes("--json")) {
    io.out(`${terminalJson(keys)}\n`);
    return EXIT.ok;
  }
  if (keys.length === 0) {
    io.err("No API keys yet. Create one with: sightline keys create <name>\n");
    return EXIT.ok;
  }
  const date = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString().slice(0, 16).replace("T", " "));
  const rows = keys.map((key) => [
    String(key.id),
    terminalText(key.name),
    `${key.visibleStart}…`,
    key.userEmail === null ? "(operator)" : terminalText(key.userEmail),
    date(key.createdAt),
    date(key.lastUsedAt),
    key.revokedAt === null ? "active" : `revoked ${date(key.revokedAt)}`,
  ]);
  const header = ["ID", "NAME", "KEY", "OWNER", "CREATED", "LAST USED", "STATUS"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) io.out(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd()}\n`);
  return EXIT.ok;
}

async function revoke(args: string[], db: Db, io: { out: (t: string) => void; err: (t: string) => void }): Promise<number> {
  const id = args.length === 1 && /^\d+$/.test(args[0]!) ? Number(args[0]) : null;
  if (id === null) {
    io.err("sightline keys revoke: give the numeric id of one key (see sightline keys list).\n");
    return EXIT.usage;
  }
  if (!await revokeApiKey(db, id, Date.now())) {
    io.err(`sightline keys revoke: no active key with id ${id}.\n`);
    return EXIT.failure;
  }
  io.err(`Revoked key ${id}.\n`);
  return EXIT.ok;
}
