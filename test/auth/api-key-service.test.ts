import { beforeEach, describe, expect, test } from "bun:test";
import {
  ApiKeyNameError,
  createApiKey,
  LAST_USED_RESOLUTION_MS,
  listAllApiKeys,
  listApiKeys,
  revokeApiKey,
  validateApiKeyName,
  verifyApiKey,
  type FindApiKeyByHash,
} from "../../src/auth/api-key-service.ts";
import { BASE62_ALPHABET } from "../../src/auth/api-keys.ts";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { findApiKeyByHash } from "../../src/store/api-keys-repo.ts";

const T0 = 1_700_000_000_000;
let db: Db;

beforeEach(() => {
  db = openDatabase(":memory:");
});

async function addUser(email: string): Promise<number> {
  return (await db.get<{ id: number }>("INSERT INTO users (email, password_hash, created_at) VALUES (?, 'x', ?) RETURNING id", [email, T0]))!.id;
}

async function lastUsedAt(id: number): Promise<number | null> {
  return (await db.get<{ t: number | null }>("SELECT last_used_at AS t FROM api_keys WHERE id = ?", [id]))!.t;
}

/** A look-up that counts its calls, to prove when the database is (not) consulted. */
function countingFind(): { find: FindApiKeyByHash; calls: () => number } {
  let calls = 0;
  return {
    find: (database, hash) => {
      calls++;
      return findApiKeyByHash(database, hash);
    },
    calls: () => calls,
  };
}

describe("createApiKey", () => {
  test("returns the key once and stores only its SHA-256", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "  CI pipeline ", userId: null, now: T0 });
    expect(created.key).toMatch(/^aivis_[0-9A-Za-z]{36}$/);
    expect(created.name).toBe("CI pipeline");
    expect(created.visibleStart).toBe(created.key.slice(0, 10));
    expect(created.createdAt).toBe(T0);

    const rows = await db.all<Record<string, unknown>>("SELECT * FROM api_keys");
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const stored = Object.values(row).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : String(value)));
    const secretPart = created.key.slice(10);
    for (const value of stored) {
      expect(value).not.toContain(created.key);
      expect(value).not.toContain(secretPart);
    }
    const expectedHash = new Bun.CryptoHasher("sha256").update(created.key).digest();
    expect(Buffer.from(row.key_hash as Uint8Array).equals(expectedHash)).toBe(true);
  });

  test("validates the name", async () => {
    await expect(createApiKey(db, { prefix: "aivis", name: "   ", userId: null, now: T0 })).rejects.toThrow(ApiKeyNameError);
    await expect(createApiKey(db, { prefix: "aivis", name: "x".repeat(65), userId: null, now: T0 })).rejects.toThrow(/at most 64/);
    await expect(createApiKey(db, { prefix: "aivis", name: "a\nb", userId: null, now: T0 })).rejects.toThrow(ApiKeyNameError);
    expect(validateApiKeyName(` ${"x".repeat(64)} `)).toBe("x".repeat(64));
    expect(await db.all("SELECT * FROM api_keys")).toHaveLength(0);
  });
});

describe("listing", () => {
  test("separates operator keys from each user's keys and never returns a secret", async () => {
    const alice = await addUser("alice@example.com");
    const bob = await addUser("bob@example.com");
    const operatorKey = await createApiKey(db, { prefix: "aivis", name: "ops", userId: null, now: T0 });
    const aliceKey = await createApiKey(db, { prefix: "aivis", name: "alice 1", userId: alice, now: T0 + 1 });
    await createApiKey(db, { prefix: "aivis", name: "bob 1", userId: bob, now: T0 + 2 });

    expect((await listApiKeys(db, null)).map((k) => k.name)).toEqual(["ops"]);
    expect(await listApiKeys(db, alice)).toEqual([
      { id: aliceKey.id, userId: alice, name: "alice 1", visibleStart: aliceKey.visibleStart, createdAt: T0 + 1, lastUsedAt: null, revokedAt: null },
    ]);
    const all = await listAllApiKeys(db);
    expect(all.map((k) => [k.name, k.userEmail])).toEqual([
      ["bob 1", "bob@example.com"],
      ["alice 1", "alice@example.com"],
      ["ops", null],
    ]);
    const everything = JSON.stringify([...all, ...await listApiKeys(db, null)]);
    expect(everything).not.toContain(operatorKey.key);
    expect(everything).not.toContain("keyHash");
    expect(everything).not.toContain("key_hash");
  });
});

