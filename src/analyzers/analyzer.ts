import type { ProbeSigning } from "../net/web-bot-auth.ts";
import type { TSchema } from "@sinclair/typebox";
import type { SafeFetcher } from "../net/fetch-types.ts";
import type { PageVerdict } from "./visibility/site-record-schema.ts";

/**
 * What each service (visibility, schema) plugs into the shared platform. The platform owns the API,
 * queue and storage; an analyzer owns only "given a domain, produce a record".
 */

/** The two services one binary runs (SERVICE). */
export type ServiceName = "visibility" | "schema";

/** What every stored record has, whichever service made it. */
export type AnyRecord = { domain: string; status: "ok" | "failed"; scannedAt: string };

export interface OffsiteEndpoints {
  enabled: boolean;
  wikidataSparqlUrl: string;
  wikipediaApiUrl: string;
  commonCrawlIndexUrl: string;
  /** Sent to the off-site services, which ask for a User-Agent that names the tool and a contact. */
  userAgent?: string;
}

export interface ScanContext {
  /** The normalised target: lowercase ASCII (punycode) host without a leading www. */
  domain: string;
  /**
   * The URL the user asked about (http(s), path and query kept, fragment dropped), when it was more than
   * the domain. Undefined means the domain's homepage. The visibility analyzer ignores it.
   */
  url?: string;
  /**
   * The page budget of a site-wide scan: how many pages (the homepage first) the analyzer may sample and
   * judge, chosen per caller within the configured maximum (POST /api/scan `pages`, `--pages`, MCP `pages`).
   * Undefined: the analyzer's own default reading of the site. The schema analyzer ignores it.
   */
  pages?: number;
  /** CRAWL_CONCURRENCY: requests a site-wide scan keeps open to the site at once; undefined: the crawl's default. */
  crawlConcurrency?: number;
  fetcher: SafeFetcher;
  /** Fires at SCAN_TIMEOUT_MS; gatherers pass it to every fetch and stop when it fires. */
  signal: AbortSignal;
  offsite: OffsiteEndpoints;
  /** With SIGNED_PROBES=on: the key that signs the crawler probes (Web Bot Auth). A secret: never logged or stored. */
  probeSigning?: ProbeSigning;
  /** The clock, injected so that the record's timestamps are testable. */
  now: () => Date;
  /**
   * Optional: told which step the scan is on, so that pollers can show it. Called often and cheaply
   * (the worker throttles the writes); `done` of `total` steps are finished, `step` is a human name.
   */
  progress?: (update: ScanProgress) => void;
}

export interface ScanProgress {
  done: number;
  total: number;
  step: string;
}

export interface AnalyzerOutput<TRecord> {
  record: TRecord;
  /** Everything gathered, stored beside the record so that a scoring change can re-score without refetching. */
  artifacts: unknown;
  /**
   * A site-wide scan's verdict on each sampled page, the homepage first. Stored beside the record, tied
   * to it, in the same transaction (store/scan-pages-repo.ts), and served at /api/report/:domain/pages.json;
   * bounded there (scans/bounded-page-verdicts.ts). Absent from single-page scans.
   */
  pages?: PageVerdict[];
}

/** Thrown by an analyzer to ask the worker to retry later (with backoff) instead of storing a failed record. */
export class TransientScanError extends Error {
  override name = "TransientScanError";
}

export interface Analyzer<TRecord extends AnyRecord> {
  readonly service: ServiceName;
  /** TypeBox schema of the stored record, used for the OpenAPI description and response validation. */
  readonly recordSchema: TSchema;
  /** Always resolves with a record: a site that cannot be reached yields status "failed". */
  scan(context: ScanContext): Promise<AnalyzerOutput<TRecord>>;
  /** The record stored when the scan itself could not complete (retries exhausted, worker gave up). */
  failedRecord(domain: string, reason: string, scannedAt: Date): TRecord;
  /** The score to index for listings, or null. */
  scoreOf(record: TRecord): number | null;
}
