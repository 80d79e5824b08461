import { ApiKeyNameError, createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary, type CreatedApiKey } from "../auth/api-key-service.ts";
import { keyUsage, type KeyUsage } from "../limits/key-usage.ts";
import type { AccountDeps } from "./account-deps.ts";

/**
 * A signed-in user's API keys. Each user may hold a bounded number of active keys, so that one
 * account cannot mint keys without end to multiply the per-key rate limit.
 */

export const MAX_ACTIVE_KEYS_PER_USER = 20;

export type CreateKeyResult = { ok: true; created: CreatedApiKey } | { ok: false; error: string };

export async function createUserKey(deps: AccountDeps, userId: number, name: string): Promise<CreateKeyResult> {
  const active = (await listApiKeys(deps.db, userId)).filter((key) => key.revokedAt === null).length;
  if (active >= MAX_ACTIVE_KEYS_PER_USER) {
    return { ok: false, error: `You have ${MAX_ACTIVE_KEYS_PER_USER} active keys, the most an account may hold. Revoke one you no longer use first.` };
  }
  try {
    const created = await createApiKey(deps.db, { prefix: deps.keyPrefix, name, userId, now: deps.now() });
    deps.log("info", "api key created", { userId, keyId: created.id });
    return { ok: true, created };
  } catch (error) {
    if (error instanceof ApiKeyNameError) return { ok: false, error: error.message };
    throw error;
  }
}

export async function keysOfUser(deps: AccountDeps, userId: number): Promise<ApiKeySummary[]> {
  return listApiKeys(deps.db, userId);
}

/** A key as its owner sees it on the dashboard: with its use of the hourly limit, unless it is revoked. */
export type KeyWithUsage = ApiKeySummary & { usage: KeyUsage | null };

/** The user's keys, each active one with its fresh scans in the last hour against `perKeyPerHour`. */
export async function keysOfUserWithUsage(deps: AccountDeps, userId: number, perKeyPerHour: number): Promise<KeyWithUsage[]> {
  const now = deps.now();
  const keys = await keysOfUser(deps, userId);
  return Promise.all(
    keys.map(async (key) => ({ ...key, usage: key.revokedAt === null ? await keyUsage(deps.db, key.id, perKeyPerHour, now) : null })),
  );
}

export async function findUserKey(deps: AccountDeps, userId: number, keyId: number): Promise<ApiKeySummary | null> {
  return (await listApiKeys(deps.db, userId)).find((key) => key.id === keyId) ?? null;
}

/** Revokes one of the user's own keys; false when it is not theirs or already revoked. */
export async function revokeUserKey(deps: AccountDeps, userId: number, keyId: number): Promise<boolean> {
  const revoked = await revokeApiKey(deps.db, keyId, deps.now(), userId);
  if (revoked) deps.log("info", "api key revoked", { userId, keyId });
  return revoked;
}
