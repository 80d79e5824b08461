import { makeRecordsStorableOnce } from "./store/record-repair.ts";
import { setPageService } from "./web/layout.ts";
import { recordFacts } from "./analyzers/record-facts.ts";
import { normalizeStoredEmails } from "./accounts/account-email.ts";
import { ConfigError, scanProcessEnv, type Config } from "./config.ts";
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
import { answerRunWorker } from "./answers/answer-run-worker.ts";
import { alertWorker } from "./answers/alerts/alert-worker.ts";
import { smtpMailer } from "./answers/alerts/alert-mailer.ts";
import type { AlertsApiDeps } from "./answers/alerts/alerts-api.ts";
import { resolveSealingKey } from "./auth/sealing-key.ts";
import type { AnswerRunDeps } from "./answers/answer-runs.ts";
import { micros } from "./answers/budget-check.ts";
import { configuredEngines, providerSecrets } from "./answers/configured-engines.ts";
import { createReportResponder, pageParamOf, REPORT_PATH } from "./http/report-routes.ts";
import type { FastRoutes } from "./server.ts";
import { createMetricsScrape } from "./metrics/metrics-scrape.ts";
import { countingChallengeFailures } from "./metrics/challenge-metrics.ts";
import { queueStatsOf } from "./scans/queue-stats.ts";
import { scanCpuSet } from "./scans/thread-priority.ts";
import { scanUserOf, type ScanUser } from "./sandbox/scan-user.ts";
import { keepDataDirectoryFrom } from "./sandbox/data-directory.ts";
import { unreachableFor } from "./sandbox/reachable-by.ts";
import { SCAN_PROCESS_ARGUMENT, scanProcessCommand } from "./scans/scan-host.ts";
import { pageBudgetsOf } from "./scans/page-budget.ts";
import { resolve } from "node:path";

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
  /** Who scan processes run as, when not the server's own user (SCAN_USER). */
  scanUser: ScanUser | undefined;
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
  setPageService(config.SERVICE);
  useVocabularyFile(config.SCHEMA_VOCABULARY);
  const scansIn = overrides.scansIn ?? (overrides.lookup || overrides.now || overrides.runWorker === false ? "in-process" : "threads");
  // Before the store opens: the database's directory is closed to the scan user first.
  const scanUser = scansIn === "threads" && config.SCAN_ISOLATION === "process" ? scanBoundary(config, log) : undefined;
  if (scansIn === "threads" && config.SCAN_ISOLATION === "thread") {
    log(process.geteuid?.() === 0 ? "warn" : "info", "scans run in threads of the server: nothing stands between a scan's parsers and the server's secrets and database (docs/scan-boundary.md)");
  }
  const db = await openStore(databaseTargetOf(config), { onError: onDatabaseError });
  await normalizeStoredEmails(db, log);
  await makeRecordsStorableOnce(db, log, recordFacts);
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
  const scanner: Scanner =
    scansIn === "threads"
      ? scanThreadPool({
          warm: false,
          isolation: config.SCAN_ISOLATION,
          env: scanProcessEnv(process.env),
          user: scanUser,
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
          crawlConcurrency: config.CRAWL_CONCURRENCY,
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

  const answers: AnswerRunDeps = {
    db,
    engines: configuredEngines(config),
    serviceLimitMicros: config.ANSWERS_MONTHLY_LIMIT_USD === undefined ? null : micros(config.ANSWERS_MONTHLY_LIMIT_USD),
    // A scheduled rescan reads the site as a scan with the account's key would, so template alerts have pages to compare.
    scheduledScanPages: config.SCAN_PAGES_KEY_DEFAULT,
    timeoutMs: config.ANSWERS_TIMEOUT_MS,
    secrets: providerSecrets(config),
    now,
  };
  // On the visibility service: scheduled watches rescan their domain even where no engine is configured.
  const answerWorker = overrides.runWorker === false || config.SERVICE !== "visibility" ? null : answerRunWorker({ ...answers, log, pollMs: 5000 });
  const alerts: AlertsApiDeps = {
    db,
    now,
    publicUrl: config.PUBLIC_URL,
    sealingKey: await resolveSealingKey(db, config.SEALING_SECRET),
    emailEnabled: config.SMTP_URL !== undefined,
    connectTo,
    ...(overrides.lookup ? { lookup: overrides.lookup } : {}),
  };
  const alertSender =
    overrides.runWorker === false || config.SERVICE !== "visibility"
      ? null
      : alertWorker({
          ...alerts,
          // Webhook URLs are the users': the scanner's fetcher refuses private addresses, and the answer is read to 4 KiB.
          fetcher: createSafeFetcher({ connectTo, timeoutMs: 10_000, maxBytes: 4096, userAgent: "sightline-alerts", lookup: overrides.lookup }),
          mailer: config.SMTP_URL === undefined ? null : smtpMailer(config.SMTP_URL, config.SMTP_FROM),
          log,
          pollMs: 5000,
        });

  const challenge = countingChallengeFailures(await createChallengeVerifier(db, config));
  const report = createReportResponder(db, { perPage: config.SERVICE === "schema" });
  const app = createApp({
    config,
    ...(scanUser ? { scanUser } : {}),
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
    answers,
    alerts,
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
      ...(config.SERVICE === "visibility" ? { pageBudgets: pageBudgetsOf(config) } : {}),
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
    scanUser,
    log,
    async stop(graceMs) {
      await Promise.all([worker.stop(graceMs), answerWorker?.stop(graceMs), alertSender?.stop(graceMs)]);
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
    // Absolute: a scan process run as SCAN_USER starts in /.
    schemaVocabulary: config.SCHEMA_VOCABULARY === undefined ? undefined : resolve(config.SCHEMA_VOCABULARY),
    connectTo: [...config.SCAN_CONNECT_TO],
    fetchTimeoutMs: config.FETCH_TIMEOUT_MS,
    fetchMaxBytes: config.FETCH_MAX_BYTES,
    userAgent: scannerUserAgent(config.PUBLIC_URL, VERSION),
    offsite,
    scanTimeoutMs: config.SCAN_TIMEOUT_MS,
    crawlConcurrency: config.CRAWL_CONCURRENCY,
    scanBudgetBytes: scanReadBudgetBytes(config),
    cpus: scanCpuSet(config.SCAN_CPUS),
  };
}

/**
 * Who scan processes run as (SCAN_USER, sandbox/scan-user.ts), said in the log; with a user of their
 * own, the SQLite database's directory is closed to it first. Undefined: the server's own user.
 */
function scanBoundary(config: Config, log: Log): ScanUser | undefined {
  const user = scanUserOf(config.SCAN_USER);
  if (!user) {
    log("info", "scan processes run as the server's user: set SCAN_USER to a second user for a boundary of file permissions (docs/scan-boundary.md)");
    return undefined;
  }
  log("info", "scan processes run as their own user", { scanUser: user.name, uid: user.uid, gid: user.gid, chosen: user.source === "default" ? "nobody: SCAN_USER is unset, and the server may start processes as another user" : "SCAN_USER" });
  if (!config.DATABASE_URL && config.DATABASE_PATH !== ":memory:") {
    const kept = keepDataDirectoryFrom(config.DATABASE_PATH, user);
    if (kept.mode !== null) log("info", "closed the database's directory to the scan user", { directory: kept.directory, mode: kept.mode });
  }
  // After closing the directory: a binary or file kept beside the database is out of the scan user's reach now, and this says so.
  for (const [path, need] of scanProcessFiles(config)) {
    const why = unreachableFor(path, user, need);
    if (why !== null) throw new ConfigError(`SCAN_USER: scan processes run as ${user.name}, who could not ${need === "read" ? "read" : "run"} ${path}: ${why}. Make it readable by that user, or move it.`);
  }
  return user;
}

/** What a scan process opens as itself: its command (the binary, or Bun and the scan thread's module), and the files its settings name. */
function scanProcessFiles(config: Config): [string, "read" | "execute"][] {
  const [executable, script] = scanProcessCommand();
  const files: [string, "read" | "execute"][] = [[executable!, "execute"]];
  if (script !== undefined && script !== SCAN_PROCESS_ARGUMENT) files.push([script, "read"]);
  if (config.SCHEMA_VOCABULARY !== undefined) files.push([config.SCHEMA_VOCABULARY, "read"]);
  if (process.env.NODE_EXTRA_CA_CERTS) files.push([process.env.NODE_EXTRA_CA_CERTS, "read"]);
  return files;
}

/** A worker that never claims, so that enqueued jobs stay visible to tests of the request flow. */
function idleWorker(): Worker {
  return { running: 0, wake() {}, async stop() {} };
}
