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

const LIST_COLUMNS = `k.id, k.user_id AS "userId", k.name, k.visible_start AS "visibleStart", k.created_at AS "createdAt",
  k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"`;

export async function insertApiKey(db: Db, key: NewApiKeyRow): Promise<number> {
  const row = (await db.get<{ id: number }>(`INSERT INTO api_keys (user_id, name, key_hash, visible_start, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`, [key.userId, key.name, key.keyHash, key.visibleStart, key.createdAt]));
  return row!.id;
}

export async function findApiKeyByHash(db: Db, keyHash: Uint8Array): Promise<ApiKeyAuthRow | null> {
  return (await db.get<ApiKeyAuthRow>(`SELECT id, revoked_at AS "revokedAt", last_used_at AS "lastUsedAt" FROM api_keys WHERE key_hash = ?`, [keyHash]));
}

export async function apiKeysOfUser(db: Db, userId: number): Promise<ApiKeyListRow[]> {
  return (await db.all<ApiKeyListRow>(`SELECT ${LIST_COLUMNS} FROM api_keys k WHERE k.user_id = ? ORDER BY k.created_at DESC, k.id DESC`, [userId]));
}

export async function operatorApiKeys(db: Db): Promise<ApiKeyListRow[]> {
  return (await db.all<ApiKeyListRow>(`SELECT ${LIST_COLUMNS} FROM api_keys k WHERE k.user_id IS NULL ORDER BY k.created_at DESC, k.id DESC`));
}

export async function allApiKeysWithOwner(db: Db): Promise<ApiKeyWithOwnerRow[]> {
  return (await db.all<ApiKeyWithOwnerRow>(`SELECT ${LIST_COLUMNS}, u.email AS "userEmail"
         FROM api_keys k LEFT JOIN users u ON u.id = k.user_id
        ORDER BY k.created_at DESC, k.id DESC`));
}

/** Sets `revoked_at` on a key that is not yet revoked and lies in `scope`. Returns whether it did. */
export async function setApiKeyRevoked(db: Db, id: number, now: number, scope: ApiKeyScope): Promise<boolean> {
  let result;
  switch (scope.kind) {
    case "any":
      result = (await db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [now, id]));
      break;
    case "operator":
      result = (await db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND user_id IS NULL", [now, id]));
      break;
    case "user":
      result = (await db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND user_id = ?", [now, id, scope.userId]));
      break;
  }
  return result === 1;
}

/** Records a use unless one was recorded after `notBefore`, so a busy key is not rewritten on every request. */
export async function touchApiKeyLastUsed(db: Db, id: number, now: number, notBefore: number): Promise<void> {
  (await db.run("UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)", [now, id, notBefore]));
}

/** The account a key belongs to: its user id, or null for an operator's key (or no such key). */
export async function userIdOfKey(db: Db, keyId: number): Promise<number | null> {
  return (await db.get<{ userId: number | null }>(`SELECT user_id AS "userId" FROM api_keys WHERE id = ?`, [keyId]))?.userId ?? null;
}
