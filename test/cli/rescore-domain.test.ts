/**
 * Re-scoring one domain from stored artifacts, on an in-memory store: the new record is the service's
 * own scoring of the artifacts plus `rescoredFrom`, with the scan's time; old rows stay; each reason to
 * skip is named; a record that was itself re-scored is re-scored from the scan that holds the artifacts.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { loadAnalyzer } from "../../src/analyzers/registry.ts";
import { SchemaRecordSchema } from "../../src/analyzers/schema/record-schema.ts";
import { scoreArtifacts as scoreSchema } from "../../src/analyzers/schema/score-artifacts.ts";
import type { SchemaArtifacts } from "../../src/analyzers/schema/gather/page-artifact.ts";
import { VisibilityRecordSchema } from "../../src/analyzers/visibility/record-schema.ts";
import { scoreArtifacts as scoreVisibility } from "../../src/analyzers/visibility/score-artifacts.ts";
import { type RescoreDeps, rescoreDomain } from "../../src/cli/rescore-domain.ts";
import { rescorerFor } from "../../src/cli/rescorers.ts";
import { type Db, openDatabase } from "../../src/store/database.ts";
import { insertScan, latestScan } from "../../src/store/scans-repo.ts";
import { PRODUCT_PAGE } from "../fixtures/schema-pages/pages.ts";
import { APP_SHELL, siteWithHtml, site } from "../analyzers/visibility/sample-site.ts";

const SCANNED_AT = Date.parse("2026-03-01T10:00:00.000Z");
const RESCORED_AT = new Date("2026-04-02T08:30:00.000Z");

let db: Db;
beforeEach(() => {
  db = openDatabase(":memory:");
});
afterEach(async () => {
  await db.close();
});

const analyzers = { visibility: await loadAnalyzer("visibility"), schema: await loadAnalyzer("schema") };

function depsFor(service: "visibility" | "schema", overrides: Partial<RescoreDeps> = {}): RescoreDeps {
  return { db, analyzer: analyzers[service], rescorer: rescorerFor(service), now: () => RESCORED_AT, version: "9.9.9-test", ...overrides };
}

/** A stored scan whose record was scored by an older build: same artifacts, another score. */
function storeScan(domain: string, artifacts: unknown, options: { status?: "ok" | "failed"; score?: number | null; recordJson?: string; artifactsJson?: string | null } = {}): Promise<number> {
  return insertScan(db, {
    domain,
    status: options.status ?? "ok",
    score: options.score === undefined ? 12 : options.score,
    scannedAt: SCANNED_AT,
    recordJson: options.recordJson ?? JSON.stringify({ domain, status: options.status ?? "ok", scannedAt: new Date(SCANNED_AT).toISOString(), result: null, offSite: null }),
    artifactsJson: options.artifactsJson === undefined ? JSON.stringify(artifacts) : options.artifactsJson,
    caller: { kind: "pipeline" },
  });
}

function allRows() {
  return db.all<{ id: number; record: string; artifacts: string | null; caller_kind: string }>("SELECT id, record, artifacts, caller_kind FROM scans ORDER BY id");
}

