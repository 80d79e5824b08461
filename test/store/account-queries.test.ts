/**
 * The store functions behind the admin lists, "My scans" and the one-time key display: literal LIKE
 * matching, every filter combination from one statement, scans by a user's keys, and key flashes that
 * are read once and expire.
 */
import { describe, expect, test } from "bun:test";
import type { Db } from "../../src/store/database.ts";
import { containsPattern } from "../../src/store/like-pattern.ts";
import { countFilteredScans, countScansOfUser, filteredScans, insertScan, scansOfUser, type ScanFilter } from "../../src/store/scans-repo.ts";
import { countFilteredUsers, filteredUsers, insertUser } from "../../src/store/users-repo.ts";
import { insertApiKey } from "../../src/store/api-keys-repo.ts";
import { insertSession } from "../../src/store/sessions-repo.ts";
import { insertKeyFlash, purgeKeyFlashes, takeKeyFlashes } from "../../src/store/key-flashes-repo.ts";
import { forEachStoreEngine } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const T = POSTGRES_HOOK_TIMEOUT_MS;

async function scan(d: Db, domain: string, at: number, extra: { status?: "ok" | "failed"; apiKeyId?: number | null } = {}): Promise<void> {
  await insertScan(d, { domain, status: extra.status ?? "ok", score: 1, scannedAt: at, recordJson: "{}", artifactsJson: null, caller: extra.apiKeyId ? { kind: "key", keyId: extra.apiKeyId } : { kind: "cli" } });
}

describe("containsPattern", () => {
  test("escapes the LIKE wildcards and the escape character itself", () => {
    expect(containsPattern("a_b%c\\d")).toBe("%a\\_b\\%c\\\\d%");
    expect(containsPattern("plain")).toBe("%plain%");
  });
});

forEachStoreEngine((engine) => {
  describe("filteredScans", () => {
    test("each filter alone and together; counts agree with the rows", async () => {
      const d = await engine.open();
      await scan(d, "a_b.test", 100);
      await scan(d, "axb.test", 200, { status: "failed" });
      await scan(d, "back\\slash.test", 300);
      const cases: [ScanFilter, string[]][] = [
        [{}, ["back\\slash.test", "axb.test", "a_b.test"]],
        [{ domainContains: "A_B" }, ["a_b.test"]],
        [{ domainContains: "\\" }, ["back\\slash.test"]],
        [{ domainContains: "%" }, []],
        [{ status: "failed" }, ["axb.test"]],
        [{ callerKind: "key" }, []],
        [{ from: 200 }, ["back\\slash.test", "axb.test"]],
        [{ until: 200 }, ["a_b.test"]],
        [{ from: 100, until: 300, status: "ok" }, ["a_b.test"]],
      ];
      for (const [filter, expected] of cases) {
        expect((await filteredScans(d, filter, 10, 0)).map((row) => row.domain)).toEqual(expected);
        expect(await countFilteredScans(d, filter)).toBe(expected.length);
      }
      expect((await filteredScans(d, {}, 1, 1)).map((row) => row.domain)).toEqual(["axb.test"]);
    }, T);
  });

  describe("scans of a user", () => {
    test("only the scans asked for with the user's keys", async () => {
      const d = await engine.open();
      const ann = (await insertUser(d, { email: "ann@example.com", passwordHash: "x", createdAt: 0 }))!;
      const bob = (await insertUser(d, { email: "bob@example.com", passwordHash: "x", createdAt: 0 }))!;
      const key = (userId: number | null, name: string) => insertApiKey(d, { userId, name, keyHash: crypto.getRandomValues(new Uint8Array(32)), visibleStart: "aivis_x", createdAt: 0 });
      const annKey = await key(ann, "ann");
      const bobKey = await key(bob, "bob");
      const operatorKey = await key(null, "op");
      await scan(d, "ann.test", 1, { apiKeyId: annKey });
      await scan(d, "bob.test", 2, { apiKeyId: bobKey });
      await scan(d, "operator.test", 3, { apiKeyId: operatorKey });
      await scan(d, "nobody.test", 4);
      expect((await scansOfUser(d, ann, 10, 0)).map((row) => [row.domain, row.apiKeyName])).toEqual([["ann.test", "ann"]]);
      expect(await countScansOfUser(d, ann)).toBe(1);
      expect(await countScansOfUser(d, bob)).toBe(1);
      expect(await countScansOfUser(d, 999)).toBe(0);
    }, T);
  });

  describe("filteredUsers", () => {
    test("matches the email literally and pages", async () => {
      const d = await engine.open();
      for (const [index, email] of ["a_b@example.com", "axb@example.com", "c@example.org"].entries()) await insertUser(d, { email, passwordHash: "x", createdAt: index });
      expect((await filteredUsers(d, null, 10, 0)).map((user) => user.email)).toEqual(["c@example.org", "axb@example.com", "a_b@example.com"]);
      expect((await filteredUsers(d, "a_b", 10, 0)).map((user) => user.email)).toEqual(["a_b@example.com"]);
      expect(await countFilteredUsers(d, "example.com")).toBe(2);
      expect(await countFilteredUsers(d, "   ")).toBe(3);
      expect((await filteredUsers(d, null, 1, 2)).map((user) => user.email)).toEqual(["a_b@example.com"]);
    }, T);
  });

  describe("key flashes", () => {
    test("taken once, per session, until they expire; they go with their session", async () => {
      const d = await engine.open();
      const session = async (byte: number) => {
        const tokenHash = new Uint8Array(32).fill(byte);
        await insertSession(d, { tokenHash, kind: "user", userId: null, createdAt: 0, lastSeenAt: 0, idleExpiresAt: 1e12, absoluteExpiresAt: 1e12 });
        return tokenHash;
      };
      const one = await session(1);
      const two = await session(2);
      await insertKeyFlash(d, one, new Uint8Array([1]), 1000);
      await insertKeyFlash(d, one, new Uint8Array([2]), 1000);
      await insertKeyFlash(d, two, new Uint8Array([3]), 1000);
      expect((await takeKeyFlashes(d, one, 500)).map((sealed) => [...sealed])).toEqual([[1], [2]]);
      expect(await takeKeyFlashes(d, one, 500)).toEqual([]);
      expect(await takeKeyFlashes(d, two, 1000)).toEqual([]);

      await insertKeyFlash(d, two, new Uint8Array([4]), 1000);
      await purgeKeyFlashes(d, 1000);
      expect((await d.get<{ count: number }>("SELECT count(*) AS count FROM key_flashes"))!.count).toBe(0);

      await insertKeyFlash(d, two, new Uint8Array([5]), 1000);
      // Proves the flash was stored, so the zero after the session goes means the cascade removed it.
      expect((await d.get<{ count: number }>("SELECT count(*) AS count FROM key_flashes"))!.count).toBe(1);
      await d.run("DELETE FROM sessions WHERE token_hash = ?", [two]);
      expect((await d.get<{ count: number }>("SELECT count(*) AS count FROM key_flashes"))!.count).toBe(0);
    }, T);
  });
});
