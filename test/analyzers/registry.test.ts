import { describe, expect, test } from "bun:test";
import { analyzerFor, loadAnalyzer } from "../../src/analyzers/registry.ts";
import { SchemaRecordSchema } from "../../src/analyzers/schema/record-schema.ts";
import { VisibilityRecordSchema } from "../../src/analyzers/visibility/record-schema.ts";
import { fakeFetcher } from "./visibility/fake-fetcher.ts";

const offsite = { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" };

describe("analyzerFor", () => {
  test("offers each service's record schema and failed record before any scan", () => {
    const visibility = analyzerFor("visibility");
    const schema = analyzerFor("schema");
    expect(visibility.service).toBe("visibility");
    expect(visibility.recordSchema).toBe(VisibilityRecordSchema);
    expect(schema.recordSchema).toBe(SchemaRecordSchema);
    const failed = schema.failedRecord("a.test", "gave up", new Date("2026-11-20T00:00:00Z"));
    expect(failed).toMatchObject({ domain: "a.test", status: "failed", result: null, reason: "gave up" });
    expect(schema.scoreOf(failed)).toBeNull();
    expect(visibility.scoreOf(visibility.failedRecord("a.test", "gave up", new Date()))).toBeNull();
  });

  test("scans with the service's analyzer, loaded on the first scan, and then scores its records", async () => {
    const analyzer = analyzerFor("visibility");
    const { record } = await analyzer.scan({ domain: "unreachable.test", fetcher: fakeFetcher({}), signal: AbortSignal.timeout(5000), offsite, now: () => new Date("2026-11-20T00:00:00Z") });
    expect(record).toMatchObject({ domain: "unreachable.test", status: "failed" });
    const loaded = await loadAnalyzer("visibility");
    const ok = { domain: "a.test", status: "ok" as const, scannedAt: "2026-11-20T00:00:00.000Z", result: { score: 72 } };
    expect(analyzer.scoreOf(ok)).toBe(loaded.scoreOf(ok));
    expect(analyzer.scoreOf(ok)).toBe(72);
  });

  test("loadAnalyzer gives the whole analyzer of each service", async () => {
    expect((await loadAnalyzer("schema")).service).toBe("schema");
    expect((await loadAnalyzer("visibility")).recordSchema).toBe(VisibilityRecordSchema);
  });
});
