import { storableJson } from "./storable-json.ts";
import type { Db } from "./database.ts";
import { callerColumns, type Caller } from "../types/caller.ts";
import { RefreshAhead } from "../lib/refresh-ahead.ts";
import { containsPattern } from "./like-pattern.ts";
import { BoundedMap } from "../lib/bounded-map.ts";
import { insertPageVerdicts, type StoredPageVerdict } from "./scan-pages-repo.ts";

/**
 * Stored scan records. Every completed scan is kept; readers get the newest per domain, or per page
 * (the schema service keeps one series of records per page URL; NULL is the homepage).
 * The record is stored as the exact JSON served, so the report endpoint returns bytes without
 * re-serialising (and can hash them once for its ETag).
 */

export interface NewScan {
  domain: string;
  /** The page analysed (the schema service), or null/absent for the homepage and every visibility scan. */
  pageUrl?: string | null;
  status: "ok" | "failed";
  score: number | null;
  /** The record's grade, or null (see analyzers/record-facts.ts); absent is null. */
  grade?: string | null;
  /** Re-scored from an older scan's artifacts (the record carries `rescoredFrom`); absent is false. */
  rescored?: boolean;
  scannedAt: number;
  recordJson: string;
  artifactsJson: string | null;
  caller: Caller;
  /** The page budget of a site-wide scan; null/absent for single-page services and scans from before budgets. */
  pagesBudget?: number | null;
  /** A site-wide scan's verdicts on its sampled pages, stored in the same transaction (scan-pages-repo.ts). */
  pages?: readonly StoredPageVerdict[] | null;
}

export interface StoredScan {
  id: number;
  domain: string;
  /** The page analysed, or null for the homepage (absent where a query does not read it). */
  pageUrl?: string | null;
  status: "ok" | "failed";
  score: number | null;
  scannedAt: number;
  recordJson: string;
  /** The page budget the scan ran with, or null (see NewScan.pagesBudget); absent where a query does not read it. */
  pagesBudget?: number | null;
}

export interface ScanSummary {
  id: number;
  domain: string;
  status: "ok" | "failed";
  score: number | null;
  scannedAt: number;
  callerKind: Caller["kind"];
  /** 1 when the row is a re-score of an older scan (`sightline rescore`), not a scan: lists show "rescore" as its caller. */
  rescored: number;
  apiKeyName: string | null;
}

