import { makeRecordsStorableOnce } from "./store/record-repair.ts";
import { normalizeStoredEmails } from "./accounts/account-email.ts";
import { scanProcessEnv, type Config } from "./config.ts";
import { openStore, type Db } from "./store/database.ts";
import { databaseTargetOf } from "./store/database-target.ts";
import { onDatabaseError } from "./metrics/database-metrics.ts";
import { createLogger, type Log } from "./log.ts";
import { VERSION } from "./version.ts";
import { analyzerFor } from "./analyzers/registry.ts";
import { useVocabularyFile } from "./analyzers/schema/vocabulary/vocabulary.ts";
import { parseConnectTo } from "./net/connect-to.ts";
import type { Lookup } from "./net/resolve-host.ts";
import { createSafeFetcher, scannerUserAgent } from "./net/safe-fetch.ts";
import { createChallengeVerifier } from "./auth/challenge.ts";
import { resolveProbeSigning } from "./auth/probe-signing-key.ts";
import { createAuthenticator } from "./auth/authenticate.ts";
import { startWorker, type Worker } from "./scans/worker.ts";
import { runScanJob, storeGivenUpRecord, type ScanJobDeps } from "./scans/scan-job.ts";
import { inProcessScanner } from "./scans/in-process-scanner.ts";
import { scanThreadPool } from "./scans/scan-thread-pool.ts";
import type { Scanner } from "./scans/scanner.ts";
import type { ScanThreadSettings } from "./scans/scan-thread-messages.ts";
import { createApp, type App } from "./app.ts";
import { createReportResponder, pageParamOf, REPORT_PATH } from "./http/report-routes.ts";
import type { FastRoutes } from "./server.ts";
import { createMetricsScrape } from "./metrics/metrics-scrape.ts";
import { countingChallengeFailures } from "./metrics/challenge-metrics.ts";
import { queueStatsOf } from "./scans/queue-stats.ts";
import { scanCpuSet } from "./scans/thread-priority.ts";

/**
 * Everything one process runs, wired from the configuration: the database, the app, and the worker.
 * main.ts serves it; tests build it in process with their own clock and DNS.
 */
export interface Runtime {
  config: Config;
  db: Db;
  app: App;
  /** Hot GET routes the server mounts on Bun's native router; each also exists in `app`. */
  fastRoutes: FastRoutes;
  worker: Worker;
  log: Log;
  /** Stops the worker (running scans get `graceMs` to finish) and closes the database. */
  stop(graceMs: number): Promise<void>;
}

export interface RuntimeOverrides {
  log?: Log;
  now?: () => number;
  lookup?: Lookup;
  /** false: jobs stay queued (tests of the request flow that must not scan). */
  runWorker?: boolean;
  /**
   * Where scans run: "threads" (the default) or "in-process". A faked DNS or clock cannot cross to a
   * scan thread, so giving `lookup` or `now` makes "in-process" the default, as does `runWorker: false`.
   */
  scansIn?: "threads" | "in-process";
}

