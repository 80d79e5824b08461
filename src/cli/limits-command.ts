import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { createLogger } from "../log.ts";
import { bucketOf, clearLimitBucket, listLimitBuckets } from "../limits/limit-buckets.ts";
import { openStore } from "../store/database.ts";
import { databaseTargetOf } from "../store/database-target.ts";
import { EXIT } from "./exit-codes.ts";
import { terminalText } from "./terminal-text.ts";
import { LIMITS_USAGE } from "./usages.ts";

/**
 * `sightline limits list [--json] | clear <bucket>`: the rate-limit buckets in use, and clearing one, so
 * an operator locked out of their own service (their address, their site's domain, a key) goes on at
 * once instead of waiting out the window. A clear is logged as the admin page's is.
 */
export async function limitsCommand(
  args: string[],
  config: Config,
  io: { out: (text: string) => void; err: (text: string) => void },
  now: () => number = Date.now,
): Promise<number> {
  const [action, ...rest] = args;
  if (action !== "list" && action !== "clear") {
    io.err(`sightline limits: ${action === undefined ? "missing action" : `unknown action "${terminalText(action)}"`}.\n\n${LIMITS_USAGE}\n`);
    return EXIT.usage;
  }
  if (!config.DATABASE_URL && config.DATABASE_PATH !== ":memory:" && !existsSync(config.DATABASE_PATH)) {
    io.err(`sightline limits: there is no database at ${resolve(config.DATABASE_PATH)}. Point DATABASE_PATH at the file the server uses (the server names it when it starts).\n`);
    return EXIT.failure;
  }
  const db = await openStore(databaseTargetOf(config));
  try {
    if (action === "list") {
      const unknown = rest.find((arg) => arg !== "--json");
      if (unknown !== undefined) {
        io.err(`sightline limits list: unknown argument "${terminalText(unknown)}".\n`);
        return EXIT.usage;
      }
      const buckets = await listLimitBuckets(db, now());
      if (rest.includes("--json")) {
        io.out(`${JSON.stringify(buckets, null, 2)}\n`);
        return EXIT.ok;
      }
      if (buckets.length === 0) {
        io.err("No rate-limit bucket holds a request in its window.\n");
        return EXIT.ok;
      }
      const rows = buckets.map((use) => [terminalText(use.bucket), String(use.used), new Date(use.oldestAt).toISOString().slice(0, 16).replace("T", " ")]);
      const header = ["BUCKET", "REQUESTS", "OLDEST"];
      const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
      for (const row of [header, ...rows]) io.out(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd()}\n`);
      return EXIT.ok;
    }
    if (rest.length !== 1) {
      io.err(`sightline limits clear: give one bucket, e.g. an IP address, a domain, or key:<id> (see sightline limits list).\n`);
      return EXIT.usage;
    }
    const named = bucketOf(rest[0]!);
    if (!named.ok) {
      io.err(`sightline limits clear: ${terminalText(named.error)}\n`);
      return EXIT.usage;
    }
    const forgotten = await clearLimitBucket(db, named.bucket);
    createLogger(config.LOG_LEVEL, (line) => io.err(`${line}\n`))("info", "rate-limit bucket cleared", { bucket: named.bucket, forgotten, by: "cli" });
    io.err(`Cleared ${terminalText(named.bucket)}: ${forgotten === 1 ? "1 counted request" : `${forgotten} counted requests`} forgotten; its limit starts afresh.\n`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}