describe("visibility", () => {
  test("the new record is today's scoring of the stored artifacts, marked, at the scan's time; the old row stays", async () => {
    const artifacts = site();
    const original = await storeScan("example.com", artifacts, { score: 12 });
    const before = await allRows();

    const outcome = await rescoreDomain(depsFor("visibility"), "example.com");

    const expected = scoreVisibility("example.com", JSON.parse(JSON.stringify(artifacts)), new Date(SCANNED_AT));
    expect(outcome).toMatchObject({ kind: "rescored", fromScanId: original, previousScore: 12, score: expected.result!.score, status: "ok" });
    const latest = (await latestScan(db, "example.com"))!;
    expect(latest.id).not.toBe(original);
    expect(latest.scannedAt).toBe(SCANNED_AT);
    expect(latest.score).toBe(expected.result!.score);
    const record = JSON.parse(latest.recordJson);
    expect(record).toEqual({
      ...expected,
      rescoredFrom: { scanId: original, scannedAt: "2026-03-01T10:00:00.000Z", rescoredAt: "2026-04-02T08:30:00.000Z", version: "9.9.9-test" },
    });
    expect(record.scannedAt).toBe("2026-03-01T10:00:00.000Z");
    expect([...Value.Errors(VisibilityRecordSchema, record)]).toEqual([]);

    const after = await allRows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ artifacts: null, caller_kind: "cli" });
  });

  test("re-scoring a re-scored record reads the artifacts of the scan it came from", async () => {
    const original = await storeScan("example.com", siteWithHtml(APP_SHELL));
    const first = await rescoreDomain(depsFor("visibility"), "example.com");
    const second = await rescoreDomain(depsFor("visibility", { version: "10.0.0" }), "example.com");
    expect(first).toMatchObject({ kind: "rescored", fromScanId: original });
    expect(second).toMatchObject({ kind: "rescored", fromScanId: original });
    if (first.kind !== "rescored" || second.kind !== "rescored") throw new Error("not re-scored");
    expect(second.previousScore).toBe(first.score);
    expect(second.score).toBe(first.score);
    expect(JSON.parse((await latestScan(db, "example.com"))!.recordJson).rescoredFrom).toMatchObject({ scanId: original, version: "10.0.0" });
    expect((await allRows()).map((row) => row.artifacts === null)).toEqual([false, true, true]);
  });

  test("each reason to skip is named, and nothing is written", async () => {
    const current = site();
    await storeScan("failed.test", null, { status: "failed", score: null, artifactsJson: null });
    await storeScan("bare.test", null, { artifactsJson: null });
    await storeScan("old.test", { ...current, version: 0 });
    await storeScan("noversion.test", { homepage: current.homepage, robotsTxt: current.robotsTxt });
    await storeScan("garbled.test", null, { artifactsJson: "{not json" });
    await storeScan("other-service.test", { page: { ok: true, html: "<p>", finalUrl: "https://x/", status: 200 } });
    await storeScan("pointer.test", null, { recordJson: JSON.stringify({ rescoredFrom: { scanId: 1 } }), artifactsJson: null });
    await storeScan("pruned.test", null, { recordJson: JSON.stringify({ rescoredFrom: { scanId: 999 } }), artifactsJson: null });
    const rows = (await allRows()).length;

    const deps = depsFor("visibility");
    expect(await rescoreDomain(deps, "failed.test")).toMatchObject({ kind: "skipped", reason: "latest-failed", detail: expect.stringContaining("failed") });
    expect(await rescoreDomain(deps, "bare.test")).toMatchObject({ kind: "skipped", reason: "no-artifacts", detail: expect.stringContaining("stored no artifacts") });
    expect(await rescoreDomain(deps, "old.test")).toMatchObject({ kind: "skipped", reason: "incompatible-artifacts", detail: expect.stringContaining("artifacts version 0; this build reads version 1") });
    expect(await rescoreDomain(deps, "noversion.test")).toMatchObject({ kind: "skipped", reason: "incompatible-artifacts", detail: expect.stringContaining("without a version") });
    expect(await rescoreDomain(deps, "garbled.test")).toMatchObject({ kind: "skipped", reason: "unreadable-artifacts", detail: expect.stringContaining("could not be read") });
    expect(await rescoreDomain(deps, "other-service.test")).toMatchObject({ kind: "skipped", reason: "incompatible-artifacts", detail: expect.stringContaining("schema-service artifacts") });
    // Scan #1 belongs to another domain: never judge another site's artifacts as this one's.
    expect(await rescoreDomain(deps, "pointer.test")).toMatchObject({ kind: "skipped", reason: "no-artifacts", detail: expect.stringContaining("a scan of failed.test") });
    expect(await rescoreDomain(deps, "pruned.test")).toMatchObject({ kind: "skipped", reason: "no-artifacts", detail: "scan #999, which holds the artifacts, is no longer stored" });
    expect(await rescoreDomain(deps, "never.test")).toEqual({ kind: "unknown-domain" });
    expect(await allRows()).toHaveLength(rows);
  });

  test("a scoring that throws is an error for that domain, and nothing is written", async () => {
    await storeScan("example.com", site());
    const throwing = { ...rescorerFor("visibility"), score: () => { throw new Error("audit exploded"); } };
    expect(await rescoreDomain(depsFor("visibility", { rescorer: throwing }), "example.com")).toEqual({
      kind: "error",
      detail: "the audits or scoring failed on the artifacts of scan #1: audit exploded",
    });
    expect(await allRows()).toHaveLength(1);
  });
});