export async function createRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const now = overrides.now ?? Date.now;
  const analyzer = analyzerFor(config.SERVICE);
  useVocabularyFile(config.SCHEMA_VOCABULARY);
  const db = await openStore(databaseTargetOf(config), { onError: onDatabaseError });
  await normalizeStoredEmails(db, log);
  await makeRecordsStorableOnce(db, log);
  const connectTo = parseConnectTo(config.SCAN_CONNECT_TO);
  const probeSigning = await resolveProbeSigning(db, config);

  const offsite = {
    enabled: config.OFFSITE_CHECKS === "on",
    wikidataSparqlUrl: config.WIKIDATA_SPARQL_URL,
    wikipediaApiUrl: config.WIKIPEDIA_API_URL,
    commonCrawlIndexUrl: config.COMMONCRAWL_INDEX_URL,
    userAgent: scannerUserAgent(config.PUBLIC_URL, VERSION),
  };
  // No thread is started for a runtime that never scans (runWorker: false). Threads start with the first
  // scans, not at start: each costs 4–13 MB even idle (the first one most: the runtime's Worker, TLS and
  // zlib code), so an idle server holds 51 MB instead of 65; the price is paid once per thread, by the
  // first scans (about 0.3 s longer, and the serving thread stalls up to ~0.1 s while a thread starts).
  const scansIn = overrides.scansIn ?? (overrides.lookup || overrides.now || overrides.runWorker === false ? "in-process" : "threads");
  const scanner: Scanner =
    scansIn === "threads"
      ? scanThreadPool({
          warm: false,
          isolation: config.SCAN_ISOLATION,
          env: scanProcessEnv(process.env),
          scanHeapBudgetBytes: scanShareBytes(config),
          settings: { ...scanThreadSettings(config, offsite), ...(probeSigning ? { probeSigning } : {}) },
          size: config.WORKER_CONCURRENCY,
          analyzer,
          now,
          log,
        })
      : inProcessScanner({
          analyzer,
          fetcher: createSafeFetcher({
            connectTo,
            timeoutMs: config.FETCH_TIMEOUT_MS,
            maxBytes: config.FETCH_MAX_BYTES,
            userAgent: scannerUserAgent(config.PUBLIC_URL, VERSION),
            lookup: overrides.lookup,
          }),
          offsite,
          ...(probeSigning ? { probeSigning } : {}),
          scanTimeoutMs: config.SCAN_TIMEOUT_MS,
          now,
        });
  const jobDeps: ScanJobDeps = { db, analyzer, scanner, scanTimeoutMs: config.SCAN_TIMEOUT_MS, now, log };
  const worker = overrides.runWorker === false ? idleWorker() : startWorker({
    db,
    concurrency: config.WORKER_CONCURRENCY,
    runJob: (job, signal) => runScanJob(jobDeps, job, signal),
    onGiveUp: (job, reason) => storeGivenUpRecord(jobDeps, job, reason),
    log,
    now,
  });

  const challenge = countingChallengeFailures(await createChallengeVerifier(db, config));
  const report = createReportResponder(db, { perPage: config.SERVICE === "schema" });
  const app = createApp({
    config,
    probeSigning,
    report,
    db,
    log,
    service: config.SERVICE,
    version: VERSION,
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    recordSchema: analyzer.recordSchema,
    challenge,
    scrapeMetrics: createMetricsScrape({ build: { version: VERSION, service: config.SERVICE }, queueStats: () => queueStatsOf(db), now }),
    scanApi: {
      db,
      authenticator: createAuthenticator({ db, keyPrefix: config.KEY_PREFIX, pipelineTokens: config.PIPELINE_TOKEN, challenge }),
      cacheTtlSeconds: config.CACHE_TTL_SECONDS,
      limits: {
        perIpPerHour: config.LIMIT_PER_IP_PER_HOUR,
        perDomainPerHour: config.LIMIT_PER_DOMAIN_PER_HOUR,
        perKeyPerHour: config.LIMIT_PER_KEY_PER_HOUR,
      },
      connectTo,
      lookup: overrides.lookup,
      perPage: config.SERVICE === "schema",
      wakeWorker: () => worker.wake(),
      now,
    },
  });

  return {
    config,
    db,
    app,
    fastRoutes: { [REPORT_PATH]: (request) => report(request.params.domain ?? "", request.headers.get("if-none-match"), pageParamOf(request.url)) },
    worker,
    log,
    async stop(graceMs) {
      await worker.stop(graceMs);
      await scanner.close();
      await db.close();
    },
  };
}

/** Each scan's share of SCAN_MEMORY_MB bounds how far its thread's heap may grow for it. */
function scanShareBytes(config: Config): number {
  return Math.floor((config.SCAN_MEMORY_MB * 1024 * 1024) / config.WORKER_CONCURRENCY);
}

/**
 * What a scan may read in total, after decompression: half its share. A body costs more than its bytes
 * while it is read and judged (the bytes, their text, the parsed page), so a budget as large as the
 * share let a hostile site's bodies alone take the whole share, and the scan was stopped for its memory
 * instead of judging what it had read, saying where the page was cut.
 */
function scanReadBudgetBytes(config: Config): number {
  return Math.floor(scanShareBytes(config) / 2);
}

function scanThreadSettings(config: Config, offsite: ScanThreadSettings["offsite"]): ScanThreadSettings {
  return {
    service: config.SERVICE,
    schemaVocabulary: config.SCHEMA_VOCABULARY,
    connectTo: [...config.SCAN_CONNECT_TO],
    fetchTimeoutMs: config.FETCH_TIMEOUT_MS,
    fetchMaxBytes: config.FETCH_MAX_BYTES,
    userAgent: scannerUserAgent(config.PUBLIC_URL, VERSION),
    offsite,
    scanTimeoutMs: config.SCAN_TIMEOUT_MS,
    scanBudgetBytes: scanReadBudgetBytes(config),
    cpus: scanCpuSet(config.SCAN_CPUS),
  };
}

/** A worker that never claims, so that enqueued jobs stay visible to tests of the request flow. */
function idleWorker(): Worker {
  return { running: 0, wake() {}, async stop() {} };
}
