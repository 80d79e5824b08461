import type { Db } from "./database.ts";

/**
 * New API keys waiting, sealed, for the page a browser is redirected to after creating them (see
 * accounts/key-flash.ts). A flash is read at most once: taking it deletes it.
 */

export function insertKeyFlash(db: Db, sessionHash: Uint8Array, sealed: Uint8Array, expiresAt: number): void {
  db.query<never, [Uint8Array, Uint8Array, number]>("INSERT INTO key_flashes (session_hash, sealed, expires_at) VALUES (?, ?, ?)").run(
    sessionHash,
    sealed,
    expiresAt,
  );
}

/** Deletes and returns the session's flashes that have not expired, oldest first. */
export function takeKeyFlashes(db: Db, sessionHash: Uint8Array, now: number): Uint8Array[] {
  const rows = db
    .query<{ id: number; sealed: Uint8Array; expiresAt: number }, [Uint8Array]>(
      "DELETE FROM key_flashes WHERE session_hash = ? RETURNING id, sealed, expires_at AS expiresAt",
    )
    .all(sessionHash);
  return rows
    .filter((row) => row.expiresAt > now)
    .sort((a, b) => a.id - b.id)
    .map((row) => row.sealed);
}

export function purgeKeyFlashes(db: Db, notAfter: number): void {
  db.query<never, [number]>("DELETE FROM key_flashes WHERE expires_at <= ?").run(notAfter);
}
