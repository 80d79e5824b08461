/**
 * The store's functions on both engines: every repository against SQLite and PostgreSQL, with the
 * same expectations. What several instances rely on is tested with two handles on one database
 * (two processes on one SQLite file, two instances on one PostgreSQL database): joins, exact rate
 * limits, single-use challenges, claims that never hand one job to two workers, and a cache of
 * newest records that sees another handle's write.
 */
import { expect, test } from "bun:test";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";
import {
  countFilteredScans,
  countScannedDomains,
  countScansOf,
  countScansOfUser,
  filteredScans,
  insertScan,
  analysedPages,
  lastScanId,
  latestScan,
  scanHistory,
  scanBefore,
  scanHistoryPage,
  scannedDomainsAfter,
  scansOfUser,
  storedArtifacts,
  type NewScan,
} from "../../src/store/scans-repo.ts";
import { activeJobFor, claimDueJob, countJobsByState, extendJobLease, finishLeasedJob, jobById, requeueLeasedJob, setJobProgress } from "../../src/store/jobs-repo.ts";
import { enqueueScan } from "../../src/scans/queue.ts";
import { consumeRateLimits } from "../../src/limits/rate-limiter.ts";
import { insertApiKey, findApiKeyByHash, setApiKeyRevoked, touchApiKeyLastUsed, allApiKeysWithOwner } from "../../src/store/api-keys-repo.ts";
import { countFilteredUsers, filteredUsers, findUserByEmail, insertUser, listUsers } from "../../src/store/users-repo.ts";
import { deleteSession, findSession, insertSession, purgeExpiredSessions, touchSession } from "../../src/store/sessions-repo.ts";
import { markChallengeUsed } from "../../src/store/used-challenges-repo.ts";
import { getSetting, setSettingIfAbsent } from "../../src/store/settings-repo.ts";
import { insertKeyFlash, takeKeyFlashes } from "../../src/store/key-flashes-repo.ts";
import { claimLoginAttempt, loginSubjects } from "../../src/accounts/login-throttle.ts";
import type { Db } from "../../src/store/database.ts";

const T = POSTGRES_HOOK_TIMEOUT_MS;

function scan(domain: string, scannedAt: number, extra: Partial<NewScan> = {}): NewScan {
  return {
    domain,
    status: "ok",
    score: 70,
    grade: "B",
    scannedAt,
    recordJson: JSON.stringify({ domain, result: { grade: "B" } }),
    artifactsJson: null,
    caller: { kind: "pipeline" },
    ...extra,
  };
}

