import type { Db } from "./database.ts";
import { containsPattern } from "./like-pattern.ts";

/**
 * Stored scan records. Every completed scan is kept; readers get the newest per domain.
 * The record is stored as the exact JSON served, so the report endpoint returns bytes without
 * re-serialising (and can hash them once for its ETag).
 */

export type CallerKind = "pipeline" | "key" | "challenge" | "mcp" | "cli";

export interface NewScan {
  domain: string;
  status: "ok" | "failed";
  score: number | null;
  scannedAt: number;
  recordJson: string;
  artifactsJson: string | null;
  callerKind: CallerKind;
  apiKeyId: number | null;
}

export interface StoredScan {
  id: number;
  domain: string;
  status: "ok" | "failed";
  score: number | null;
  scannedAt: number;
  recordJson: string;
}

export interface ScanSummary {
  id: number;
  domain: string;
  status: "ok" | "failed";
  score: number | null;
  scannedAt: number;
  callerKind: CallerKind;
  apiKeyName: string | null;
}

export function insertScan(db: Db, scan: NewScan): number {
  latestCacheOf(db).forget(scan.domain);
  const row = db
    .query<{ id: number }, [string, string, number | null, number, string, string | null, string, number | null]>(
      `INSERT INTO scans (domain, status, score, scanned_at, record, artifacts, caller_kind, api_key_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(scan.domain, scan.status, scan.score, scan.scannedAt, scan.recordJson, scan.artifactsJson, scan.callerKind, scan.apiKeyId);
  return row!.id;
}

/**
 * The newest record of a domain. Clients poll this every second or two, so answers are kept in
 * memory: this process's own inserts forget their domain at once, and a commit by any other
 * process (a second server on the same file) clears everything, noticed through SQLite's
 * data_version within CHANGE_CHECK_MS.
 */
export function latestScan(db: Db, domain: string): StoredScan | null {
  const cache = latestCacheOf(db);
  const cached = cache.get(domain);
  if (cached !== undefined) return cached;
  const row = db
    .query<StoredScan, [string]>(
      `SELECT id, domain, status, score, scanned_at AS scannedAt, record AS recordJson
         FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT 1`,
    )
    .get(domain);
  cache.set(domain, row);
  return row;
}

const CACHE_ENTRIES = 256;
const CHANGE_CHECK_MS = 200;
const latestCaches = new WeakMap<Db, LatestScanCache>();

function latestCacheOf(db: Db): LatestScanCache {
  let cache = latestCaches.get(db);
  if (!cache) {
    cache = new LatestScanCache(db);
    latestCaches.set(db, cache);
  }
  return cache;
}

class LatestScanCache {
  private readonly entries = new Map<string, StoredScan | null>();
  private dataVersion = -1;
  private checkedAt = 0;

  constructor(private readonly db: Db) {}

  /** The cached answer (null: known to have none), or undefined when it must be read. */
  get(domain: string): StoredScan | null | undefined {
    this.dropIfChangedElsewhere();
    return this.entries.get(domain);
  }

  set(domain: string, scan: StoredScan | null): void {
    if (this.entries.size >= CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(domain, scan);
  }

  forget(domain: string): void {
    this.entries.delete(domain);
  }

  private dropIfChangedElsewhere(): void {
    const now = performance.now();
    if (now - this.checkedAt < CHANGE_CHECK_MS) return;
    this.checkedAt = now;
    const version = this.db.query<{ data_version: number }, []>("PRAGMA data_version").get()?.data_version ?? -1;
    if (version !== this.dataVersion) {
      this.entries.clear();
      this.dataVersion = version;
    }
  }
}

/** The artifacts stored with a scan, for re-scoring without refetching. */
export function scanArtifacts(db: Db, scanId: number): string | null {
  return db.query<{ artifacts: string | null }, [number]>("SELECT artifacts FROM scans WHERE id = ?").get(scanId)?.artifacts ?? null;
}

export function scanHistory(db: Db, domain: string, limit: number): StoredScan[] {
  return db
    .query<StoredScan, [string, number]>(
      `SELECT id, domain, status, score, scanned_at AS scannedAt, record AS recordJson
         FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT ?`,
    )
    .all(domain, limit);
}

export function recentScans(db: Db, limit: number): ScanSummary[] {
  return db
    .query<ScanSummary, [number]>(
      `SELECT s.id, s.domain, s.status, s.score, s.scanned_at AS scannedAt, s.caller_kind AS callerKind, k.name AS apiKeyName
         FROM scans s LEFT JOIN api_keys k ON k.id = s.api_key_id
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT ?`,
    )
    .all(limit);
}

/**
 * For `sightline rescore --all`: the domains to walk are fixed when the run starts (rows up to
 * `lastScanId`), and read a page at a time in domain order, so memory stays bounded however many
 * domains there are and no read cursor stays open while re-scored rows are inserted.
 */
export function lastScanId(db: Db): number {
  return db.query<{ id: number | null }, []>("SELECT MAX(id) AS id FROM scans").get()?.id ?? 0;
}

export function countScannedDomains(db: Db, upToId: number): number {
  return db.query<{ count: number }, [number]>("SELECT COUNT(DISTINCT domain) AS count FROM scans WHERE id <= ?").get(upToId)?.count ?? 0;
}

/** The next `limit` domains after `after` (in byte order; "" starts at the first) with a scan up to `upToId`. */
export function scannedDomainsAfter(db: Db, after: string, upToId: number, limit: number): string[] {
  return db
    .query<{ domain: string }, [string, number, number]>("SELECT DISTINCT domain FROM scans WHERE domain > ? AND id <= ? ORDER BY domain LIMIT ?")
    .all(after, upToId, limit)
    .map((row) => row.domain);
}

/** The artifacts a scan stored, with the domain and time they belong to; null when there is no such scan. */
export function storedArtifacts(db: Db, scanId: number): { domain: string; scannedAt: number; artifactsJson: string | null } | null {
  return db
    .query<{ domain: string; scannedAt: number; artifactsJson: string | null }, [number]>(
      "SELECT domain, scanned_at AS scannedAt, artifacts AS artifactsJson FROM scans WHERE id = ?",
    )
    .get(scanId);
}

/** One row of a domain's scan history: what a list or a chart needs, without the record itself. */
export interface ScanHistoryRow {
  id: number;
  status: "ok" | "failed";
  score: number | null;
  scannedAt: number;
  /** The record's `result.grade`, or null (failed scans, and records that have no grade). */
  grade: string | null;
  /** 1 when the row was re-scored from an older scan's artifacts (`sightline rescore`), else 0. */
  rescored: number;
}

export function countScansOf(db: Db, domain: string): number {
  return db.query<{ count: number }, [string]>("SELECT COUNT(*) AS count FROM scans WHERE domain = ?").get(domain)?.count ?? 0;
}

/** A page of a domain's scans, newest first. The grade is read from the stored record, so it is never stored twice. */
export function scanHistoryPage(db: Db, domain: string, limit: number, offset: number): ScanHistoryRow[] {
  return db
    .query<ScanHistoryRow, [string, number, number]>(
      `SELECT id, status, score, scanned_at AS scannedAt, json_extract(record, '$.result.grade') AS grade,
              json_type(record, '$.rescoredFrom') IS NOT NULL AS rescored
         FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(domain, limit, offset);
}

/** The newest scan of the domain with `status` that was stored before `scan` (in history order), or null. */
export function scanBefore(db: Db, scan: { id: number; domain: string; scannedAt: number }, status: "ok" | "failed"): StoredScan | null {
  return db
    .query<StoredScan, [string, string, number, number, number]>(
      `SELECT id, domain, status, score, scanned_at AS scannedAt, record AS recordJson
         FROM scans WHERE domain = ? AND status = ? AND (scanned_at < ? OR (scanned_at = ? AND id < ?))
        ORDER BY scanned_at DESC, id DESC LIMIT 1`,
    )
    .get(scan.domain, status, scan.scannedAt, scan.scannedAt, scan.id);
}

/** Filters of the admin's scan list; a missing field does not filter. Times are ms since the epoch. */
export interface ScanFilter {
  /** Part of the domain, matched literally (a `%` or `_` typed is not a wildcard). */
  domainContains?: string;
  status?: "ok" | "failed";
  callerKind?: CallerKind;
  /** Scanned at or after. */
  from?: number;
  /** Scanned before. */
  until?: number;
}

type ScanFilterParams = [string | null, string | null, string | null, number | null, number | null];

// One fixed statement for every combination of filters: a filter left out is bound as NULL.
const SCAN_FILTER_WHERE = `(?1 IS NULL OR s.domain LIKE ?1 ESCAPE '\\')
   AND (?2 IS NULL OR s.status = ?2)
   AND (?3 IS NULL OR s.caller_kind = ?3)
   AND (?4 IS NULL OR s.scanned_at >= ?4)
   AND (?5 IS NULL OR s.scanned_at < ?5)`;

function scanFilterParams(filter: ScanFilter): ScanFilterParams {
  const domain = filter.domainContains?.trim().toLowerCase();
  return [
    domain ? containsPattern(domain) : null,
    filter.status ?? null,
    filter.callerKind ?? null,
    filter.from ?? null,
    filter.until ?? null,
  ];
}

/** One page of the scans matching `filter`, newest first, with the name of the key that asked. */
export function filteredScans(db: Db, filter: ScanFilter, limit: number, offset: number): ScanSummary[] {
  return db
    .query<ScanSummary, [...ScanFilterParams, number, number]>(
      `SELECT s.id, s.domain, s.status, s.score, s.scanned_at AS scannedAt, s.caller_kind AS callerKind, k.name AS apiKeyName
         FROM scans s LEFT JOIN api_keys k ON k.id = s.api_key_id
        WHERE ${SCAN_FILTER_WHERE}
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT ?6 OFFSET ?7`,
    )
    .all(...scanFilterParams(filter), limit, offset);
}

export function countFilteredScans(db: Db, filter: ScanFilter): number {
  return db.query<{ count: number }, ScanFilterParams>(`SELECT count(*) AS count FROM scans s WHERE ${SCAN_FILTER_WHERE}`).get(...scanFilterParams(filter))!.count;
}

/** One page of the scans asked for with any of a user's API keys (revoked ones included), newest first. */
export function scansOfUser(db: Db, userId: number, limit: number, offset: number): ScanSummary[] {
  return db
    .query<ScanSummary, [number, number, number]>(
      `SELECT s.id, s.domain, s.status, s.score, s.scanned_at AS scannedAt, s.caller_kind AS callerKind, k.name AS apiKeyName
         FROM scans s JOIN api_keys k ON k.id = s.api_key_id
        WHERE k.user_id = ?
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, limit, offset);
}

export function countScansOfUser(db: Db, userId: number): number {
  return db
    .query<{ count: number }, [number]>("SELECT count(*) AS count FROM scans s JOIN api_keys k ON k.id = s.api_key_id WHERE k.user_id = ?")
    .get(userId)!.count;
}
