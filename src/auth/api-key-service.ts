import { holdsUnsafeCharacters, unsafeCharactersMessage } from "../lib/unsafe-characters.ts";
import type { Db } from "../store/database.ts";
import {
  allApiKeysWithOwner,
  apiKeysOfUser,
  findApiKeyByHash,
  insertApiKey,
  operatorApiKeys,
  setApiKeyRevoked,
  touchApiKeyLastUsed,
  type ApiKeyAuthRow,
  type ApiKeyListRow,
  type ApiKeyScope,
  type ApiKeyWithOwnerRow,
} from "../store/api-keys-repo.ts";
import { generateApiKey, hashApiKey, parseApiKey, visibleStartOf } from "./api-keys.ts";

/**
 * Creating, listing, revoking and checking API keys. A key belongs to a user, or to the operator
 * (`userId` null) when created from the command line.
 */

export const API_KEY_NAME_MAX_LENGTH = 64;
/** `last_used_at` is rewritten at most this often per key, so a busy key does not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export class ApiKeyNameError extends Error {
  override name = "ApiKeyNameError";
}

export interface CreatedApiKey {
  id: number;
  /** The full key: shown once, never stored. */
  key: string;
  visibleStart: string;
  name: string;
  createdAt: number;
}

export type ApiKeySummary = ApiKeyListRow;
export type ApiKeySummaryWithOwner = ApiKeyWithOwnerRow;

export type ApiKeyVerification = { ok: true; keyId: number } | { ok: false; revoked?: true };

/** The look-up `verifyApiKey` makes; injectable so tests can see when the database is consulted. */
export type FindApiKeyByHash = (db: Db, keyHash: Uint8Array) => Promise<ApiKeyAuthRow | null>;

/** Trims and checks a key name. Throws ApiKeyNameError with a message fit for the user. */
export function validateApiKeyName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new ApiKeyNameError("Give the key a name.");
  if (trimmed.length > API_KEY_NAME_MAX_LENGTH) {
    throw new ApiKeyNameError(`A key name has at most ${API_KEY_NAME_MAX_LENGTH} characters.`);
  }
  // Control characters and direction marks would garble lists, terminals and logs.
  if (holdsUnsafeCharacters(trimmed)) throw new ApiKeyNameError(unsafeCharactersMessage("A key name"));
  return trimmed;
}

export async function createApiKey(
  db: Db,
  input: { prefix: string; name: string; userId: number | null; now: number },
): Promise<CreatedApiKey> {
  const name = validateApiKeyName(input.name);
  const key = generateApiKey(input.prefix);
  const visibleStart = visibleStartOf(input.prefix, key);
  const id = await insertApiKey(db, { userId: input.userId, name, keyHash: hashApiKey(key), visibleStart, createdAt: input.now });
  return { id, key, visibleStart, name, createdAt: input.now };
}

/** The keys of one user, or the operator's keys when `userId` is null. Newest first; no secrets. */
export function listApiKeys(db: Db, userId: number | null): Promise<ApiKeySummary[]> {
  return userId === null ? operatorApiKeys(db) : apiKeysOfUser(db, userId);
}

/** Every key with its owner's email (null for operator keys), for the admin. */
export function listAllApiKeys(db: Db): Promise<ApiKeySummaryWithOwner[]> {
  return allApiKeysWithOwner(db);
}

/**
 * Revokes a key. `userId` limits it to that user's keys (null: the operator's keys); leave it out
 * for the admin, who may revoke any key. Returns false when no such unrevoked key is in reach.
 */
export function revokeApiKey(db: Db, id: number, now: number, userId?: number | null): Promise<boolean> {
  const scope: ApiKeyScope = userId === undefined ? { kind: "any" } : userId === null ? { kind: "operator" } : { kind: "user", userId };
  return setApiKeyRevoked(db, id, now, scope);
}

/**
 * Accepts a well-formed, known, unrevoked key. Shape and checksum are checked before the database
 * is touched; the revocation is read on every call, so a revoked key fails on the very next request.
 */
export async function verifyApiKey(
  db: Db,
  prefix: string,
  token: string,
  now: number,
  find: FindApiKeyByHash = findApiKeyByHash,
): Promise<ApiKeyVerification> {
  const parsed = parseApiKey(prefix, token);
  if (!parsed) return { ok: false };
  const row = await find(db, hashApiKey(parsed.key));
  if (!row) return { ok: false };
  if (row.revokedAt !== null) return { ok: false, revoked: true };
  const notBefore = now - LAST_USED_RESOLUTION_MS;
  if (row.lastUsedAt === null || row.lastUsedAt < notBefore) await touchApiKeyLastUsed(db, row.id, now, notBefore);
  return { ok: true, keyId: row.id };
}
