import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { consumeRateLimits, type LimitRule, type RateLimitDecision } from "../../src/limits/rate-limiter.ts";
import { scanLimitRules } from "../../src/limits/scan-limit-rules.ts";
import type { Caller } from "../../src/types/caller.ts";
import { countRateEvents, recentRateRefusals } from "../../src/store/rate-limits-repo.ts";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const limits = { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 };
const HOUR = 3_600_000;
const T0 = 1_750_000_000_000;
const anonymous: Caller = { kind: "challenge" };

const T = POSTGRES_HOOK_TIMEOUT_MS;

const opened: Db[] = [];
const tempDirs: string[] = [];
const threads: Worker[] = [];
afterEach(async () => {
  for (const thread of threads.splice(0)) thread.terminate();
  for (const db of opened.splice(0)) await db.close();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function admit(db: Db, caller: Caller, ip: string, domain: string, now: number, custom = limits): Promise<RateLimitDecision> {
  return consumeRateLimits(db, scanLimitRules(caller, ip, domain, custom), now);
}

function nextMessage(thread: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    thread.onmessage = (event) => resolve(event.data);
    thread.onerror = (event) => reject(new Error(event.message));
  });
}

forEachStoreEngine((engine) => {
  describe("consumeRateLimits", () => {
    test("20 concurrent admissions for one IP from two handles admit exactly 8", async () => {
      // On PostgreSQL: two instances' pools racing. On SQLite one handle twice (see twoHandles); the race
      // between threads on one file is the SQLite-only test below.
      const { a, b, closeAll } = await twoHandles(engine, { racing: true });
      try {
        const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => admit(i % 2 ? a : b, anonymous, "198.51.100.7", `site-${i}.example`, T0)));
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(8);
        for (const refused of outcomes.filter((outcome) => !outcome.ok)) expect(refused.ok ? 0 : refused.retryAfterSeconds).toBe(3600);
        expect(await countRateEvents(a, "ip:198.51.100.7", T0 - HOUR)).toBe(8);
      } finally {
        await closeAll();
      }
    }, T);

    test("the 9th request in an hour waits until the oldest admission leaves the window", async () => {
      const db = await engine.open();
      for (let i = 0; i < 8; i++) expect((await admit(db, anonymous, "192.0.2.1", `s${i}.example`, T0 + i * 60_000)).ok).toBe(true);
      const ninth = await admit(db, anonymous, "192.0.2.1", "s8.example", T0 + 8 * 60_000);
      expect(ninth.ok).toBe(false);
      if (ninth.ok) return;
      expect(ninth.refused.name).toBe("ip");
      expect(ninth.retryAfterSeconds).toBe(3600 - 8 * 60);
      // Just before the first admission leaves the window: still refused, with one second to go.
      const almost = await admit(db, anonymous, "192.0.2.1", "s8.example", T0 + HOUR - 1);
      expect(almost.ok ? 0 : almost.retryAfterSeconds).toBe(1);
      // Sliding: at exactly one hour the first admission no longer counts, and one slot is free.
      const later = await admit(db, anonymous, "192.0.2.1", "s8.example", T0 + HOUR);
      expect(later.ok).toBe(true);
      expect(later.states[0]).toMatchObject({ name: "ip", remaining: 0, resetSeconds: 60 });
      expect((await admit(db, anonymous, "192.0.2.1", "s9.example", T0 + HOUR)).ok).toBe(false);
    }, T);

    test("states report what remains after the admission", async () => {
      const db = await engine.open();
      const first = await admit(db, anonymous, "192.0.2.1", "example.com", T0);
      expect(first).toEqual({
        ok: true,
        states: [
          { name: "ip", limit: 8, windowSeconds: 3600, remaining: 7, resetSeconds: 3600 },
          { name: "domain", limit: 3, windowSeconds: 3600, remaining: 2, resetSeconds: 3600 },
        ],
      });
      const second = await admit(db, anonymous, "192.0.2.1", "example.com", T0 + 1000);
      expect(second.states.map((state) => [state.remaining, state.resetSeconds])).toEqual([
        [6, 3599],
        [1, 3599],
      ]);
    }, T);

    test("a domain admits 3 fresh scans an hour, whoever asks", async () => {
      const db = await engine.open();
      expect((await admit(db, anonymous, "192.0.2.1", "example.com", T0)).ok).toBe(true);
      expect((await admit(db, { kind: "pipeline" }, "192.0.2.2", "example.com", T0)).ok).toBe(true);
      expect((await admit(db, { kind: "key", keyId: 1 }, "192.0.2.3", "example.com", T0)).ok).toBe(true);
      const fourth = await admit(db, { kind: "key", keyId: 2 }, "192.0.2.4", "example.com", T0);
      expect(fourth.ok).toBe(false);
      if (!fourth.ok) expect(fourth.refused.name).toBe("domain");
      expect((await admit(db, anonymous, "192.0.2.4", "other.example", T0)).ok).toBe(true);
    }, T);

    test("each key has 60 an hour, independent of other keys and of anonymous traffic from the same IP", async () => {
      const db = await engine.open();
      const key1: Caller = { kind: "key", keyId: 1 };
      for (let i = 0; i < 60; i++) expect((await admit(db, key1, "192.0.2.1", `k${i}.example`, T0)).ok).toBe(true);
      const sixtyFirst = await admit(db, key1, "192.0.2.1", "k60.example", T0);
      expect(sixtyFirst.ok).toBe(false);
      if (!sixtyFirst.ok) expect(sixtyFirst.refused.name).toBe("key");
      expect((await admit(db, { kind: "key", keyId: 2 }, "192.0.2.1", "k60.example", T0)).ok).toBe(true);
      // The key's 60 scans did not touch the IP bucket.
      const anon = await admit(db, anonymous, "192.0.2.1", "a.example", T0);
      expect(anon.ok).toBe(true);
      expect(anon.states[0]).toMatchObject({ name: "ip", remaining: 7 });
    }, T);

    test("IPv6 addresses in one /64 share a bucket", async () => {
      const db = await engine.open();
      for (let i = 1; i <= 8; i++) expect((await admit(db, anonymous, `2001:db8:1:2::${i}`, `v${i}.example`, T0)).ok).toBe(true);
      expect((await admit(db, anonymous, "2001:db8:1:2:ffff::9", "v9.example", T0)).ok).toBe(false);
      expect((await admit(db, anonymous, "2001:db8:1:3::1", "v9.example", T0)).ok).toBe(true);
    }, T);

    test("a refusal consumes nothing and is recorded for the admin page", async () => {
      const db = await engine.open();
      for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) expect((await admit(db, anonymous, ip, "busy.example", T0)).ok).toBe(true);
      const refused = await admit(db, anonymous, "192.0.2.9", "busy.example", T0 + 5000);
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.retryAfterSeconds).toBe(3595);
      // The IP bucket had room and is reported untouched.
      expect(refused.states).toEqual([
        { name: "ip", limit: 8, windowSeconds: 3600, remaining: 8, resetSeconds: 0 },
        { name: "domain", limit: 3, windowSeconds: 3600, remaining: 0, resetSeconds: 3595 },
      ]);
      expect(await countRateEvents(db, "ip:192.0.2.9", T0 - HOUR)).toBe(0);
      expect(await countRateEvents(db, "domain:busy.example", T0 - HOUR)).toBe(3);
      expect(await recentRateRefusals(db, 10)).toEqual([{ bucket: "domain:busy.example", at: T0 + 5000, retryAfterSeconds: 3595 }]);
      const next = await admit(db, anonymous, "192.0.2.9", "quiet.example", T0 + 5000);
      expect(next.states[0]).toMatchObject({ name: "ip", remaining: 7 });
    }, T);

    test("when several buckets refuse, the longest wait is reported", async () => {
      const db = await engine.open();
      // The IP fills its bucket early; the domain fills its bucket later, so it frees up later.
      for (let i = 0; i < 8; i++) await admit(db, anonymous, "192.0.2.1", `early${i}.example`, T0);
      for (const ip of ["192.0.2.5", "192.0.2.6", "192.0.2.7"]) await admit(db, anonymous, ip, "late.example", T0 + 600_000);
      const decision = await admit(db, anonymous, "192.0.2.1", "late.example", T0 + 700_000);
      expect(decision.ok).toBe(false);
      if (decision.ok) return;
      expect(decision.refused.name).toBe("domain");
      expect(decision.retryAfterSeconds).toBe(3600 - 100);
      expect((await recentRateRefusals(db, 10)).map((refusal) => refusal.bucket).sort()).toEqual(["domain:late.example", "ip:192.0.2.1"]);
    }, T);

    test("a limit of 0 refuses everything for a full window", async () => {
      const db = await engine.open();
      const decision = await admit(db, anonymous, "192.0.2.1", "example.com", T0, { ...limits, perIpPerHour: 0 });
      expect(decision.ok).toBe(false);
      if (decision.ok) return;
      expect(decision.refused).toMatchObject({ name: "ip", limit: 0, remaining: 0 });
      expect(decision.retryAfterSeconds).toBe(3600);
    }, T);

    test("a lowered limit waits for enough old events to leave the window", async () => {
      const db = await engine.open();
      for (let i = 0; i < 5; i++) await admit(db, anonymous, "192.0.2.1", `x${i}.example`, T0 + i * 1000);
      // Five counted, limit now 3: the three oldest must leave, the third at T0 + 2 s + 1 h.
      const decision = await admit(db, anonymous, "192.0.2.1", "y.example", T0 + 10_000, { ...limits, perIpPerHour: 3 });
      expect(decision.ok ? 0 : decision.retryAfterSeconds).toBe(3600 - 8);
    }, T);

    test("events that left the window are purged", async () => {
      const db = await engine.open();
      await admit(db, anonymous, "192.0.2.1", "a.example", T0);
      await admit(db, anonymous, "192.0.2.2", "b.example", T0);
      // Checking a bucket drops its own expired events at once.
      await admit(db, anonymous, "192.0.2.1", "c.example", T0 + HOUR + 1);
      expect(await countRateEvents(db, "ip:192.0.2.1", 0)).toBe(1);
      // Buckets nobody checks again go in the periodic sweep, once older than the longest window allowed.
      expect(await countRateEvents(db, "ip:192.0.2.2", 0)).toBe(1);
      await admit(db, anonymous, "192.0.2.3", "d.example", T0 + 25 * HOUR);
      expect(await countRateEvents(db, "ip:192.0.2.2", 0)).toBe(0);
    }, T);

    test("rules with an impossible window or limit are refused loudly", async () => {
      const db = await engine.open();
      const rule: LimitRule = { name: "ip", bucket: "ip:x", limit: 1, windowSeconds: 0 };
      // Whether it throws at once or rejects, the promise the caller awaits fails with a RangeError.
      await expect((async () => consumeRateLimits(db, [rule], T0))()).rejects.toThrow(RangeError);
      await expect((async () => consumeRateLimits(db, [{ ...rule, windowSeconds: 60, limit: -1 }], T0))()).rejects.toThrow(RangeError);
    }, T);
  });
});