describe("revokeApiKey", () => {
  test("is scoped to the owner when a user is given", async () => {
    const alice = await addUser("alice@example.com");
    const bob = await addUser("bob@example.com");
    const aliceKey = await createApiKey(db, { prefix: "aivis", name: "a", userId: alice, now: T0 });
    const operatorKey = await createApiKey(db, { prefix: "aivis", name: "ops", userId: null, now: T0 });

    expect(await revokeApiKey(db, aliceKey.id, T0 + 5, bob)).toBe(false);
    expect(await revokeApiKey(db, aliceKey.id, T0 + 5, null)).toBe(false);
    expect(await revokeApiKey(db, operatorKey.id, T0 + 5, alice)).toBe(false);
    expect((await listApiKeys(db, alice))[0]!.revokedAt).toBeNull();

    expect(await revokeApiKey(db, aliceKey.id, T0 + 5, alice)).toBe(true);
    expect((await listApiKeys(db, alice))[0]!.revokedAt).toBe(T0 + 5);
    // Already revoked: nothing to do, and the first revocation time stays.
    expect(await revokeApiKey(db, aliceKey.id, T0 + 9, alice)).toBe(false);
    expect((await listApiKeys(db, alice))[0]!.revokedAt).toBe(T0 + 5);

    expect(await revokeApiKey(db, operatorKey.id, T0 + 6, null)).toBe(true);
  });

  test("without a user, any key can be revoked; unknown ids are false", async () => {
    const alice = await addUser("alice@example.com");
    const aliceKey = await createApiKey(db, { prefix: "aivis", name: "a", userId: alice, now: T0 });
    expect(await revokeApiKey(db, aliceKey.id, T0 + 1)).toBe(true);
    expect(await revokeApiKey(db, 999, T0 + 1)).toBe(false);
  });
});

describe("verifyApiKey", () => {
  test("accepts a known key and refuses it right after revocation", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: T0 });
    expect(await verifyApiKey(db, "aivis", created.key, T0 + 1)).toEqual({ ok: true, keyId: created.id });
    await revokeApiKey(db, created.id, T0 + 2);
    expect(await verifyApiKey(db, "aivis", created.key, T0 + 3)).toEqual({ ok: false, revoked: true });
  });

  test("refuses a key with a changed character before any look-up", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: T0 });
    const spy = countingFind();
    const last = created.key.at(-1)!;
    const changed = created.key.slice(0, -1) + BASE62_ALPHABET[(BASE62_ALPHABET.indexOf(last) + 1) % 62];
    expect(await verifyApiKey(db, "aivis", changed, T0, spy.find)).toEqual({ ok: false });
    expect(await verifyApiKey(db, "aivis", "aivis_short", T0, spy.find)).toEqual({ ok: false });
    expect(spy.calls()).toBe(0);
    // The same spy does see the look-up for a well-formed key, so the zero above means something.
    expect((await verifyApiKey(db, "aivis", created.key, T0, spy.find)).ok).toBe(true);
    expect(spy.calls()).toBe(1);
  });

  test("refuses a well-formed key that was never issued", async () => {
    await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: T0 });
    const spy = countingFind();
    const stranger = await createApiKey(openDatabase(":memory:"), { prefix: "aivis", name: "elsewhere", userId: null, now: T0 });
    expect(await verifyApiKey(db, "aivis", stranger.key, T0, spy.find)).toEqual({ ok: false });
    expect(spy.calls()).toBe(1);
  });

  test("records the last use, at most once per resolution window", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: T0 });
    expect(await lastUsedAt(created.id)).toBeNull();
    await verifyApiKey(db, "aivis", created.key, T0 + 1_000);
    expect(await lastUsedAt(created.id)).toBe(T0 + 1_000);
    await verifyApiKey(db, "aivis", created.key, T0 + 1_000 + LAST_USED_RESOLUTION_MS - 1);
    expect(await lastUsedAt(created.id)).toBe(T0 + 1_000);
    await verifyApiKey(db, "aivis", created.key, T0 + 1_000 + LAST_USED_RESOLUTION_MS + 1);
    expect(await lastUsedAt(created.id)).toBe(T0 + 1_000 + LAST_USED_RESOLUTION_MS + 1);
  });
});
