import { immediate, type Db } from "./database.ts";

/** Small named values the server keeps for itself, such as its generated ALTCHA HMAC key. */

export function getSetting(db: Db, key: string): string | null {
  return db.query<{ value: string }, [string]>("SELECT value FROM settings WHERE key = ?").get(key)?.value ?? null;
}

/**
 * Stores `value` unless `key` already has one, and returns the value that is stored either way,
 * so that two processes starting at once end up with the same value.
 */
export function setSettingIfAbsent(db: Db, key: string, value: string): string {
  return immediate(db, () => {
    db.query<never, [string, string]>("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING").run(key, value);
    return getSetting(db, key)!;
  });
}
