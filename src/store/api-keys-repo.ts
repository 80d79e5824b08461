import type { Db } from "./database.ts";

/**
 * Customer and operator API keys. Only the SHA-256 of a key is stored (`key_hash`), with its
 * visible start for recognising it in lists; the key itself is shown once and never kept.
 * `user_id` is NULL for keys an operator created from the command line.
 */

export interface NewApiKeyRow {
  userId: number | null;
  name: string;
  keyHash: Uint8Array;
  visibleStart: string;
  createdAt: number;
}

/** What a request needs to accept or refuse a key. */
export interface ApiKeyAuthRow {
  id: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

/** A key as listed to its owner: everything except the hash. */
export interface ApiKeyListRow {
  id: number;
  userId: number | null;
  name: string;
  visibleStart: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ApiKeyWithOwnerRow extends ApiKeyListRow {
  /** NULL for operator keys. */
  userEmail: string | null;
}

/** Which keys a revocation may touch: any key, the operator's keys, or one user's keys. */
export type ApiKeyScope = { kind: "any" } | { kind: "operator" } | { kind: "user"; userId: number };

const LIST_COLUMNS = `k.id, k.user_id AS userId, k.name, k.visible_start AS visibleStart, k.created_at AS createdAt,
  k.last_used_at AS lastUsedAt, k.revoked_at AS revokedAt`;

export function insertApiKey(db: Db, key: NewApiKeyRow): number {
  const row = db
    .query<{ id: number }, [number | null, string, Uint8Array, string, number]>(
      `INSERT INTO api_keys (user_id, name, key_hash, visible_start, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(key.userId, key.name, key.keyHash, key.visibleStart, key.createdAt);
  return row!.id;
}

export function findApiKeyByHash(db: Db, keyHash: Uint8Array): ApiKeyAuthRow | null {
  return db
    .query<ApiKeyAuthRow, [Uint8Array]>(
      "SELECT id, revoked_at AS revokedAt, last_used_at AS lastUsedAt FROM api_keys WHERE key_hash = ?",
    )
    .get(keyHash);
}

export function apiKeysOfUser(db: Db, userId: number): ApiKeyListRow[] {
  return db
    .query<ApiKeyListRow, [number]>(`SELECT ${LIST_COLUMNS} FROM api_keys k WHERE k.user_id = ? ORDER BY k.created_at DESC, k.id DESC`)
    .all(userId);
}

export function operatorApiKeys(db: Db): ApiKeyListRow[] {
  return db
    .query<ApiKeyListRow, []>(`SELECT ${LIST_COLUMNS} FROM api_keys k WHERE k.user_id IS NULL ORDER BY k.created_at DESC, k.id DESC`)
    .all();
}

export function allApiKeysWithOwner(db: Db): ApiKeyWithOwnerRow[] {
  return db
    .query<ApiKeyWithOwnerRow, []>(
      `SELECT ${LIST_COLUMNS}, u.email AS userEmail
         FROM api_keys k LEFT JOIN users u ON u.id = k.user_id
        ORDER BY k.created_at DESC, k.id DESC`,
    )
    .all();
}

/** Sets `revoked_at` on a key that is not yet revoked and lies in `scope`. Returns whether it did. */
export function setApiKeyRevoked(db: Db, id: number, now: number, scope: ApiKeyScope): boolean {
  let result;
  switch (scope.kind) {
    case "any":
      result = db.query<never, [number, number]>("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(now, id);
      break;
    case "operator":
      result = db
        .query<never, [number, number]>("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND user_id IS NULL")
        .run(now, id);
      break;
    case "user":
      result = db
        .query<never, [number, number, number]>("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND user_id = ?")
        .run(now, id, scope.userId);
      break;
  }
  return result.changes === 1;
}

/** Records a use unless one was recorded after `notBefore`, so a busy key is not rewritten on every request. */
export function touchApiKeyLastUsed(db: Db, id: number, now: number, notBefore: number): void {
  db.query<never, [number, number, number]>(
    "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
  ).run(now, id, notBefore);
}