forEachStoreEngine((engine) => {
  test("opens migrated, and migrating again applies nothing", async () => {
    const db = await engine.open();
    expect(await db.schemaVersion()).toBeGreaterThan(0);
    expect(await db.migrate()).toEqual([]);
    expect(db.engine).toBe(engine.name);
  }, T);

  test("two handles opening one new database at once migrate it once", async () => {
    const location = await engine.location();
    const { openDatabase, openPostgres } = await import("../../src/store/database.ts");
    const open = () => (engine.name === "sqlite" ? Promise.resolve(openDatabase(location)) : openPostgres(location));
    const [a, b] = await Promise.all([open(), open()]);
    try {
      expect(await a.schemaVersion()).toBe(await b.schemaVersion());
      await insertScan(a, scan("once.test", 1));
      expect((await latestScan(b, "once.test"))?.domain).toBe("once.test");
    } finally {
      await a.close();
      await b.close();
    }
  }, T);

  test("scans: newest per domain, history pages with grade and rescored, filters taken literally", async () => {
    const db = await engine.open();
    const first = await insertScan(db, scan("a.test", 1000));
    const second = await insertScan(db, scan("a.test", 2000, { recordJson: JSON.stringify({ result: { grade: "A" }, rescoredFrom: { scanId: first } }), score: 95, grade: "A", rescored: true }));
    await insertScan(db, scan("b_c.test", 1500, { status: "failed", score: null, recordJson: "{}", caller: { kind: "challenge" } }));
    await insertScan(db, scan("bxc.test", 1600, { artifactsJson: '{"a":1}' }));

    expect((await latestScan(db, "a.test"))?.id).toBe(second);
    expect(await latestScan(db, "none.test")).toBeNull();
    expect(await scanHistoryPage(db, "a.test", 10, 0)).toEqual([
      { id: second, status: "ok", score: 95, scannedAt: 2000, grade: "A", rescored: 1 },
      { id: first, status: "ok", score: 70, scannedAt: 1000, grade: "B", rescored: 0 },
    ]);
    expect(await countScansOf(db, "a.test")).toBe(2);
    expect((await scanBefore(db, { id: second, domain: "a.test", scannedAt: 2000 }, "ok"))?.id).toBe(first);

    // "_" typed in the filter is a character, not a wildcard: bxc.test must not match.
    expect((await filteredScans(db, { domainContains: "b_c" }, 10, 0)).map((row) => row.domain)).toEqual(["b_c.test"]);
    expect(await countFilteredScans(db, { status: "failed" })).toBe(1);
    expect(await countFilteredScans(db, { callerKind: "challenge" })).toBe(1);
    expect(await countFilteredScans(db, { from: 1500, until: 2000 })).toBe(2);
    expect(await countFilteredScans(db, {})).toBe(4);

    const upTo = await lastScanId(db);
    expect(await countScannedDomains(db, upTo)).toBe(3);
    expect(await scannedDomainsAfter(db, "", upTo, 2)).toEqual(["a.test", "b_c.test"]);
    expect(await scannedDomainsAfter(db, "b_c.test", upTo, 2)).toEqual(["bxc.test"]);
    const stored = await storedArtifacts(db, upTo);
    expect(stored).toEqual({ domain: "bxc.test", scannedAt: 1600, artifactsJson: '{"a":1}' });
  }, T);

  test("scans per page: the newest of each page, of the domain, the page's history, and the analysed pages newest first", async () => {
    const db = await engine.open();
    const home = await insertScan(db, scan("pages.test", 1000));
    const x = await insertScan(db, scan("pages.test", 2000, { pageUrl: "https://pages.test/x" }));
    const y = await insertScan(db, scan("pages.test", 3000, { pageUrl: "https://pages.test/y", status: "failed", score: null }));
    // Read before the next insert, so that the cache must forget every page of the domain on it.
    expect((await latestScan(db, "pages.test", "https://pages.test/x"))?.id).toBe(x);
    const x2 = await insertScan(db, scan("pages.test", 4000, { pageUrl: "https://pages.test/x" }));

    expect(await latestScan(db, "pages.test")).toMatchObject({ id: x2, pageUrl: "https://pages.test/x" });
    expect(await latestScan(db, "pages.test", "https://pages.test/x")).toMatchObject({ id: x2, scannedAt: 4000 });
    expect(await latestScan(db, "pages.test", "https://pages.test/y")).toMatchObject({ id: y, status: "failed" });
    expect(await latestScan(db, "pages.test", null)).toMatchObject({ id: home, pageUrl: null });
    expect(await latestScan(db, "pages.test", "https://pages.test/z")).toBeNull();
    expect((await scanHistory(db, "pages.test", 10, "https://pages.test/x")).map((row) => row.id)).toEqual([x2, x]);
    expect((await scanHistory(db, "pages.test", 10)).map((row) => row.id)).toEqual([x2, y, x, home]);
    expect(await analysedPages(db, "pages.test", 10)).toEqual([
      { pageUrl: "https://pages.test/x", lastScannedAt: 4000, status: "ok", scans: 2 },
      { pageUrl: "https://pages.test/y", lastScannedAt: 3000, status: "failed", scans: 1 },
      { pageUrl: null, lastScannedAt: 1000, status: "ok", scans: 1 },
    ]);
    expect(await analysedPages(db, "pages.test", 1)).toHaveLength(1);
    expect(await analysedPages(db, "none.test", 10)).toEqual([]);
  }, T);

  test("jobs of two pages of one domain are both active; the homepage's joins only the homepage", async () => {
    const db = await engine.open();
    const x = await enqueueScan(db, "two.test", { kind: "pipeline" }, 100, "https://two.test/x");
    const y = await enqueueScan(db, "two.test", { kind: "pipeline" }, 101, "https://two.test/y");
    const home = await enqueueScan(db, "two.test", { kind: "pipeline" }, 102);
    expect(new Set([x, y, home]).size).toBe(3);
    expect(await enqueueScan(db, "two.test", { kind: "challenge" }, 103)).toBe(home);
    expect(await enqueueScan(db, "two.test", { kind: "challenge" }, 104, "https://two.test/y")).toBe(y);
    expect((await activeJobFor(db, "two.test", "https://two.test/y"))?.id).toBe(y);
    expect((await activeJobFor(db, "two.test", null))?.id).toBe(home);
    expect((await activeJobFor(db, "two.test"))?.id).toBe(x);
    expect(await countJobsByState(db)).toEqual({ queued: 3, running: 0, failed: 0 });
    // Once the page's job ends, the page may be queued again.
    const claimed = await claimDueJob(db, "t", 10_000, 200);
    expect(claimed?.id).toBe(x);
    expect(await finishLeasedJob(db, x, "t", "done", null, 201)).toBe(true);
    expect(await enqueueScan(db, "two.test", { kind: "pipeline" }, 202, "https://two.test/x")).not.toBe(x);
  }, T);

  test("the newest-record cache sees a record another handle stored", async () => {
    const { a, b, closeAll } = await twoHandles(engine);
    try {
      await insertScan(a, scan("cached.test", 1000));
      expect((await latestScan(b, "cached.test"))?.scannedAt).toBe(1000);
      await insertScan(a, scan("cached.test", 2000));
      // The other handle notices within its change check (200 ms): poll for at most 5 s.
      const deadline = Date.now() + 5000;
      let seen = (await latestScan(b, "cached.test"))?.scannedAt;
      while (seen !== 2000 && Date.now() < deadline) {
        await Bun.sleep(50);
        seen = (await latestScan(b, "cached.test"))?.scannedAt;
      }
      expect(seen).toBe(2000);
    } finally {
      await closeAll();
    }
  }, T);

  test("jobs: one active job per page, lease-token rules, progress and counts", async () => {
    const db = await engine.open();
    const keyId = await insertApiKey(db, { userId: null, name: "k", keyHash: new Uint8Array([7]), visibleStart: "sl_k", createdAt: 1 });
    const id = await enqueueScan(db, "job.test", { kind: "key", keyId }, 100, "https://job.test/page");
    expect(await enqueueScan(db, "job.test", { kind: "challenge" }, 101, "https://job.test/page")).toBe(id);
    expect(await activeJobFor(db, "job.test")).toMatchObject({ id, state: "queued" });
    expect(await activeJobFor(db, "job.test", "https://job.test/page")).toMatchObject({ id, state: "queued" });
    expect(await activeJobFor(db, "job.test", null)).toBeNull();

    const claimed = await claimDueJob(db, "token-1", 10_100, 200);
    expect(claimed).toMatchObject({ id, domain: "job.test", targetUrl: "https://job.test/page", callerKind: "key", apiKeyId: keyId, attempts: 1 });
    expect(await claimDueJob(db, "token-2", 10_200, 300)).toBeNull();
    expect(await setJobProgress(db, id, "token-1", '{"done":1}', 300)).toBe(true);
    expect(await setJobProgress(db, id, "wrong", '{"done":2}', 300)).toBe(false);
    expect((await activeJobFor(db, "job.test"))?.progressJson).toBe('{"done":1}');
    expect(await extendJobLease(db, id, "token-1", 20_000, 400)).toBe(true);

    // The lease runs out: another worker takes the job over, and the first token can change nothing.
    const taken = await claimDueJob(db, "token-3", 40_000, 20_001);
    expect(taken?.attempts).toBe(2);
    expect(await finishLeasedJob(db, id, "token-1", "done", null, 20_002)).toBe(false);
    expect(await requeueLeasedJob(db, id, "token-3", { runAfter: 30_000, lastError: "try later", refundAttempt: true }, 20_003)).toBe(true);
    expect((await jobById(db, id))?.attempts).toBe(1);
    expect(await countJobsByState(db)).toEqual({ queued: 1, running: 0, failed: 0 });
    const again = await claimDueJob(db, "token-4", 60_000, 30_000);
    expect(await finishLeasedJob(db, again!.id, "token-4", "failed", "gave up", 30_001)).toBe(true);
    expect(await jobById(db, id)).toMatchObject({ state: "failed", lastError: "gave up" });
    expect(await countJobsByState(db)).toEqual({ queued: 0, running: 0, failed: 1 });
  }, T);

  test("claims from two handles in parallel never take one job twice", async () => {
    const { a, b, closeAll } = await twoHandles(engine, { racing: true });
    try {
      for (let i = 0; i < 30; i++) await enqueueScan(a, `claim${i}.test`, { kind: "pipeline" }, i);
      const claimers = Array.from({ length: 6 }, (_, worker) =>
        (async () => {
          const mine: number[] = [];
          for (;;) {
            const job = await claimDueJob(worker % 2 ? a : b, `w${worker}-${mine.length}`, 1_000_000, 100);
            if (!job) return mine;
            mine.push(job.id);
          }
        })(),
      );
      const all = (await Promise.all(claimers)).flat();
      expect(all.length).toBe(30);
      expect(new Set(all).size).toBe(30);
    } finally {
      await closeAll();
    }
  }, T);

  test("rate limits are exact across handles: 20 parallel checks of a limit of 8 admit 8", async () => {
    const { a, b, closeAll } = await twoHandles(engine, { racing: true });
    try {
      const rules = [{ name: "ip" as const, bucket: "ip:192.0.2.1", limit: 8, windowSeconds: 3600 }];
      const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => consumeRateLimits(i % 2 ? a : b, rules, 1_000_000 + i)));
      expect(decisions.filter((decision) => decision.ok).length).toBe(8);
      const refused = decisions.find((decision) => !decision.ok);
      expect(refused && !refused.ok ? refused.retryAfterSeconds : 0).toBeGreaterThan(3500);
    } finally {
      await closeAll();
    }
  }, T);

  test("a challenge solution is accepted once, even when replayed in parallel from two handles", async () => {
    const { a, b, closeAll } = await twoHandles(engine, { racing: true });
    try {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => markChallengeUsed(i % 2 ? a : b, "digest-1", 10_000, 1000)));
      expect(results.filter(Boolean).length).toBe(1);
      // Expired entries are purged, so the same digest is new again after its expiry.
      expect(await markChallengeUsed(a, "digest-1", 30_000, 20_000)).toBe(true);
    } finally {
      await closeAll();
    }
  }, T);

  test("settings: two handles racing to set a value end up with the same one", async () => {
    const { a, b, closeAll } = await twoHandles(engine, { racing: true });
    try {
      const [x, y] = await Promise.all([setSettingIfAbsent(a, "k", "from-a"), setSettingIfAbsent(b, "k", "from-b")]);
      expect(x).toBe(y);
      expect(await getSetting(a, "k")).toBe(x);
      expect(await getSetting(a, "missing")).toBeNull();
    } finally {
      await closeAll();
    }
  }, T);

  test("users and keys: unique email, byte hashes round-trip, revocation scopes, literal search", async () => {
    const db = await engine.open();
    const alice = (await insertUser(db, { email: "a_lice@example.com", passwordHash: "h", createdAt: 1 }))!;
    expect(await insertUser(db, { email: "a_lice@example.com", passwordHash: "h2", createdAt: 2 })).toBeNull();
    await insertUser(db, { email: "ablice@example.com", passwordHash: "h", createdAt: 3 });
    expect((await findUserByEmail(db, "a_lice@example.com"))?.id).toBe(alice);

    const hash = new Uint8Array([0, 1, 2, 250, 255]);
    const keyId = await insertApiKey(db, { userId: alice, name: "ci", keyHash: hash, visibleStart: "sl_abc", createdAt: 10 });
    const operatorKey = await insertApiKey(db, { userId: null, name: "ops", keyHash: new Uint8Array([9]), visibleStart: "sl_ops", createdAt: 11 });
    expect(await findApiKeyByHash(db, hash)).toEqual({ id: keyId, revokedAt: null, lastUsedAt: null });
    await touchApiKeyLastUsed(db, keyId, 100, 50);
    await touchApiKeyLastUsed(db, keyId, 120, 50);
    expect((await findApiKeyByHash(db, hash))?.lastUsedAt).toBe(100);

    expect(await setApiKeyRevoked(db, keyId, 200, { kind: "operator" })).toBe(false);
    expect(await setApiKeyRevoked(db, keyId, 200, { kind: "user", userId: alice + 1000 })).toBe(false);
    expect(await setApiKeyRevoked(db, keyId, 200, { kind: "user", userId: alice })).toBe(true);
    expect(await setApiKeyRevoked(db, keyId, 300, { kind: "any" })).toBe(false);
    expect(await setApiKeyRevoked(db, operatorKey, 300, { kind: "operator" })).toBe(true);

    const owners = await allApiKeysWithOwner(db);
    expect(owners.map((key) => [key.name, key.userEmail])).toEqual([
      ["ops", null],
      ["ci", "a_lice@example.com"],
    ]);
    expect((await listUsers(db, 10)).find((user) => user.id === alice)).toMatchObject({ activeKeys: 0, revokedKeys: 1 });
    expect((await filteredUsers(db, "a_l", 10, 0)).map((user) => user.email)).toEqual(["a_lice@example.com"]);
    expect(await countFilteredUsers(db, null)).toBe(2);

    await insertScan(db, scan("mine.test", 5, { caller: { kind: "key", keyId } }));
    expect((await scansOfUser(db, alice, 10, 0)).map((row) => [row.domain, row.apiKeyName])).toEqual([["mine.test", "ci"]]);
    expect(await countScansOfUser(db, alice)).toBe(1);
  }, T);

  test("sessions and key flashes: found by hash, touched, expired, taken once", async () => {
    const db = await engine.open();
    const tokenHash = new Uint8Array(32).fill(7);
    await insertSession(db, { tokenHash, kind: "user", userId: null, createdAt: 1, lastSeenAt: 1, idleExpiresAt: 100, absoluteExpiresAt: 1000 });
    await touchSession(db, tokenHash, 50, 150);
    expect(await findSession(db, tokenHash)).toEqual({ kind: "user", userId: null, createdAt: 1, lastSeenAt: 50, idleExpiresAt: 150, absoluteExpiresAt: 1000 });

    await insertKeyFlash(db, tokenHash, new Uint8Array([1, 2]), 500);
    await insertKeyFlash(db, tokenHash, new Uint8Array([3]), 10);
    expect(await takeKeyFlashes(db, tokenHash, 100)).toEqual([new Uint8Array([1, 2])]);
    expect(await takeKeyFlashes(db, tokenHash, 100)).toEqual([]);

    expect(await purgeExpiredSessions(db, 149)).toBe(0);
    expect(await purgeExpiredSessions(db, 150)).toBe(1);
    expect(await findSession(db, tokenHash)).toBeNull();
    await deleteSession(db, tokenHash);
  }, T);

  test("sign-in throttling counts parallel wrong attempts exactly, across handles", async () => {
    const { a, b, closeAll } = await twoHandles(engine, { racing: true });
    try {
      const subjects = loginSubjects("user", "198.51.100.7", "victim@example.com");
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimLoginAttempt(i % 2 ? a : b, subjects, 1000)));
      // As one after another: the fifth failure of an account locks it, so every later attempt meets the lock.
      expect(claims.filter((claim) => claim.ok).length).toBe(5);
    } finally {
      await closeAll();
    }
  }, T);

  test("a failing statement is reported once, inside a transaction too; a body's own error is not a database error", async () => {
    const location = await engine.location();
    const failures: unknown[] = [];
    const { openDatabase, openPostgres } = await import("../../src/store/database.ts");
    const options = { onError: (error: unknown) => failures.push(error) };
    const db = engine.name === "sqlite" ? openDatabase(location, options) : await openPostgres(location, options);
    try {
      await expect(db.run("INSERT INTO no_such_table VALUES (1)")).rejects.toThrow();
      expect(failures.length).toBe(1);
      await expect(db.transaction(() => db.run("INSERT INTO no_such_table VALUES (1)"))).rejects.toThrow();
      expect(failures.length).toBe(2);
      await expect(
        db.transaction(async () => {
          throw new Error("not the database");
        }),
      ).rejects.toThrow("not the database");
      expect(failures.length).toBe(2);
    } finally {
      await db.close();
    }
  }, T);

  test("a transaction that throws leaves nothing behind, and takes no other request's write with it", async () => {
    const db = await engine.open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = db.exclusive(async () => {
      await insertScan(db, scan("rolled.test", 1));
      await held;
      throw new Error("boom");
    });
    // Issued while the transaction is open: on SQLite (one connection) it must wait rather than join it.
    const outside = insertScan(db, scan("outside.test", 2));
    await Bun.sleep(20);
    release();
    await expect(failing).rejects.toThrow("boom");
    await outside;
    expect(await latestScan(db, "rolled.test")).toBeNull();
    expect((await latestScan(db, "outside.test"))?.scannedAt).toBe(2);
    expect(await countAll(db)).toBe(1);
  }, T);
});

async function countAll(db: Db): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM scans"))!.count;
}
