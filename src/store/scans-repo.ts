import type { Db } from "./database.ts";

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
  const row = db
    .query<{ id: number }, [string, string, number | null, number, string, string | null, string, number | null]>(
      `INSERT INTO scans (domain, status, score, scanned_at, record, artifacts, caller_kind, api_key_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(scan.domain, scan.status, scan.score, scan.scannedAt, scan.recordJson, scan.artifactsJson, scan.callerKind, scan.apiKeyId);
  return row!.id;
}

export function latestScan(db: Db, domain: string): StoredScan | null {
  return db
    .query<StoredScan, [string]>(
      `SELECT id, domain, status, score, scanned_at AS scannedAt, record AS recordJson
         FROM scans WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT 1`,
    )
    .get(domain);
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
