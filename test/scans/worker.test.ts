import { afterEach, describe, expect, test } from "bun:test";
import type { Db } from "../../src/store/database.ts";
import type { LogFields } from "../../src/log.ts";
import { claimNextJob, completeJob, enqueueScan, type ClaimedJob } from "../../src/scans/queue.ts";
import type { Caller } from "../../src/types/caller.ts";
import { startWorker, defaultBackoff, type JobResult, type Worker, type WorkerOptions } from "../../src/scans/worker.ts";
import { jobById } from "../../src/store/jobs-repo.ts";
import { insertScan, scanHistory } from "../../src/store/scans-repo.ts";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const anonymous: Caller = { kind: "challenge" };

const T = POSTGRES_HOOK_TIMEOUT_MS;

const workers: Worker[] = [];
/** Handles a test opened itself: closed once its workers have stopped (engine.open's close at the end of the engine). */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  for (const close of closers.splice(0)) await close();
}, T);

interface LogLine {
  level: string;
  message: string;
  fields: LogFields | undefined;
}

function start(options: Partial<WorkerOptions> & Pick<WorkerOptions, "db" | "runJob">, logs: LogLine[] = []): Worker {
  const worker = startWorker({
    concurrency: 1,
    onGiveUp: async () => {},
    log: (level, message, fields) => logs.push({ level, message, fields }),
    now: Date.now,
    pollMs: 10,
    heartbeatMs: 20,
    backoff: () => 0,
    ...options,
  });
  workers.push(worker);
  return worker;
}

