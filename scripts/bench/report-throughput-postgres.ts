/**
 * Cached `GET /api/report/<domain>.json` throughput of one instance of the compiled binary on
 * PostgreSQL (DATABASE_URL, a throwaway cluster) against one on SQLite (DATABASE_PATH), with the same
 * stored records, measured in the same run with the same load and printed as a ratio PG/SQLite
 * (goal: at least 0.9, because the newest-record cache keeps the database off the hot path).
 *
 * Rounds alternate between the two instances, so that a noisy neighbour hurts both alike. The ratio printed is the median of the round pairs' ratios (a noisy neighbour on a shared machine
 * moves single rounds a lot). To show what the database still does on the hot path, the PostgreSQL
 * transactions committed during the PostgreSQL rounds are counted (pg_stat_database) and printed per
 * thousand requests. Skipped, with a line saying why, when PostgreSQL is not installed.
 */
import { SQL } from "bun";
import { sampleRecord } from "./report-throughput.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { createDatabase, postgresUnavailableReason, startThrowawayPostgres } from "../lib/throwaway-postgres.ts";
import { startBinaryServer, type BinaryServer } from "../lib/binary-server.ts";
import { ms, summarize } from "../lib/latency-stats.ts";

const CONNECTIONS = 32;
const ROUND_MS = 2000;
const ROUNDS = 5;
/** BENCH_REPORT_DOMAINS=1 shows how much the per-domain running-scan look-ups cost (see the README's benchmark section). */
const DOMAINS = Array.from({ length: Number(process.env.BENCH_REPORT_DOMAINS ?? 16) }, (_, index) => `site-${index}.bench.example`);
const DATABASE_NAME = "report_bench";
const GOAL = 0.9;
const PROBE_MS = 50;

