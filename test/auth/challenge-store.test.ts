import { beforeEach, describe, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { getSetting, setSettingIfAbsent } from "../../src/store/settings-repo.ts";
import { countUsedChallenges, markChallengeUsed } from "../../src/store/used-challenges-repo.ts";

let db: Db;

beforeEach(() => {
  db = openDatabase(":memory:");
});

describe("settings", () => {
  test("setSettingIfAbsent keeps the first value and returns it", async () => {
    expect(await getSetting(db, "k")).toBeNull();
    expect(await setSettingIfAbsent(db, "k", "first")).toBe("first");
    expect(await setSettingIfAbsent(db, "k", "second")).toBe("first");
    expect(await getSetting(db, "k")).toBe("first");
  });
});

describe("used challenges", () => {
  test("a digest is accepted once until it expires", async () => {
    expect(await markChallengeUsed(db, "d1", 2_000, 1_000)).toBe(true);
    expect(await markChallengeUsed(db, "d1", 2_000, 1_500)).toBe(false);
    expect(await markChallengeUsed(db, "d2", 2_000, 1_500)).toBe(true);
  });

  test("expired rows are purged", async () => {
    await markChallengeUsed(db, "old", 2_000, 1_000);
    await markChallengeUsed(db, "newer", 5_000, 1_000);
    expect(await countUsedChallenges(db)).toBe(2);
    await markChallengeUsed(db, "fresh", 9_000, 3_000);
    expect(await countUsedChallenges(db)).toBe(2);
    const digests = (await db.all<{ digest: string }>("SELECT digest FROM used_challenges ORDER BY digest")).map((r) => r.digest);
    expect(digests).toEqual(["fresh", "newer"]);
  });
});
