/**
 * One "instance" of the queue benchmark (queue-throughput.ts): its own Db handle on the store named by
 * DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite), and WORKERS workers of concurrency 1 whose job
 * runner does nothing and completes at once, so that only the queue's claims and completions cost.
 *
 * Protocol on stdin/stdout, one line each: it prints "ready" once open; "go" starts the workers;
 * "stop" stops them and it prints one JSON line `{ claimed: [job ids], errors: [...] }`, then exits.
 */
import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { startWorker, type Worker } from "../../src/scans/worker.ts";

const workers = Number(process.env.WORKERS ?? "1");
const db: Db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL, { migrate: false }) : openDatabase(process.env.DATABASE_PATH!);
const claimed: number[] = [];
const errors: string[] = [];
let running: Worker[] = [];

console.log("ready");
for await (const line of console) {
  if (line === "go") running = Array.from({ length: workers }, startNoOpWorker);
  if (line === "stop") break;
}
await Promise.all(running.map((worker) => worker.stop(5000)));
await db.close();
console.log(JSON.stringify({ claimed, errors }));
process.exit(0);

function startNoOpWorker(): Worker {
  return startWorker({
    db,
    concurrency: 1,
    runJob: async (job) => {
      claimed.push(job.id);
      return { kind: "done", store: async () => {} };
    },
    onGiveUp: async () => {},
    // Only errors are kept: a log line per job would cost more than the job.
    log: (level, message, fields) => {
      if (level === "error") errors.push(`${message} ${JSON.stringify(fields ?? {})}`);
    },
    now: Date.now,
    // Every job is queued before "go"; an idle worker need not look often.
    pollMs: 1000,
  });
}
