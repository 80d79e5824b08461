/**
 * Scan progress below the HTTP layer: the lease-fenced write, what findActiveJob returns, the
 * throttle between the analyzer's reports and the database, and how gather tasks become steps.
 */
import { describe, expect, test } from "bun:test";
import type { Db } from "../../src/store/database.ts";
import { setJobProgress } from "../../src/store/jobs-repo.ts";
import { claimNextJob, completeJob, enqueueScan, findActiveJob, releaseJob } from "../../src/scans/queue.ts";
import type { Caller } from "../../src/types/caller.ts";
import { throttledProgress } from "../../src/scans/throttled-progress.ts";
import { StepProgress } from "../../src/analyzers/step-progress.ts";
import type { ScanProgress } from "../../src/analyzers/analyzer.ts";
import { describeScanStep } from "../../src/mcp/scan-step.ts";
import { forEachStoreEngine } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const T0 = 1_750_000_000_000;
const LEASE = 15_000;
const caller: Caller = { kind: "challenge" };
const T = POSTGRES_HOOK_TIMEOUT_MS;

const progressOf = async (db: Db, domain: string) => (await findActiveJob(db, domain))?.progressJson ?? null;

forEachStoreEngine((engine) => {
  describe("setJobProgress", () => {
    test("only the current lease holder of a running job can write progress; a new claim starts without any", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "example.com", caller, T0);
      expect(await findActiveJob(db, "example.com")).toEqual({ id, state: "queued", createdAt: T0, progressJson: null });
      expect(await setJobProgress(db, id, "no-lease-yet", '{"done":0,"total":1,"step":"x"}', T0)).toBe(false);

      const first = (await claimNextJob(db, T0, LEASE))!;
      expect(await setJobProgress(db, id, first.leaseToken, '{"done":1,"total":9,"step":"Fetching the homepage"}', T0 + 1)).toBe(true);
      expect(await findActiveJob(db, "example.com")).toEqual({ id, state: "running", createdAt: T0, progressJson: '{"done":1,"total":9,"step":"Fetching the homepage"}' });
      expect(await setJobProgress(db, id, "someone-else", '{"done":5,"total":9,"step":"stale"}', T0 + 2)).toBe(false);
      expect(await progressOf(db, "example.com")).toContain("Fetching the homepage");

      // The first worker's lease ran out and another took the job over: the old token writes nothing, and progress restarts.
      const second = (await claimNextJob(db, T0 + LEASE + 1, LEASE))!;
      expect(second.leaseToken).not.toBe(first.leaseToken);
      expect(await progressOf(db, "example.com")).toBeNull();
      expect(await setJobProgress(db, id, first.leaseToken, '{"done":8,"total":9,"step":"stale"}', T0 + LEASE + 2)).toBe(false);
      expect(await progressOf(db, "example.com")).toBeNull();
      expect(await setJobProgress(db, id, second.leaseToken, '{"done":2,"total":9,"step":"Reading robots.txt"}', T0 + LEASE + 3)).toBe(true);

      expect(await completeJob(db, second, T0 + LEASE + 4, async () => {})).toBe(true);
      expect(await setJobProgress(db, id, second.leaseToken, '{"done":9,"total":9,"step":"late"}', T0 + LEASE + 5)).toBe(false);
      expect(await findActiveJob(db, "example.com")).toBeNull();
    }, T);

    test("a released job is queued again and cannot be written by its former holder", async () => {
      const db = await engine.open();
      await enqueueScan(db, "example.com", caller, T0);
      const job = (await claimNextJob(db, T0, LEASE))!;
      expect(await releaseJob(db, job, T0 + 1)).toBe(true);
      expect(await setJobProgress(db, job.id, job.leaseToken, '{"done":1,"total":2,"step":"x"}', T0 + 2)).toBe(false);
    }, T);

    test("describeScanStep words the state for MCP clients", async () => {
      const db = await engine.open();
      expect(await describeScanStep(db, "example.com")).toBeNull();
      await enqueueScan(db, "example.com", caller, T0);
      expect(await describeScanStep(db, "example.com")).toBe("queued, waiting for a free worker");
      const job = (await claimNextJob(db, T0, LEASE))!;
      expect(await describeScanStep(db, "example.com")).toBe("starting");
      await setJobProgress(db, job.id, job.leaseToken, '{"done":3,"total":9,"step":"Probing the homepage as AI crawlers"}', T0);
      expect(await describeScanStep(db, "example.com")).toBe("Probing the homepage as AI crawlers (3 of 9 steps done)");
    }, T);
  });
});

