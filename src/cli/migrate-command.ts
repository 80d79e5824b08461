import type { Config } from "../config.ts";
import { openStore } from "../store/database.ts";
import { databaseLocationOf, databaseTargetOf } from "../store/database-target.ts";
import { EXIT } from "./exit-codes.ts";

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
