import type { Db } from "./database.ts";

/**
 * New API keys waiting, sealed, for the page a browser is redirected to after creating them (see
 * accounts/key-flash.ts). A flash is read at most once: taking it deletes it.
 */

export async function insertKeyFlash(db: Db, sessionHash: Uint8Array, sealed: Uint8Array, expiresAt: number): Promise<void> {
  (await db.run("INSERT INTO key_flashes (session_hash, sealed, expires_at) VALUES (?, ?, ?)", [sessionHash,
    sealed,
    expiresAt]));
}

/** Deletes and returns the session's flashes that have not expired, oldest first. */
export async function takeKeyFlashes(db: Db, sessionHash: Uint8Array, now: number): Promise<Uint8Array[]> {
  const rows = (await db.all<{ id: number; sealed: Uint8Array; expiresAt: number }>(`DELETE FROM key_flashes WHERE session_hash = ? RETURNING id, sealed, expires_at AS "expiresAt"`, [sessionHash]));
  return rows
    .filter((row) => row.expiresAt > now)
    .sort((a, b) => a.id - b.id)
    .map((row) => row.sealed);
}

export async function purgeKeyFlashes(db: Db, notAfter: number): Promise<void> {
  (await db.run("DELETE FROM key_flashes WHERE expires_at <= ?", [notAfter]));
}
