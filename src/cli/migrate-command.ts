import type { Config } from "../config.ts";
import { migrate, openDatabase, schemaVersion } from "../store/database.ts";
import { EXIT } from "./exit-codes.ts";

export function migrateCommand(config: Config): number {
  const db = openDatabase(config.DATABASE_PATH, { migrate: false });
  try {
    const applied = migrate(db);
    for (const migration of applied) process.stdout.write(`applied ${migration.version} ${migration.name}\n`);
    process.stdout.write(`${config.DATABASE_PATH} is at schema version ${schemaVersion(db)}\n`);
    return EXIT.ok;
  } finally {
    db.close();
  }
}
