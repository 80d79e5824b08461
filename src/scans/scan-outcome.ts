import type { StoredPageVerdict } from "../store/scan-pages-repo.ts";

/**
 * What a scan hands back to the thread that stores it: the record already serialised (so the serving
 * thread never walks a large record or its artifacts), or a request to retry later. It crosses from a
 * scan thread to the main thread by postMessage, so it holds only plain data.
 */

/** A record ready for insertScan: ok or failed, with its score and JSON. */
export interface ScanRow {
  status: "ok" | "failed";
  score: number | null;
  /** The record's grade and re-score mark (see record-facts.ts), stored in columns beside it. */
  grade: string | null;
  rescored: boolean;
  /** Epoch milliseconds. */
  scannedAt: number;
  recordJson: string;
  /** The artifacts as stored: compressed JSON (stored-artifacts.ts), null for a record without them. */
  artifactsJson: string | null;
  /** A site-wide scan's page verdicts, bounded and serialised (bounded-page-verdicts.ts); null for none. */
  pages?: StoredPageVerdict[] | null;
}

export type ScanOutcome = { kind: "record"; row: ScanRow } | { kind: "retry"; error: string };

/** What is scanned: the job's domain, and the URL asked for when it was more than the domain. */
export interface ScanTarget {
  domain: string;
  targetUrl: string | null;
  /** The page budget of a site-wide scan (ScanContext.pages); null or absent: the analyzer's default. */
  pages?: number | null;
}
