import type { Config } from "../config.ts";
import type { DatabaseTarget } from "./database.ts";
import { redactedDatabaseUrl } from "./redacted-database-url.ts";

/** The store the configuration selects: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH. */
export function databaseTargetOf(config: Pick<Config, "DATABASE_URL" | "DATABASE_PATH">): DatabaseTarget {
  return config.DATABASE_URL ? { engine: "postgres", url: config.DATABASE_URL } : { engine: "sqlite", path: config.DATABASE_PATH };
}

/** Where the data lives, for messages: the SQLite path, or the PostgreSQL URL without its password. */
export function databaseLocationOf(config: Pick<Config, "DATABASE_URL" | "DATABASE_PATH">): string {
  return config.DATABASE_URL ? redactedDatabaseUrl(config.DATABASE_URL) : config.DATABASE_PATH;
}
