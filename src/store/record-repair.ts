import type { Db } from "./database.ts";
import type { Log } from "../log.ts";
import { makeStoredRecordsStorable } from "./scans-repo.ts";
import { getSetting, setSetting } from "./settings-repo.ts";

const DONE_SETTING = "records_made_storable_v1";

/**
 * Once per database: records stored before storable-json.ts existed may hold a NUL or lone surrogate
 * escape, which left their domain's history answering 500 on PostgreSQL for good (issue 30, finding 8).
 * They are rewritten as new records are stored; the setting keeps later starts from reading every record.
 */
export async function makeRecordsStorableOnce(db: Db, log: Log, factsOf: (record: object) => { grade: string | null; rescored: boolean }): Promise<void> {
  if ((await getSetting(db, DONE_SETTING)) !== null) return;
  const changed = await makeStoredRecordsStorable(db, factsOf);
  if (changed > 0) log("info", "stored records rewritten without NUL and lone surrogates", { records: changed });
  await setSetting(db, DONE_SETTING, new Date().toISOString());
}