export async function insertScan(db: Db, scan: NewScan): Promise<number> {
  latestCacheOf(db).forget(scan.domain);
  const { kind, apiKeyId } = callerColumns(scan.caller);
  // The record and its page verdicts land together or not at all (a nested call joins the caller's transaction).
  const row = await db.transaction(async () => {
    const inserted = await db.get<{ id: number }>(
      `INSERT INTO scans (domain, page_url, status, score, grade, rescored, scanned_at, record, artifacts, caller_kind, api_key_id, pages_budget)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [scan.domain, scan.pageUrl ?? null, scan.status, scan.score, scan.grade ?? null, scan.rescored ? 1 : 0, scan.scannedAt, storableJson(scan.recordJson), scan.artifactsJson, kind, apiKeyId, scan.pagesBudget ?? null],
    );
    if (inserted && scan.pages && scan.pages.length > 0) await insertPageVerdicts(db, inserted.id, scan.pages);
    return inserted;
  });
  // Again once written: a read that ran meanwhile may have cached the previous record. (Inside a
  // transaction the commit comes later still; SQLite holds other readers until then, and on
  // PostgreSQL the commit moves scans_version, which every cache checks.)
  latestCacheOf(db).forget(scan.domain);
  return row!.id;
}

/**
 * The newest record of a domain, or of one of its pages (`page`, see PageKey). Clients poll this
 * every second or two, so answers are kept in memory: this process's own inserts forget their domain
 * (every page of it) at once, and a commit by anyone else (a
 * second process on the same SQLite file, another instance on the same PostgreSQL database) clears
 * everything, noticed within CHANGE_CHECK_MS through a version the engine keeps (SQLite's
 * data_version; on PostgreSQL a counter that a trigger bumps on every change to scans).
 */
export async function latestScan(db: Db, domain: string, page?: PageKey): Promise<StoredScan | null> {
  const cache = latestCacheOf(db);
  await cache.dropIfChangedElsewhere();
  const key = cacheKey(domain, page);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const generation = cache.generation;
  const row =
    page === undefined
      ? await db.get<StoredScan>(
          `SELECT ${STORED_COLUMNS} FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT 1`,
          [domain],
        )
      : await db.get<StoredScan>(
          `SELECT ${STORED_COLUMNS} FROM scans WHERE domain = ? AND coalesce(page_url, '') = ? ORDER BY scanned_at DESC, id DESC LIMIT 1`,
          [domain, page ?? ""],
        );
  // An insert that landed while this read was in flight may be newer than what it returned: keep nothing then.
  if (cache.generation === generation) cache.set(key, row);
  return row;
}

/**
 * Which records a read means: a page URL, null for the homepage, or undefined for the domain's newest
 * record whatever its page. Pages are matched through coalesce(page_url, ''), which the
 * scans_latest_by_page index covers on both engines.
 */
export type PageKey = string | null | undefined;

const STORED_COLUMNS = `id, domain, page_url AS "pageUrl", status, score, scanned_at AS "scannedAt", record AS "recordJson", pages_budget AS "pagesBudget"`;

// Domains are host names, so they never hold the separator; "*" (not a URL) stands for "any page".
function cacheKey(domain: string, page: PageKey): string {
  return `${domain}\u0000${page === undefined ? "*" : (page ?? "")}`;
}

/** A page of a domain that has records, with its newest scan's time and status. */
export interface AnalysedPage {
  /** null: the homepage. */
  pageUrl: string | null;
  lastScannedAt: number;
  status: "ok" | "failed";
  scans: number;
}

/** The domain's analysed pages, the most recently scanned first. */
export async function analysedPages(db: Db, domain: string, limit: number): Promise<AnalysedPage[]> {
  const rows = await db.all<{ page: string; lastScannedAt: number; scans: number; status: "ok" | "failed" }>(
    `SELECT p.page, p."lastScannedAt", p.scans,
            (SELECT s.status FROM scans s WHERE s.domain = ?1 AND coalesce(s.page_url, '') = p.page
              ORDER BY s.scanned_at DESC, s.id DESC LIMIT 1) AS status
       FROM (SELECT coalesce(page_url, '') AS page, max(scanned_at) AS "lastScannedAt", count(*) AS scans
               FROM scans WHERE domain = ?1 GROUP BY coalesce(page_url, '')) p
      ORDER BY p."lastScannedAt" DESC, p.page LIMIT ?2`,
    [domain, limit],
  );
  return rows.map((row) => ({ pageUrl: row.page === "" ? null : row.page, lastScannedAt: row.lastScannedAt, status: row.status, scans: row.scans }));
}

const CACHE_ENTRIES = 256;
/** Another writer's record is seen within this long (plus one read)… */
const CHANGE_CHECK_MS = 200;
/** …and under steady traffic the version is renewed from this age on, in the background, so no request waits for it. */
const CHANGE_REFRESH_AHEAD_MS = 150;
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
  private readonly entries = new BoundedMap<string, StoredScan | null>(CACHE_ENTRIES);
  private version = -1;
  private readonly versions: RefreshAhead<number>;
  /** Moves on every forget or clear, so a read that raced a write does not store what it read. */
  generation = 0;

  constructor(private readonly db: Db) {
    this.versions = new RefreshAhead(() => this.readVersion(), CHANGE_REFRESH_AHEAD_MS, CHANGE_CHECK_MS);
  }

  /** The cached answer (null: known to have none), or undefined when it must be read. */
  get(key: string): StoredScan | null | undefined {
    return this.entries.get(key);
  }

  set(key: string, scan: StoredScan | null): void {
    this.entries.set(key, scan);
  }

  /** Forgets every answer about the domain: its newest record, and each of its pages'. */
  forget(domain: string): void {
    this.generation++;
    const prefix = `${domain}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  async dropIfChangedElsewhere(): Promise<void> {
    const version = await this.versions.get();
    if (version !== this.version) {
      this.generation++;
      this.entries.clear();
      this.version = version;
    }
  }

  private async readVersion(): Promise<number> {
    if (this.db.engine === "sqlite") return (await this.db.get<{ data_version: number }>("PRAGMA data_version"))?.data_version ?? -1;
    return (await this.db.get<{ version: number }>("SELECT version FROM scans_version"))?.version ?? -1;
  }
}

/** The newest records of the domain (or of one of its pages, see PageKey), newest first. */
export async function scanHistory(db: Db, domain: string, limit: number, page?: PageKey): Promise<StoredScan[]> {
  if (page !== undefined) {
    return db.all<StoredScan>(`SELECT ${STORED_COLUMNS} FROM scans WHERE domain = ? AND coalesce(page_url, '') = ?
        ORDER BY scanned_at DESC, id DESC LIMIT ?`, [domain, page ?? "", limit]);
  }
  return db.all<StoredScan>(`SELECT ${STORED_COLUMNS} FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT ?`, [domain, limit]);
}

export async function recentScans(db: Db, limit: number): Promise<ScanSummary[]> {
  return (await db.all<ScanSummary>(`SELECT s.id, s.domain, s.status, s.score, s.scanned_at AS "scannedAt", s.caller_kind AS "callerKind", s.rescored, k.name AS "apiKeyName"
         FROM scans s LEFT JOIN api_keys k ON k.id = s.api_key_id
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT ?`, [limit]));
}

/**
 * For `sightline rescore --all`: the domains to walk are fixed when the run starts (rows up to
 * `lastScanId`), and read a page at a time in domain order, so memory stays bounded however many
 * domains there are and no read cursor stays open while re-scored rows are inserted.
 */
// A record holding the escape of a NUL or of a surrogate (a JSON text escapes only lone ones): what storableJson rewrites.
const SUSPECT_RECORD = {
  sqlite: "(instr(record, '\\u0000') > 0 OR record GLOB '*\\u[dD][89abcdefABCDEF]*')",
  postgres: "(strpos(record, '\\u0000') > 0 OR record ~ '\\\\u[dD][89a-fA-F]')",
} as const;

/**
 * Rewrites, a page of rows at a time, the records stored before records were made storable (storable-json.ts)
 * that PostgreSQL's jsonb would refuse; resolves to how many changed.
 */
export async function makeStoredRecordsStorable(db: Db, factsOf: (record: object) => { grade: string | null; rescored: boolean }, pageSize = 100): Promise<number> {
  let changed = 0;
  for (let after = 0; ; ) {
    const rows = await db.all<{ id: number; domain: string; record: string }>(
      `SELECT id, domain, record FROM scans WHERE id > ? AND ${SUSPECT_RECORD[db.engine]} ORDER BY id LIMIT ?`,
      [after, pageSize],
    );
    if (rows.length === 0) return changed;
    for (const row of rows) {
      const storable = storableJson(row.record);
      if (storable === row.record) continue;
      // The grade and re-score columns were filled from records when they were added; PostgreSQL could not read these.
      const facts = factsOfText(storable, factsOf);
      await db.run("UPDATE scans SET record = ?, grade = ?, rescored = ? WHERE id = ?", [storable, facts.grade, facts.rescored ? 1 : 0, row.id]);
      latestCacheOf(db).forget(row.domain);
      changed++;
    }
    after = rows[rows.length - 1]!.id;
  }
}

function factsOfText(recordJson: string, factsOf: (record: object) => { grade: string | null; rescored: boolean }): { grade: string | null; rescored: boolean } {
  try {
    const record: unknown = JSON.parse(recordJson);
    return typeof record === "object" && record !== null ? factsOf(record) : { grade: null, rescored: false };
  } catch {
    return { grade: null, rescored: false };
  }
}

export async function lastScanId(db: Db): Promise<number> {
  return (await db.get<{ id: number | null }>("SELECT MAX(id) AS id FROM scans"))?.id ?? 0;
}

export async function countScannedDomains(db: Db, upToId: number): Promise<number> {
  return (await db.get<{ count: number }>("SELECT COUNT(DISTINCT domain) AS count FROM scans WHERE id <= ?", [upToId]))?.count ?? 0;
}

/** The next `limit` domains after `after` (in byte order; "" starts at the first) with a scan up to `upToId`. */
export async function scannedDomainsAfter(db: Db, after: string, upToId: number, limit: number): Promise<string[]> {
  return (await db.all<{ domain: string }>("SELECT DISTINCT domain FROM scans WHERE domain > ? AND id <= ? ORDER BY domain LIMIT ?", [after, upToId, limit]))
    .map((row) => row.domain);
}

/** The artifacts a scan stored, with the domain and time they belong to; null when there is no such scan. */
export async function storedArtifacts(
  db: Db,
  scanId: number,
): Promise<{ domain: string; scannedAt: number; artifactsJson: string | null } | null> {
  return (await db.get<{ domain: string; scannedAt: number; artifactsJson: string | null }>(`SELECT domain, scanned_at AS "scannedAt", artifacts AS "artifactsJson" FROM scans WHERE id = ?`, [scanId]));
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

export async function countScansOf(db: Db, domain: string): Promise<number> {
  return (await db.get<{ count: number }>("SELECT COUNT(*) AS count FROM scans WHERE domain = ?", [domain]))?.count ?? 0;
}

/**
 * A page of a domain's scans, newest first, read from columns only: grade and rescored are written
 * when the record is stored (record-facts.ts), so no row's record is read, however large.
 */
export async function scanHistoryPage(db: Db, domain: string, limit: number, offset: number): Promise<ScanHistoryRow[]> {
  return db.all<ScanHistoryRow>(
    `SELECT id, status, score, scanned_at AS "scannedAt", grade, rescored
       FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT ? OFFSET ?`,
    [domain, limit, offset],
  );
}

/** The newest scan of the domain with `status` that was stored before `scan` (in history order), or null. */
export async function scanBefore(db: Db, scan: { id: number; domain: string; scannedAt: number }, status: "ok" | "failed"): Promise<StoredScan | null> {
  return (await db.get<StoredScan>(`SELECT id, domain, status, score, scanned_at AS "scannedAt", record AS "recordJson"
         FROM scans WHERE domain = ? AND status = ? AND (scanned_at < ? OR (scanned_at = ? AND id < ?))
        ORDER BY scanned_at DESC, id DESC LIMIT 1`, [scan.domain, status, scan.scannedAt, scan.scannedAt, scan.id]));
}

/**
 * The newest completed visit of the site before `scan`: re-scored rows are skipped, and so is the visit a
 * re-scored `scan` was scored from, which keeps that visit's time (a re-score is no scan of its own).
 */
export async function visitBefore(db: Db, scan: { id: number; domain: string; scannedAt: number }): Promise<StoredScan | null> {
  return (await db.get<StoredScan>(`SELECT id, domain, status, score, scanned_at AS "scannedAt", record AS "recordJson"
         FROM scans WHERE domain = ? AND status = 'ok' AND rescored = 0 AND scanned_at < ?
        ORDER BY scanned_at DESC, id DESC LIMIT 1`, [scan.domain, scan.scannedAt])) ?? null;
}

/** Filters of the admin's scan list; a missing field does not filter. Times are ms since the epoch. */
export interface ScanFilter {
  /** Part of the domain, matched literally (a `%` or `_` typed is not a wildcard). */
  domainContains?: string;
  status?: "ok" | "failed";
  callerKind?: Caller["kind"];
  /** Scanned at or after. */
  from?: number;
  /** Scanned before. */
  until?: number;
}

type ScanFilterParams = [string | null, string | null, string | null, number | null, number | null];

// One fixed statement for every combination of filters: a filter left out is bound as NULL.
// The casts give PostgreSQL a type for a parameter that is bound as NULL; SQLite ignores them.
const SCAN_FILTER_WHERE = `(CAST(?1 AS TEXT) IS NULL OR s.domain LIKE ?1 ESCAPE '\\')
   AND (CAST(?2 AS TEXT) IS NULL OR s.status = ?2)
   AND (CAST(?3 AS TEXT) IS NULL OR s.caller_kind = ?3)
   AND (CAST(?4 AS BIGINT) IS NULL OR s.scanned_at >= ?4)
   AND (CAST(?5 AS BIGINT) IS NULL OR s.scanned_at < ?5)`;

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
export async function filteredScans(db: Db, filter: ScanFilter, limit: number, offset: number): Promise<ScanSummary[]> {
  return (await db.all<ScanSummary>(`SELECT s.id, s.domain, s.status, s.score, s.scanned_at AS "scannedAt", s.caller_kind AS "callerKind", s.rescored, k.name AS "apiKeyName"
         FROM scans s LEFT JOIN api_keys k ON k.id = s.api_key_id
        WHERE ${SCAN_FILTER_WHERE}
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT ?6 OFFSET ?7`, [...scanFilterParams(filter), limit, offset]));
}

export async function countFilteredScans(db: Db, filter: ScanFilter): Promise<number> {
  return (await db.get<{ count: number }>(`SELECT count(*) AS count FROM scans s WHERE ${SCAN_FILTER_WHERE}`, [...scanFilterParams(filter)]))!.count;
}

/** One page of the scans asked for with any of a user's API keys (revoked ones included), newest first. */
export async function scansOfUser(db: Db, userId: number, limit: number, offset: number): Promise<ScanSummary[]> {
  return (await db.all<ScanSummary>(`SELECT s.id, s.domain, s.status, s.score, s.scanned_at AS "scannedAt", s.caller_kind AS "callerKind", s.rescored, k.name AS "apiKeyName"
         FROM scans s JOIN api_keys k ON k.id = s.api_key_id
        WHERE k.user_id = ?
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT ? OFFSET ?`, [userId, limit, offset]));
}

export async function countScansOfUser(db: Db, userId: number): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM scans s JOIN api_keys k ON k.id = s.api_key_id WHERE k.user_id = ?", [userId]))!.count;
}

/** One scan's stored record (the JSON served), or null when there is no such scan. */
export async function recordOfScan(db: Db, scanId: number): Promise<string | null> {
  return (await db.get<{ record: string }>("SELECT record FROM scans WHERE id = ?", [scanId]))?.record ?? null;
}
