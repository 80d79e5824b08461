import { expect, test } from "bun:test";
import { waitForNewRecord } from "../../src/mcp/wait-for-new-record.ts";
import { openDatabase } from "../../src/store/database.ts";
import { insertScan } from "../../src/store/scans-repo.ts";

function store(db: ReturnType<typeof openDatabase>, record: Record<string, unknown>): Promise<number> {
  return insertScan(db, { domain: "example.com", status: "ok", score: 80, scannedAt: Date.parse("2026-11-01T00:00:00Z"), recordJson: JSON.stringify(record), artifactsJson: null, caller: { kind: "pipeline" } });
}

test("a row that sightline rescore stored is not the new scan an MCP call waits for", async () => {
  const db = openDatabase(":memory:", { migrate: true });
  const before = await store(db, { domain: "example.com" });
  const options = { waitMs: 50, pollMs: 10, signal: new AbortController().signal };
  await store(db, { domain: "example.com", rescoredFrom: { scanId: before, scannedAt: "2026-11-01T00:00:00.000Z" } });
  expect(await waitForNewRecord(db, "example.com", before, options)).toBeNull();
  const scanned = await store(db, { domain: "example.com" });
  expect((await waitForNewRecord(db, "example.com", before, options))?.id).toBe(scanned);
  // A re-score stored after the scan does not hide it.
  await store(db, { domain: "example.com", rescoredFrom: { scanId: scanned, scannedAt: "2026-11-01T00:00:00.000Z" } });
  expect((await waitForNewRecord(db, "example.com", before, options))?.id).toBe(scanned);
});
