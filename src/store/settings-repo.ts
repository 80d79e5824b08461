import type { Db } from "./database.ts";

/** Small named values the server keeps for itself, such as its generated ALTCHA HMAC key. */

export async function getSetting(db: Db, key: string): Promise<string | null> {
  return (await db.get<{ value: string }>("SELECT value FROM settings WHERE key = ?", [key]))?.value ?? null;
}

/**
 * Stores `value` unless `key` already has one, and returns the value that is stored either way,
 * so that two processes starting at once end up with the same value.
 */
export async function setSettingIfAbsent(db: Db, key: string, value: string): Promise<string> {
  return db.transaction(async () => {
    await db.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [key, value]);
    return (await getSetting(db, key))!;
  });
}

/** Stores `value` under `key`, replacing any value it had. */
export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value]);
}
