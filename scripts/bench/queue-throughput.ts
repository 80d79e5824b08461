/**
 * The durable queue's throughput: jobs claimed and completed per second by workers whose job runner
 * does nothing, for 1, 2 and 4 workers spread over two "instances" (separate Bun processes, each with
 * its own Db handle: queue-worker-process.ts) on one PostgreSQL database, then the same on one SQLite
 * file for comparison. `FOR UPDATE SKIP LOCKED` must not serialise the claimers: throughput should not
 * collapse as workers are added.
 *
 * Every run starts from a fresh store with JOBS jobs queued (one per domain: a domain has at most one
 * active job). Correctness is checked, not assumed: every job must end done, none may have been
 * claimed twice (each process reports the ids its workers ran; no job may have attempts > 1).
 * PostgreSQL is skipped, with a line saying why, when it is not installed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { enqueueScan } from "../../src/scans/queue.ts";
import { childEnv } from "../lib/child-env.ts";
import { createDatabase, dropDatabase, postgresUnavailableReason, startThrowawayPostgres } from "../lib/throwaway-postgres.ts";

const JOBS = 2000;
/** Workers per instance for each run: 1 worker on one instance, then 2 and 4 spread over two. */
const LAYOUTS: readonly (readonly number[])[] = [[1], [1, 1], [2, 2]];
const RUN_TIMEOUT_MS = 30_000;
const POLL_MS = 20;

interface RunResult {
  workers: number;
  jobsPerSecond: number;
  done: number;
  claimedTwice: number;
  retried: number;
  errors: string[];
}

type Store = { engine: "postgres"; url: string } | { engine: "sqlite"; path: string };

export async function benchQueueThroughput(): Promise<{ lines: string[] }> {
  const lines = [`queue throughput: cores shared by the instances, the bench's own poller and PostgreSQL: ${availableParallelism()} (no pinning)`];
  const unavailable = postgresUnavailableReason();
  if (unavailable !== null) {
    lines.push(`queue throughput on PostgreSQL: SKIPPED: ${unavailable}`);
  } else {
    const postgres = await startThrowawayPostgres();
    try {
      const results: RunResult[] = [];
      for (const [index, layout] of LAYOUTS.entries()) {
        const name = `queue_bench_${index}`;
        const url = await createDatabase(postgres.url, name);
        results.push(await measure({ engine: "postgres", url }, layout));
        await dropDatabase(postgres.url, name);
      }
      lines.push(...report("PostgreSQL", results));
    } finally {
      await postgres.stop();
    }
  }

  const work = mkdtempSync(join(tmpdir(), "sightline-bench-queue-"));
  try {
    const results: RunResult[] = [];
    for (const [index, layout] of LAYOUTS.entries()) results.push(await measure({ engine: "sqlite", path: join(work, `queue-${index}.sqlite`) }, layout));
    lines.push(...report("SQLite (one file)", results));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { lines };
}

function report(engine: string, results: RunResult[]): string[] {
  const single = results[0]!.jobsPerSecond;
  const lines = results.map(
    (run) =>
      `queue throughput on ${engine}: ${run.workers} worker${run.workers === 1 ? "" : "s"}${run.workers === 1 ? " on one instance" : " over two instances"}: ` +
      `${Math.round(run.jobsPerSecond)} jobs/s (×${(run.jobsPerSecond / single).toFixed(2)} of 1 worker); ${run.done}/${JOBS} done, ` +
      `claimed twice ${run.claimedTwice}, attempts > 1: ${run.retried}${run.errors.length > 0 ? `, ${run.errors.length} worker errors, e.g. ${run.errors[0]}` : ""}`,
  );
  const worst = Math.min(...results.slice(1).map((run) => run.jobsPerSecond)) / single;
  const correct = results.every((run) => run.done === JOBS && run.claimedTwice === 0 && run.retried === 0);
  lines.push(
    `queue throughput on ${engine}: 2 and 4 workers reach ≥ ×${worst.toFixed(2)} of one worker's rate (goal: no collapse, ≥ 0.80) ${worst >= 0.8 ? "ok" : "COLLAPSED"}; ` +
      `every job done exactly once: ${correct ? "yes" : "NO"}`,
  );
  return lines;
}

/** One run: a fresh store with JOBS queued jobs, the instances of `layout` started together, timed until all are done. */
async function measure(store: Store, layout: readonly number[]): Promise<RunResult> {
  const db = store.engine === "postgres" ? await openPostgres(store.url) : openDatabase(store.path);
  try {
    await enqueueJobs(db);
    const instances = await Promise.all(layout.map((workers) => startInstance(store, workers)));
    try {
      const started = performance.now();
      for (const instance of instances) instance.send("go");
      await waitUntilDone(db);
      const seconds = (performance.now() - started) / 1000;
      const reports = await Promise.all(instances.map((instance) => instance.finish()));
      const claimed = reports.flatMap((entry) => entry.claimed);
      const counts = await db.get<{ done: number; retried: number }>(
        "SELECT count(*) FILTER (WHERE state = 'done') AS done, count(*) FILTER (WHERE attempts > 1) AS retried FROM jobs",
      );
      return {
        workers: layout.reduce((sum, workers) => sum + workers, 0),
        jobsPerSecond: JOBS / seconds,
        done: Number(counts?.done ?? 0),
        claimedTwice: claimed.length - new Set(claimed).size,
        retried: Number(counts?.retried ?? 0),
        errors: reports.flatMap((entry) => entry.errors),
      };
    } finally {
      for (const instance of instances) instance.kill();
    }
  } finally {
    await db.close();
  }
}

async function enqueueJobs(db: Db): Promise<void> {
  // Due a second ago, so every worker's clock sees them as due.
  const queuedAt = Date.now() - 1000;
  await db.transaction(async () => {
    for (let index = 0; index < JOBS; index++) await enqueueScan(db, `job-${index}.queue.bench`, { kind: "pipeline" }, queuedAt);
  });
}

async function waitUntilDone(db: Db): Promise<void> {
  const deadline = performance.now() + RUN_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const row = await db.get<{ done: number }>("SELECT count(*) AS done FROM jobs WHERE state = 'done'");
    if (Number(row?.done ?? 0) >= JOBS) return;
    await Bun.sleep(POLL_MS);
  }
}

interface Instance {
  send(line: string): void;
  /** Stops its workers and returns what they claimed. */
  finish(): Promise<{ claimed: number[]; errors: string[] }>;
  kill(): void;
}

async function startInstance(store: Store, workers: number): Promise<Instance> {
  const target = store.engine === "postgres" ? { DATABASE_URL: store.url } : { DATABASE_PATH: store.path };
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "queue-worker-process.ts")], {
    env: childEnv({ ...target, WORKERS: String(workers) }),
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const lines = linesOf(child.stdout);
  const first = await lines.next();
  if (first.value !== "ready") throw new Error(`queue worker process did not start: ${JSON.stringify(first.value)}`);
  const send = (line: string) => {
    child.stdin.write(`${line}\n`);
    void child.stdin.flush();
  };
  return {
    send,
    async finish() {
      send("stop");
      const result = await lines.next();
      await child.exited;
      if (typeof result.value !== "string") throw new Error("queue worker process ended without its report");
      return JSON.parse(result.value) as { claimed: number[]; errors: string[] };
    },
    kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

async function* linesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = "";
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += decoder.decode(chunk.value, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      yield buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
    }
  }
  if (buffered.length > 0) yield buffered;
}

if (import.meta.main) {
  for (const line of (await benchQueueThroughput()).lines) console.log(line);
}