export async function benchReportThroughputPostgres(binary: string): Promise<{ ratio: number | null; lines: string[] }> {
  const unavailable = postgresUnavailableReason();
  if (unavailable !== null) return { ratio: null, lines: [`report throughput PostgreSQL/SQLite: SKIPPED: ${unavailable}`] };

  const work = mkdtempSync(join(tmpdir(), "sightline-bench-pg-report-"));
  const postgres = await startThrowawayPostgres();
  const servers: BinaryServer[] = [];
  try {
    const databaseUrl = await createDatabase(postgres.url, DATABASE_NAME);
    const databasePath = join(work, "bench.sqlite");
    await seed(openDatabase(databasePath));
    await seed(await openPostgres(databaseUrl));

    const common = { OFFSITE_CHECKS: "off" };
    const onSqlite = await startBinaryServer(binary, { ...common, DATABASE_PATH: databasePath });
    servers.push(onSqlite);
    const onPostgres = await startBinaryServer(binary, { ...common, DATABASE_PATH: join(work, "unused.sqlite"), DATABASE_URL: databaseUrl });
    servers.push(onPostgres);

    const stats = new SQL({ url: postgres.url, max: 1 });
    const probe = new SQL({ url: databaseUrl, max: 1 });
    const roundTrips: number[] = [];
    try {
      await load(onSqlite.baseUrl, 500);
      await load(onPostgres.baseUrl, 500);
      let best = { postgres: 0, sqlite: 0 };
      let postgresRequests = 0;
      let postgresCommits = 0;
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const measurePostgres = async () => {
          const before = await commitsOf(stats, DATABASE_NAME);
          const pg = await probeWhile(probe, roundTrips, load(onPostgres.baseUrl, ROUND_MS));
          postgresCommits += (await commitsOf(stats, DATABASE_NAME)) - before;
          postgresRequests += pg.requests;
          return pg.perSecond;
        };
        const measureSqlite = async () => (await load(onSqlite.baseUrl, ROUND_MS)).perSecond;
        // Which goes first alternates, so that a neighbour's load rising or falling over a round pair favours neither.
        let pg: number;
        let lite: number;
        if (round % 2 === 0) {
          pg = await measurePostgres();
          lite = await measureSqlite();
        } else {
          lite = await measureSqlite();
          pg = await measurePostgres();
        }
        ratios.push(pg / lite);
        best = { postgres: Math.max(best.postgres, pg), sqlite: Math.max(best.sqlite, lite) };
      }
      ratios.sort((a, b) => a - b);
      const ratio = ratios[Math.floor(ratios.length / 2)]!;
      return {
        ratio,
        lines: [
          `report throughput PostgreSQL/SQLite: cores shared by the load generator, both instances and PostgreSQL: ${availableParallelism()} (no pinning)`,
          `report throughput PostgreSQL/SQLite: on PostgreSQL ${Math.round(best.postgres)} req/s, on SQLite ${Math.round(best.sqlite)} req/s (best rounds; ${DOMAINS.length} domains, ${CONNECTIONS} connections, ${ROUNDS} round pairs of ${ROUND_MS / 1000} s)`,
          `report throughput PostgreSQL/SQLite: PostgreSQL transactions during its rounds: ${postgresCommits} for ${postgresRequests} requests (${((postgresCommits * 1000) / Math.max(1, postgresRequests)).toFixed(1)} per 1000 requests)`,
          `report throughput PostgreSQL/SQLite: one PostgreSQL round trip during its rounds (the cache's version check): ${roundTripLine(roundTrips)}`,
          `report throughput PostgreSQL/SQLite: ratio of each round pair ${ratios.map((value) => value.toFixed(2)).join(", ")}`,
          `report throughput ratio PostgreSQL/SQLite (median): ${ratio.toFixed(2)} (goal ≥ ${GOAL.toFixed(2)}) ${ratio >= GOAL ? "ok" : "BELOW GOAL"}`,
        ],
      };
    } finally {
      await Promise.all([stats.close(), probe.close()]);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Requests per second over `durationMs`, from CONNECTIONS concurrent request loops walking the domains. */
async function load(baseUrl: string, durationMs: number): Promise<{ perSecond: number; requests: number }> {
  const urls = DOMAINS.map((domain) => `${baseUrl}/api/report/${domain}.json`);
  const deadline = performance.now() + durationMs;
  let completed = 0;
  const loop = async (offset: number) => {
    for (let index = offset; performance.now() < deadline; index++) {
      const url = urls[index % urls.length]!;
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      completed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => loop(index)));
  return { perSecond: completed / ((performance.now() - started) / 1000), requests: completed };
}

/**
 * Times the query the cache's version check sends, every PROBE_MS while `work` runs: how long a
 * request that waits on PostgreSQL waits, with the load generator and both instances on the same cores.
 */
async function probeWhile<T>(sql: SQL, into: number[], work: Promise<T>): Promise<T> {
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await sql.unsafe("SELECT version FROM scans_version");
      into.push(performance.now() - started);
      await Bun.sleep(PROBE_MS);
    }
  })();
  try {
    return await work;
  } finally {
    done = true;
    await probing;
  }
}

function roundTripLine(samples: number[]): string {
  const summary = summarize(samples);
  return `p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}, max ${ms(summary.max)} (${summary.count} probes)`;
}

/** Transactions committed in the database so far (the statistics lag by up to a flush, hence the snapshot clear). */
async function commitsOf(stats: SQL, database: string): Promise<number> {
  await stats.unsafe("SELECT pg_stat_clear_snapshot()");
  await stats.unsafe("SELECT pg_stat_force_next_flush()");
  const [row] = await stats.unsafe("SELECT xact_commit::bigint AS commits FROM pg_stat_database WHERE datname = $1", [database]);
  return Number(row?.commits ?? 0);
}

/** The same records on either engine: one per domain, of realistic size. */
async function seed(db: Db): Promise<void> {
  try {
    for (const domain of DOMAINS) {
      await insertScan(db, {
        domain,
        status: "ok",
        score: 82,
        scannedAt: Date.now(),
        recordJson: JSON.stringify(sampleRecord(domain)),
        artifactsJson: null,
        caller: { kind: "pipeline" },
      });
    }
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const result = await benchReportThroughputPostgres(process.env.SIGHTLINE_BINARY ?? "dist/sightline");
  for (const line of result.lines) console.log(line);
}
