/**
 * Issue 28, history and admin: a re-score is marked as such and is no scan of its own. "Since the previous
 * scan" compares with the visit before, never with the scan the record was re-scored from; the chart's axis
 * gives times when scans share a day; the admin's scan list names "rescore" as the caller.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, type TestRuntime } from "../../helpers/test-runtime.ts";
import { okRecord, storeRecord } from "../record-fixtures.ts";
import { recentScans } from "../../../src/store/scans-repo.ts";
import { scanTable } from "../../../src/web/account/scan-table.ts";
import { scoreChart } from "../../../src/web/score-chart.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";

const NOW = Date.parse("2026-11-20T18:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function start(): Promise<TestRuntime> {
  runtime = await createTestRuntime({}, { now: () => NOW, runWorker: false });
  return runtime;
}

/** okRecord re-scored from the stored scan `scanId`, keeping that scan's time, as `sightline rescore` stores it. */
function rescored(record: VisibilityRecord, scanId: number): VisibilityRecord {
  return { ...record, rescoredFrom: { scanId, scannedAt: record.scannedAt, rescoredAt: "2026-11-20T17:00:00.000Z", version: "9.9.9" } };
}

describe("re-scores in the report's history", () => {
  test("a re-scored record compares with the visit before the one it was re-scored from, and is marked", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("re.test", 50, "x", "2026-11-10T10:00:00.000Z"));
    const visit = await storeRecord(s.runtime.db, okRecord("re.test", 60, "x", "2026-11-15T10:00:00.000Z"));
    await storeRecord(s.runtime.db, rescored(okRecord("re.test", 64, "x", "2026-11-15T10:00:00.000Z"), visit));

    const response = await s.request("/report/re.test");
    const { document } = parseHTML(await response.text());
    const lead = document.querySelector("#history .changes-lead")!.textContent!;
    // Against the 10 November visit (50), not the 15 November scan the record was re-scored from (60).
    expect(lead).toContain("score 50 → 64");
    expect(document.querySelector("#history .fold-note")!.textContent).toBe("2 scans and 1 re-score");
    expect(document.querySelector(".rescored-line")!.textContent).toContain("re-scored");
    expect(document.querySelector(".rescored-line")!.textContent).toContain("sightline 9.9.9");
    const rows = Array.from(document.querySelectorAll("#history tbody tr")).map((row) => row.textContent!);
    expect(rows.filter((row) => row.includes("re-scored, not a scan")).length).toBe(1);
    // The chart draws visits only: two points.
    expect(document.querySelectorAll("#history circle.point").length).toBe(2);
  });

  test("a visit after a re-score compares with the visit before, not with the re-score", async () => {
    const s = await start();
    const visit = await storeRecord(s.runtime.db, okRecord("after.test", 60, "x", "2026-11-15T10:00:00.000Z"));
    await storeRecord(s.runtime.db, rescored(okRecord("after.test", 64, "x", "2026-11-15T10:00:00.000Z"), visit));
    await storeRecord(s.runtime.db, okRecord("after.test", 70, "x", "2026-11-20T10:00:00.000Z"));
    const { document } = parseHTML(await (await s.request("/report/after.test")).text());
    expect(document.querySelector("#history .changes-lead")!.textContent).toContain("score 60 → 70");
  });
});

describe("the score chart's axis", () => {
  test("scans on different days are labelled by day; scans that share a day by day and time", () => {
    const apart = parseHTML(`<div>${scoreChart([{ at: Date.parse("2026-11-19T09:00:00Z"), score: 50, grade: "D" }, { at: Date.parse("2026-11-20T09:30:00Z"), score: 60, grade: "C" }], "t")}</div>`).document;
    expect(Array.from(apart.querySelectorAll("text.axis")).map((text) => text.textContent).slice(-2)).toEqual(["2026-11-19", "2026-11-20"]);
    const sameDay = parseHTML(`<div>${scoreChart([{ at: Date.parse("2026-11-20T09:00:00Z"), score: 50, grade: "D" }, { at: Date.parse("2026-11-20T14:05:00Z"), score: 60, grade: "C" }], "t")}</div>`).document;
    expect(Array.from(sameDay.querySelectorAll("text.axis")).map((text) => text.textContent).slice(-2)).toEqual(["2026-11-20 09:00", "2026-11-20 14:05"]);
    expect(Array.from(sameDay.querySelectorAll("circle title")).map((title) => title.textContent)).toEqual(["2026-11-20 09:00: 50 (D)", "2026-11-20 14:05: 60 (C)"]);
  });
});

describe("the admin's scan list", () => {
  test("a re-scored row shows \"rescore\" as its caller", async () => {
    const s = await start();
    const visit = await storeRecord(s.runtime.db, okRecord("admin.test", 60, "x", "2026-11-15T10:00:00.000Z"));
    await storeRecord(s.runtime.db, rescored(okRecord("admin.test", 64, "x", "2026-11-15T10:00:00.000Z"), visit));
    const { document } = parseHTML(`<div>${scanTable(await recentScans(s.runtime.db, 10), { caption: "Scans", showCaller: true })}</div>`);
    const callers = Array.from(document.querySelectorAll('td[data-label="Caller"]')).map((cell) => cell.textContent);
    expect(callers.sort()).toEqual(["pipeline", "rescore"]);
  });
});