describe("schema", () => {
  const artifacts: SchemaArtifacts = {
    page: { ok: true, requestedUrl: "http://shop.test/p/1", finalUrl: "http://shop.test/p/1", status: 200, contentType: "text/html; charset=utf-8", html: PRODUCT_PAGE, truncated: false },
  };

  test("the page is judged again with the schema service's own scoring", async () => {
    const original = await storeScan("shop.test", artifacts, { score: 0 });
    const outcome = await rescoreDomain(depsFor("schema"), "shop.test");
    const expected = scoreSchema("shop.test", artifacts, new Date(SCANNED_AT));
    expect(outcome).toMatchObject({ kind: "rescored", fromScanId: original, previousScore: 0, score: expected.result!.summary.eligible });
    const record = JSON.parse((await latestScan(db, "shop.test"))!.recordJson);
    expect(record).toEqual({ ...expected, rescoredFrom: { scanId: original, scannedAt: "2026-03-01T10:00:00.000Z", rescoredAt: "2026-04-02T08:30:00.000Z", version: "9.9.9-test" } });
    expect([...Value.Errors(SchemaRecordSchema, record)]).toEqual([]);
  });

  test("the re-scored record stays the record of its page (schema records are kept per page)", async () => {
    const original = await storeScan("shop.test", artifacts, { score: 0 });
    await db.run("UPDATE scans SET page_url = ? WHERE id = ?", ["http://shop.test/p/1", original]);
    const outcome = await rescoreDomain(depsFor("schema"), "shop.test");
    expect(outcome).toMatchObject({ kind: "rescored", fromScanId: original });
    expect(await latestScan(db, "shop.test", "http://shop.test/p/1")).toMatchObject({ pageUrl: "http://shop.test/p/1" });
    expect((await latestScan(db, "shop.test", "http://shop.test/p/1"))!.id).not.toBe(original);
    expect(await latestScan(db, "shop.test", null)).toBeNull();
  });

  test("visibility artifacts, or a page without its HTML, are not judged", async () => {
    await storeScan("mixed.test", site());
    await storeScan("thin.test", { page: { ok: true, finalUrl: "http://thin.test/", status: 200 } });
    expect(await rescoreDomain(depsFor("schema"), "mixed.test")).toMatchObject({ kind: "skipped", reason: "incompatible-artifacts", detail: expect.stringContaining("visibility-service artifacts") });
    expect(await rescoreDomain(depsFor("schema"), "thin.test")).toMatchObject({ kind: "skipped", reason: "incompatible-artifacts", detail: expect.stringContaining("lacks its HTML") });
  });
});

describe("page verdicts of a site-wide scan", () => {
  test("re-scoring stores the regenerated verdicts with the new row, and keeps the scan's page budget; the old row keeps its own", async () => {
    const { pageVerdict } = await import("../fixtures/page-verdicts.ts");
    const { pageVerdictsOfScan } = await import("../../src/reports/page-verdicts.ts");
    const { storedPageVerdicts } = await import("../../src/scans/bounded-page-verdicts.ts");
    const artifacts = site();
    const before = [pageVerdict("https://example.com/", "/", { source: "homepage" })];
    const original = await insertScan(db, {
      domain: "example.com",
      status: "ok",
      score: 12,
      scannedAt: SCANNED_AT,
      recordJson: JSON.stringify({ domain: "example.com", status: "ok", scannedAt: new Date(SCANNED_AT).toISOString(), result: null, offSite: null }),
      artifactsJson: JSON.stringify(artifacts),
      caller: { kind: "pipeline" },
      pagesBudget: 30,
      pages: storedPageVerdicts(before),
    });
    const regenerated = [pageVerdict("https://example.com/", "/", { source: "homepage" }), pageVerdict("https://example.com/blog/a", "/blog/<slug>", { verdict: "issues" })];
    const seen: unknown[] = [];
    const rescorer = {
      ...rescorerFor("visibility"),
      pageVerdicts(domain: string, stored: unknown) {
        seen.push([domain, stored]);
        return regenerated;
      },
    };
    const outcome = await rescoreDomain(depsFor("visibility", { rescorer }), "example.com");
    expect(outcome).toMatchObject({ kind: "rescored", fromScanId: original });
    expect(seen).toEqual([["example.com", JSON.parse(JSON.stringify(artifacts))]]);
    const latest = (await latestScan(db, "example.com"))!;
    expect(latest.pagesBudget).toBe(30);
    const pagesOf = async (scanId: number) => (await pageVerdictsOfScan(db, { id: scanId, scannedAt: SCANNED_AT }, { offset: 0, limit: 50 })).pagesJson.map((json) => JSON.parse(json));
    expect(await pagesOf(latest.id)).toEqual(regenerated);
    expect(await pagesOf(original)).toEqual(before);
  });
});