// SQLite only: four Worker threads, each with its own connection to one database file, race real
// concurrent writers through SQLite's file lock (BEGIN IMMEDIATE, busy_timeout). PostgreSQL's race
// between handles is the "two handles" test above.
describe("consumeRateLimits on one SQLite file", () => {
  test("20 concurrent admissions for one IP from four connections admit exactly 8", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-limits-"));
    tempDirs.push(dir);
    const path = join(dir, "limits.sqlite");
    await openDatabase(path).close();

    for (let i = 0; i < 4; i++) {
      const thread = new Worker(new URL("./admit-in-thread.ts", import.meta.url).href);
      threads.push(thread);
      const opened = nextMessage(thread);
      thread.postMessage({ kind: "open", path });
      expect(await opened).toBe("opened");
    }
    const results = threads.map((thread, i) => {
      const result = nextMessage(thread);
      thread.postMessage({ kind: "admit", thread: i, requests: 5, clientIp: "198.51.100.7", now: T0 });
      return result;
    });
    const outcomes = ((await Promise.all(results)) as { ok: boolean; retryAfterSeconds: number }[][]).flat();

    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(8);
    // All eight were admitted at T0, so the bucket frees its first slot a full hour later.
    for (const refused of outcomes.filter((outcome) => !outcome.ok)) expect(refused.retryAfterSeconds).toBe(3600);
    const db = openDatabase(path, { migrate: false });
    opened.push(db);
    expect(await countRateEvents(db, "ip:198.51.100.7", T0 - HOUR)).toBe(8);
  }, T);
});
