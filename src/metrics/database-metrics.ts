import { instanceRegistry } from "./instance-registry.ts";

const databaseErrors = instanceRegistry.counter(
  "sightline_database_errors_total",
  "Database statements that failed (SQLite or PostgreSQL), as reported by the store layer.",
);

/** Called by the store layer for every statement or transaction that throws. */
export function onDatabaseError(): void {
  databaseErrors.inc();
}