describe("throttledProgress", () => {
  const update = (done: number): ScanProgress => ({ done, total: 10, step: `step ${done}` });

  test("writes the first update at once, then at most one per interval, always ending with the newest", async () => {
    let clock = 1000;
    const writes: ScanProgress[] = [];
    const progress = throttledProgress((u) => void writes.push(u), { intervalMs: 40, now: () => clock });
    progress.report(update(1));
    expect(writes.map((u) => u.done)).toEqual([1]);
    for (let done = 2; done <= 6; done++) progress.report(update(done));
    expect(writes.map((u) => u.done)).toEqual([1]);
    clock += 40;
    await Bun.sleep(80);
    // The burst 2..6 became one write of its newest update.
    expect(writes.map((u) => u.done)).toEqual([1, 6]);
    progress.report(update(7));
    clock += 40;
    await Bun.sleep(80);
    expect(writes.map((u) => u.done)).toEqual([1, 6, 7]);
    progress.stop();
  });

  test("a failing write is reported, never thrown, and stop drops what is pending", async () => {
    let clock = 0;
    const errors: unknown[] = [];
    let calls = 0;
    const progress = throttledProgress(
      () => {
        calls++;
        throw new Error("database is locked");
      },
      { intervalMs: 30, now: () => clock, onError: (error) => errors.push(error) },
    );
    expect(() => progress.report(update(1))).not.toThrow();
    expect(calls).toBe(1);
    expect(String(errors[0])).toContain("database is locked");
    progress.report(update(2));
    progress.stop();
    clock += 100;
    await Bun.sleep(60);
    expect(calls).toBe(1);
    progress.report(update(3));
    expect(calls).toBe(1);
  });

  test("a write whose promise rejects is reported too, and the next update is still written", async () => {
    let clock = 0;
    const errors: unknown[] = [];
    const written: number[] = [];
    const progress = throttledProgress(
      async (u) => {
        if (u.done === 1) throw new Error("connection reset");
        written.push(u.done);
      },
      { intervalMs: 30, now: () => clock, onError: (error) => errors.push(error) },
    );
    progress.report(update(1));
    await Bun.sleep(0);
    expect(errors.map(String)).toEqual(["Error: connection reset"]);
    clock += 30;
    progress.report(update(2));
    await Bun.sleep(0);
    expect(written).toEqual([2]);
    progress.stop();
  });
});

describe("StepProgress", () => {
  test("counts each step once, shows the newest running step, and never lets a reporter's error escape", async () => {
    const seen: ScanProgress[] = [];
    const steps = new StepProgress({ a: "Step A", b: "Step B", c: "Step C" }, (u) => {
      seen.push(u);
      throw new Error("reporter broke");
    });
    let finishA!: () => void;
    let failB!: (error: Error) => void;
    const a = steps.track("a", new Promise<void>((resolve) => (finishA = resolve)));
    const b = steps.track("b", new Promise<void>((_, reject) => (failB = reject)));
    expect(seen.at(-1)).toEqual({ done: 0, total: 3, step: "Step B" });
    failB(new Error("fetch failed"));
    await expect(b).rejects.toThrow("fetch failed");
    expect(seen.at(-1)).toEqual({ done: 1, total: 3, step: "Step A" });
    // A retry of a finished step shows it again without counting it twice.
    const again = steps.track("b", Promise.resolve());
    await again;
    finishA();
    await a;
    await Bun.sleep(0);
    expect(seen.at(-1)).toEqual({ done: 2, total: 3, step: "Step B" });
    steps.skip("c");
    expect(seen.at(-1)).toEqual({ done: 3, total: 3, step: "Step B" });
    expect(seen.map((u) => u.done)).toEqual([...seen.map((u) => u.done)].sort((x, y) => x - y));
  });
});

test("a running step can say how far it has got, and the detail goes when the step ends", async () => {
  const { StepProgress } = await import("../../src/analyzers/step-progress.ts");
  const seen: string[] = [];
  const steps = new StepProgress({ site: "Reading the site's pages", other: "Other" }, (update) => seen.push(`${update.done}/${update.total} ${update.step}`));
  let finish = () => {};
  const work = steps.track("site", new Promise<void>((resolve) => (finish = resolve)));
  steps.detail("site", "3 of 10 pages");
  steps.detail("other", "ignored: not running");
  finish();
  await work;
  await Promise.resolve();
  expect(seen).toEqual(["0/2 Reading the site's pages", "0/2 Reading the site's pages (3 of 10 pages)", "1/2 Reading the site's pages"]);
});
