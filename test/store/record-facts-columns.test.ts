/**
 * Issue 30, finding 1: history read each record's grade and re-score mark out of the record in SQL
 * (PostgreSQL cast every record to jsonb twice a row: 2.4 s for a page with four 19 MB records). They
 * are columns now, written when the record is stored, and filled once for existing rows by the
 * migration, on both engines.
 */
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { expect, test } from "bun:test";
import { forEachStoreEngine } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";
import { insertScan, scanHistoryPage } from "../../src/store/scans-repo.ts";
import { migrateSqlite } from "../../src/store/sqlite-database.ts";
import { sqliteMigrations } from "../../src/store/sqlite-migrations.ts";
import { postgresMigrations } from "../../src/store/postgres-migrations.ts";
import { openDatabase, openPostgres } from "../../src/store/database.ts";
import { recordFacts } from "../../src/analyzers/record-facts.ts";

const T = POSTGRES_HOOK_TIMEOUT_MS;

/** Rows as an older version stored them: the facts only inside the record (one of them not JSON at all). */
const OLD_ROWS = [
  { scannedAt: 1000, record: JSON.stringify({ domain: "old.test", status: "ok", result: { grade: "C", score: 55 } }), score: 55 },
  { scannedAt: 2000, record: JSON.stringify({ domain: "old.test", status: "ok", result: { grade: "A", score: 91 }, rescoredFrom: { scanId: 1 } }), score: 91 },
  { scannedAt: 3000, record: JSON.stringify({ domain: "old.test", status: "failed", result: null }), score: null },
  { scannedAt: 4000, record: JSON.stringify({ domain: "old.test", status: "ok", result: { summary: { eligible: 2 } } }), score: 2 },
  { scannedAt: 5000, record: "not json", score: null },
];
const BACKFILLED = [
  { grade: null, rescored: 0, scannedAt: 5000 },
  { grade: null, rescored: 0, scannedAt: 4000 },
  { grade: null, rescored: 0, scannedAt: 3000 },
  { grade: "A", rescored: 1, scannedAt: 2000 },
  { grade: "C", rescored: 0, scannedAt: 1000 },
];

test("recordFacts reads the grade and the re-score mark of either service's record", () => {
  expect(recordFacts({ domain: "a", result: { grade: "B" } })).toEqual({ grade: "B", rescored: false });
  expect(recordFacts({ domain: "a", result: { summary: {} }, rescoredFrom: { scanId: 3 } })).toEqual({ grade: null, rescored: true });
  expect(recordFacts({ domain: "a", result: null })).toEqual({ grade: null, rescored: false });
});

forEachStoreEngine((engine) => {
  test("history reads grade and rescored from columns written at insert, never from the record", async () => {
    const db = await engine.open();
    // The record says otherwise on purpose: only the columns may be read.
    const record = JSON.stringify({ domain: "cols.test", result: { grade: "F" }, rescoredFrom: { scanId: 9 } });
    const id = await insertScan(db, { domain: "cols.test", status: "ok", score: 88, grade: "B", rescored: false, scannedAt: 10, recordJson: record, artifactsJson: null, caller: { kind: "pipeline" } });
    const id2 = await insertScan(db, { domain: "cols.test", status: "ok", score: 90, scannedAt: 20, recordJson: record, artifactsJson: null, caller: { kind: "pipeline" } });
    expect(await scanHistoryPage(db, "cols.test", 10, 0)).toEqual([
      { id: id2, status: "ok", score: 90, scannedAt: 20, grade: null, rescored: 0 },
      { id, status: "ok", score: 88, scannedAt: 10, grade: "B", rescored: 0 },
    ]);
  }, T);

  test("the migration fills the columns of rows stored before them, from their records", async () => {
    const location = await engine.location();
    if (engine.name === "sqlite") {
      const sqlite = new Database(location, { create: true });
      migrateSqlite(sqlite, sqliteMigrations.filter((migration) => migration.version < 7));
      const insert = sqlite.query("INSERT INTO scans (domain, status, score, scanned_at, record, caller_kind) VALUES ('old.test', ?, ?, ?, ?, 'pipeline')");
      for (const row of OLD_ROWS) insert.run(row.record.includes('"failed"') ? "failed" : "ok", row.score, row.scannedAt, row.record);
      sqlite.close();
      const db = openDatabase(location);
      try {
        expect((await scanHistoryPage(db, "old.test", 10, 0)).map(({ grade, rescored, scannedAt }) => ({ grade, rescored, scannedAt }))).toEqual(BACKFILLED);
      } finally {
        await db.close();
      }
      return;
    }
    const sql = new SQL(location);
    try {
      await sql.unsafe("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
      for (const migration of postgresMigrations.filter((each) => each.version < 3)) {
        await sql.unsafe(migration.sql);
        await sql.unsafe("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 0)", [migration.version, migration.name]);
      }
      for (const row of OLD_ROWS) {
        await sql.unsafe("INSERT INTO scans (domain, status, score, scanned_at, record, caller_kind) VALUES ('old.test', $1, $2, $3, $4, 'pipeline')", [
          row.record.includes('"failed"') ? "failed" : "ok",
          row.score,
          row.scannedAt,
          row.record,
        ]);
      }
    } finally {
      await sql.close();
    }
    const db = await openPostgres(location);
    try {
      expect((await scanHistoryPage(db, "old.test", 10, 0)).map(({ grade, rescored, scannedAt }) => ({ grade, rescored, scannedAt }))).toEqual(BACKFILLED);
    } finally {
      await db.close();
    }
  }, T);
});
