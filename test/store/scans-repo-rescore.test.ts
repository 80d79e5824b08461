/**
 * The store functions `sightline rescore` relies on: the domains to walk, fixed when a run starts and
 * read a page at a time; the artifacts of one scan; and that a re-scored row inserted with its scan's
 * time becomes the latest record without changing the rows before it.
 */
import { beforeEach, describe, expect, test } from "bun:test";
import type { Db } from "../../src/store/database.ts";
import { countScannedDomains, insertScan, lastScanId, latestScan, type NewScan, scannedDomainsAfter, storedArtifacts } from "../../src/store/scans-repo.ts";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const T = POSTGRES_HOOK_TIMEOUT_MS;

/** The current test's database: a new one per test, closed by its engine after the engine's tests. */
let db: Db;

function scan(domain: string, scannedAt: number, overrides: Partial<NewScan> = {}): Promise<number> {
  return insertScan(db, {
    domain,
    status: "ok",
    score: 50,
    scannedAt,
    recordJson: JSON.stringify({ domain, scannedAt: new Date(scannedAt).toISOString() }),
    artifactsJson: JSON.stringify({ of: domain, at: scannedAt }),
    caller: { kind: "pipeline" },
    ...overrides,
  });
}

forEachStoreEngine((engine) => {
  beforeEach(async () => {
    db = await engine.open();
  }, T);

  describe("the domains to re-score", () => {
    test("an empty store has none", async () => {
      expect(await lastScanId(db)).toBe(0);
      expect(await countScannedDomains(db, 0)).toBe(0);
      expect(await scannedDomainsAfter(db, "", 0, 10)).toEqual([]);
    }, T);

    test("each domain once, in order, a page at a time", async () => {
      for (const [index, domain] of ["c.test", "a.test", "b.test", "a.test", "d.test", "c.test"].entries()) await scan(domain, 1000 + index);
      const upTo = await lastScanId(db);
      expect(await countScannedDomains(db, upTo)).toBe(4);
      expect(await scannedDomainsAfter(db, "", upTo, 3)).toEqual(["a.test", "b.test", "c.test"]);
      expect(await scannedDomainsAfter(db, "c.test", upTo, 3)).toEqual(["d.test"]);
      expect(await scannedDomainsAfter(db, "d.test", upTo, 3)).toEqual([]);
    }, T);

    test("domains first scanned after the run started are not walked; new scans of listed domains do not matter", async () => {
      await scan("b.test", 1000);
      await scan("d.test", 1000);
      const upTo = await lastScanId(db);
      await scan("a.test", 2000);
      await scan("c.test", 2000);
      await scan("b.test", 2000);
      expect(await countScannedDomains(db, upTo)).toBe(2);
      expect(await scannedDomainsAfter(db, "", upTo, 10)).toEqual(["b.test", "d.test"]);
    }, T);
  });

  describe("storedArtifacts", () => {
    test("the artifacts of one scan with its domain and time; null for an unknown id", async () => {
      const id = await scan("a.test", 1234);
      const without = await scan("a.test", 1300, { artifactsJson: null });
      expect(await storedArtifacts(db, id)).toEqual({ domain: "a.test", scannedAt: 1234, artifactsJson: JSON.stringify({ of: "a.test", at: 1234 }) });
      expect(await storedArtifacts(db, without)).toEqual({ domain: "a.test", scannedAt: 1300, artifactsJson: null });
      expect(await storedArtifacts(db, 999)).toBeNull();
    }, T);
  });

  describe("a re-scored row", () => {
    test("inserted with its scan's time it is the latest, older rows stay as they were, and a newer scan stays ahead of it", async () => {
      const original = await scan("a.test", 5000, { recordJson: '{"v":"original"}' });
      const before = await latestScan(db, "a.test");
      expect(before?.id).toBe(original);

      const rescored = await scan("a.test", 5000, { recordJson: '{"v":"rescored"}', artifactsJson: null, caller: { kind: "cli" } });
      expect(await latestScan(db, "a.test")).toMatchObject({ id: rescored, scannedAt: 5000, recordJson: '{"v":"rescored"}' });
      const rows = await db.all<{ id: number; record: string; artifacts: string | null }>("SELECT id, record, artifacts FROM scans ORDER BY id");
      expect(rows).toEqual([
        { id: original, record: '{"v":"original"}', artifacts: JSON.stringify({ of: "a.test", at: 5000 }) },
        { id: rescored, record: '{"v":"rescored"}', artifacts: null },
      ]);

      // A scan that finished while an older one was being re-scored stays the latest.
      const fresh = await scan("a.test", 6000, { recordJson: '{"v":"fresh"}' });
      await scan("a.test", 5000, { recordJson: '{"v":"rescored late"}', artifactsJson: null, caller: { kind: "cli" } });
      expect((await latestScan(db, "a.test"))?.id).toBe(fresh);
    }, T);

    test("a second connection (the server) sees it as the latest once it is committed", async () => {
      const { a: server, b: cli, closeAll } = await twoHandles(engine);
      try {
        await insertScan(server, { domain: "a.test", status: "ok", score: 40, scannedAt: 5000, recordJson: '{"v":1}', artifactsJson: "{}", caller: { kind: "pipeline" } });
        expect((await latestScan(server, "a.test"))?.recordJson).toBe('{"v":1}');
        const rescored = await insertScan(cli, { domain: "a.test", status: "ok", score: 60, scannedAt: 5000, recordJson: '{"v":2}', artifactsJson: null, caller: { kind: "cli" } });
        // The server's cache notices the other connection's commit within its check interval (SQLite's
        // data_version; on PostgreSQL a counter a trigger bumps).
        let seen = await latestScan(server, "a.test");
        for (let attempt = 0; attempt < 100 && seen?.id !== rescored; attempt++) {
          await Bun.sleep(20);
          seen = await latestScan(server, "a.test");
        }
        expect(seen).toMatchObject({ id: rescored, score: 60, recordJson: '{"v":2}' });
      } finally {
        await closeAll();
      }
    }, T);
  });
});