function storeOk(db: Db, job: ClaimedJob): () => Promise<void> {
  return async () => {
    await insertScan(db, {
      domain: job.domain,
      status: "ok",
      score: 80,
      scannedAt: Date.now(),
      recordJson: "{}",
      artifactsJson: null,
      caller: job.caller,
    });
  };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const stateOf = async (db: Db, id: number) => (await jobById(db, id))?.state;

async function allInState(db: Db, ids: readonly number[], state: string): Promise<boolean> {
  for (const id of ids) if ((await stateOf(db, id)) !== state) return false;
  return true;
}

forEachStoreEngine((engine) => {
  describe("startWorker", () => {
    test("runs a queued job, stores its record and logs start and finish without the lease token", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "example.com", anonymous, Date.now());
      const logs: LogLine[] = [];
      let token = "";
      start(
        {
          db,
          runJob: async (job) => {
            token = job.leaseToken;
            return { kind: "done", store: storeOk(db, job) };
          },
        },
        logs,
      );
      await waitFor(async () => (await stateOf(db, id)) === "done", "the job to finish");
      expect(await scanHistory(db, "example.com", 10)).toHaveLength(1);
      expect(logs.map((line) => line.message)).toEqual(["scan job started", "scan job finished"]);
      expect(logs[0]!.fields).toMatchObject({ jobId: id, domain: "example.com", attempt: 1 });
      expect(JSON.stringify(logs)).not.toContain(token);
    }, T);

    test("a heartbeat that meets a job while its record is being stored does not call the lease lost", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "slow-store.test", anonymous, Date.now());
      const logs: LogLine[] = [];
      start(
        {
          db,
          heartbeatMs: 5,
          runJob: async (job) => ({
            kind: "done",
            // Heartbeats fire while the record is written; their renewals then find the job finished.
            store: async () => {
              await Bun.sleep(60);
              await storeOk(db, job)();
            },
          }),
        },
        logs,
      );
      await waitFor(async () => (await stateOf(db, id)) === "done", "the job to finish");
      await Bun.sleep(30);
      expect(logs.map((line) => line.message)).toEqual(["scan job started", "scan job finished"]);
    }, T);

    test("wake() claims at once instead of waiting for the idle poll", async () => {
      const db = await engine.open();
      const worker = start({ db, pollMs: 60_000, runJob: async (job) => ({ kind: "done", store: storeOk(db, job) }) });
      await Bun.sleep(20);
      const id = await enqueueScan(db, "example.com", anonymous, Date.now());
      worker.wake();
      await waitFor(async () => (await stateOf(db, id)) === "done", "the woken job to finish", 1000);
    }, T);

    test("never runs more than `concurrency` jobs at once", async () => {
      const db = await engine.open();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await enqueueScan(db, `s${i}.example`, anonymous, Date.now()));
      const gates = new Map<number, ReturnType<typeof gate>>();
      let current = 0;
      let highest = 0;
      const worker = start({
        db,
        concurrency: 2,
        runJob: async (job) => {
          current++;
          highest = Math.max(highest, current);
          const g = gate();
          gates.set(job.id, g);
          await g.promise;
          current--;
          return { kind: "done", store: async () => {} };
        },
      });
      await waitFor(() => gates.size === 2, "two jobs to start");
      await Bun.sleep(60); // several idle polls
      expect(gates.size).toBe(2);
      expect(worker.running).toBe(2);
      gates.get(ids[0]!)!.open();
      await waitFor(() => gates.size === 3, "a third job to take the free slot");
      for (const id of ids) {
        await waitFor(() => gates.has(id), `job ${id} to start`);
        gates.get(id)!.open();
      }
      await waitFor(async () => await allInState(db, ids, "done"), "all jobs to finish");
      expect(highest).toBe(2);
    }, T);

    test("retries with backoff, then gives up after maxAttempts and stores the failed record once", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "down.example", anonymous, Date.now());
      const outcomes: (() => JobResult)[] = [
        () => {
          throw new Error("boom");
        },
        () => ({ kind: "retry", error: "timeout" }),
        () => ({ kind: "retry", error: "still down" }),
      ];
      const attemptsSeen: number[] = [];
      const backoffAsked: number[] = [];
      const givenUp: { domain: string; reason: string }[] = [];
      start({
        db,
        maxAttempts: 3,
        backoff: (attempts) => {
          backoffAsked.push(attempts);
          return 0;
        },
        runJob: async (job) => {
          attemptsSeen.push(job.attempts);
          return outcomes[job.attempts - 1]!();
        },
        onGiveUp: async (job, reason) => {
          givenUp.push({ domain: job.domain, reason });
          await insertScan(db, {
            domain: job.domain,
            status: "failed",
            score: null,
            scannedAt: Date.now(),
            recordJson: "{}",
            artifactsJson: null,
            caller: job.caller,
          });
        },
      });
      await waitFor(async () => (await stateOf(db, id)) === "failed", "the job to be given up");
      await Bun.sleep(30); // a few more polls: nothing must run again
      expect(attemptsSeen).toEqual([1, 2, 3]);
      expect(backoffAsked).toEqual([1, 2]);
      expect(givenUp).toEqual([{ domain: "down.example", reason: "still down" }]);
      expect(await jobById(db, id)).toMatchObject({ attempts: 3, lastError: "still down" });
      expect((await scanHistory(db, "down.example", 10)).map((scan) => scan.status)).toEqual(["failed"]);
    }, T);

    test("a retried job waits for its backoff before it runs again", async () => {
      const db = await engine.open();
      let clock = 1_750_000_000_000;
      const id = await enqueueScan(db, "slow.example", anonymous, clock);
      let runs = 0;
      start({
        db,
        now: () => clock,
        backoff: () => 30_000,
        runJob: async () => (++runs === 1 ? { kind: "retry", error: "timeout" } : { kind: "done", store: async () => {} }),
      });
      await waitFor(async () => (await stateOf(db, id)) === "queued" && runs === 1, "the first attempt to be retried");
      expect((await jobById(db, id))!.runAfter).toBe(clock + 30_000);
      await Bun.sleep(40);
      expect(runs).toBe(1);
      clock += 30_000;
      await waitFor(async () => (await stateOf(db, id)) === "done", "the second attempt to finish");
      expect(runs).toBe(2);
    }, T);

    test("a result whose store throws is not marked done; the retry stores it once", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "example.com", anonymous, Date.now());
      start({
        db,
        runJob: async (job) => ({
          kind: "done",
          store: async () => {
            await storeOk(db, job)();
            if (job.attempts === 1) throw new Error("constraint failed");
          },
        }),
      });
      await waitFor(async () => (await stateOf(db, id)) === "done", "the job to finish on its second attempt");
      expect(await jobById(db, id)).toMatchObject({ attempts: 2, lastError: "Storing the result failed: constraint failed" });
      expect(await scanHistory(db, "example.com", 10)).toHaveLength(1);
    }, T);

    test("a reclaimed job that already used its last attempt is given up without running", async () => {
      const db = await engine.open();
      const t0 = 1_750_000_000_000;
      const id = await enqueueScan(db, "crashy.example", anonymous, t0);
      // Three workers each claimed it and died; every lease ran out.
      for (let i = 0; i < 3; i++) await claimNextJob(db, t0 + i * 20_000, 15_000);
      let ran = false;
      const reasons: string[] = [];
      start({
        db,
        now: () => t0 + 100_000,
        maxAttempts: 3,
        runJob: async () => {
          ran = true;
          return { kind: "done", store: async () => {} };
        },
        onGiveUp: async (_job, reason) => void reasons.push(reason),
      });
      await waitFor(async () => (await stateOf(db, id)) === "failed", "the job to be given up");
      expect(ran).toBe(false);
      expect(reasons).toHaveLength(1);
    }, T);

    test("heartbeats renew the lease of a running job", async () => {
      const db = await engine.open();
      let clock = 1_750_000_000_000;
      const id = await enqueueScan(db, "example.com", anonymous, clock);
      const release = gate();
      start({
        db,
        now: () => clock,
        leaseMs: 1000,
        heartbeatMs: 10,
        runJob: async () => {
          await release.promise;
          return { kind: "done", store: async () => {} };
        },
      });
      await waitFor(async () => (await stateOf(db, id)) === "running", "the job to start");
      clock += 5000;
      await waitFor(async () => (await jobById(db, id))!.leaseExpiresAt === clock + 1000, "the lease to be renewed");
      release.open();
      await waitFor(async () => (await stateOf(db, id)) === "done", "the job to finish");
    }, T);

    test("a worker that lost its lease aborts the job and drops its result", async () => {
      const db = await engine.open();
      const t0 = 1_750_000_000_000;
      const id = await enqueueScan(db, "example.com", anonymous, t0);
      let aborted = false;
      let storedByLoser = false;
      const logs: LogLine[] = [];
      start(
        {
          db,
          now: () => t0,
          leaseMs: 1000,
          heartbeatMs: 10,
          runJob: (_job, signal) =>
            new Promise<JobResult>((resolve) => {
              signal.addEventListener("abort", () => {
                aborted = true;
                resolve({ kind: "done", store: async () => void (storedByLoser = true) });
              });
            }),
        },
        logs,
      );
      await waitFor(async () => (await stateOf(db, id)) === "running", "the job to start");
      // Another worker, whose clock says the lease ran out, takes the job over.
      const thief = (await claimNextJob(db, t0 + 1001, 60_000))!;
      expect(thief.id).toBe(id);
      await waitFor(() => aborted, "the first worker to notice and abort");
      await Bun.sleep(20);
      expect(storedByLoser).toBe(false);
      expect(await jobById(db, id)).toMatchObject({ state: "running", attempts: 2 });
      expect(logs.some((line) => line.message.includes("lease lost"))).toBe(true);
      expect(await completeJob(db, thief, t0 + 2000, async () => {})).toBe(true);
    }, T);

    test("stop(grace) lets a quick job finish and releases a slow one for the next start", async () => {
      const db = await engine.open();
      const quickId = await enqueueScan(db, "quick.example", anonymous, Date.now());
      const slowId = await enqueueScan(db, "slow.example", anonymous, Date.now());
      const quick = gate();
      let slowSignal: AbortSignal | null = null;
      const worker = start({
        db,
        concurrency: 2,
        runJob: (job, signal) => {
          if (job.id === quickId) return quick.promise.then(() => ({ kind: "done", store: storeOk(db, job) }) as JobResult);
          slowSignal = signal;
          return new Promise<JobResult>((resolve) =>
            signal.addEventListener("abort", () => resolve({ kind: "retry", error: "The worker stopped during the scan." })),
          );
        },
      });
      await waitFor(() => worker.running === 2, "both jobs to start");
      const stopped = worker.stop(300);
      quick.open();
      await stopped;
      expect(await stateOf(db, quickId)).toBe("done");
      expect(slowSignal!.aborted).toBe(true);
      expect(await jobById(db, slowId)).toMatchObject({ state: "queued", attempts: 0, leaseExpiresAt: null });
      await Bun.sleep(20);
      // The aborted job's late "retry" answer changed nothing.
      expect(await jobById(db, slowId)).toMatchObject({ state: "queued", attempts: 0 });

      // A stopped worker claims nothing, even when woken.
      worker.wake();
      await Bun.sleep(30);
      expect(await stateOf(db, slowId)).toBe("queued");

      start({ db, runJob: async (job) => ({ kind: "done", store: storeOk(db, job) }) });
      await waitFor(async () => (await stateOf(db, slowId)) === "done", "the next worker to pick the released job up");
      expect((await jobById(db, slowId))!.attempts).toBe(1);
    }, T);

    test("two workers on one database never run the same job twice", async () => {
      // Two connections to one file on SQLite, two instances' pools on PostgreSQL.
      const { a, b, closeAll } = await twoHandles(engine);
      closers.push(closeAll);
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) ids.push(await enqueueScan(a, `s${i}.example`, anonymous, Date.now()));
      const runs: number[] = [];
      const runBy = (db: Db) => async (job: ClaimedJob): Promise<JobResult> => {
        runs.push(job.id);
        await Bun.sleep(Math.random() * 5);
        return { kind: "done", store: storeOk(db, job) };
      };
      start({ db: a, concurrency: 3, runJob: runBy(a) });
      start({ db: b, concurrency: 3, runJob: runBy(b) });
      await waitFor(async () => await allInState(a, ids, "done"), "every job to finish");
      expect(runs.toSorted((x, y) => x - y)).toEqual(ids);
      for (let i = 0; i < 20; i++) expect(await scanHistory(a, `s${i}.example`, 10)).toHaveLength(1);
    }, T);
  });
});

describe("defaultBackoff", () => {
  test("doubles from about 2 s, capped at a minute, jittered between half and all of it", () => {
    for (let i = 0; i < 50; i++) {
      const first = defaultBackoff(1);
      expect(first).toBeGreaterThanOrEqual(1000);
      expect(first).toBeLessThanOrEqual(2000);
      const third = defaultBackoff(3);
      expect(third).toBeGreaterThanOrEqual(4000);
      expect(third).toBeLessThanOrEqual(8000);
      const late = defaultBackoff(20);
      expect(late).toBeGreaterThanOrEqual(30_000);
      expect(late).toBeLessThanOrEqual(60_000);
    }
  });
});
