/**
 * The report page's "History and changes" (chart, fixed and new issues against the previous completed
 * scan, the scans as a table), the rescan notice that site.js drives, and the comparison page, all
 * through the whole app with records stored directly.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, type TestRuntime } from "../../helpers/test-runtime.ts";
import { claimNextJob, enqueueScan } from "../../../src/scans/queue.ts";
import { setJobProgress } from "../../../src/store/jobs-repo.ts";
import { PILLARS } from "../../../src/analyzers/visibility/scoring/pillars.ts";
import { AI_PLATFORMS } from "../../../src/analyzers/visibility/platforms.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { failedRecordFor, okRecord, storeRecord } from "../record-fixtures.ts";
import { HOSTILE_TEXT } from "../hostile-content.ts";
import { expectInert } from "../inert-html.ts";

const NOW = Date.parse("2026-11-20T13:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function start(): Promise<TestRuntime> {
  runtime = await createTestRuntime({}, { now: () => NOW, runWorker: false });
  return runtime;
}

async function page(path: string) {
  const response = await runtime!.request(path);
  const text = await response.text();
  return { status: response.status, text, document: parseHTML(text).document };
}

/** okRecord with one signal's status changed: pillar index, signal index (0 passes, 1 fails in okRecord). */
function withStatus(record: VisibilityRecord, changes: [number, number, "pass" | "warn" | "fail"][]): VisibilityRecord {
  for (const [pillar, signal, status] of changes) record.result!.pillars[pillar]!.signals[signal]!.status = status;
  return record;
}

describe("History and changes on the report page", () => {
  test("a domain scanned once shows no history section", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("once.test", 70));
    const { document } = await page("/report/once.test");
    expect(document.querySelector("#history")).toBeNull();
  });

  test("after three scans: the chart has a point per scan, and the changes since the previous one are fixed and new", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("three.test", 52, "x", "2026-11-10T10:00:00.000Z"));
    await storeRecord(s.runtime.db, okRecord("three.test", 61, "x", "2026-11-15T10:00:00.000Z"));
    // Pillar 0's failing check is fixed, pillar 1's passing check now fails.
    await storeRecord(s.runtime.db, withStatus(okRecord("three.test", 74, "x", "2026-11-20T10:00:00.000Z"), [[0, 1, "pass"], [1, 0, "fail"]]));

    const { status, document } = await page("/report/three.test");
    expect(status).toBe(200);
    const section = document.querySelector("#history")!;
    expect(section).not.toBeNull();
    expect(section.querySelector(".changes-lead")!.textContent).toContain("score 61 → 74 (+13)");
    expect(section.querySelector("#changes-fixed li")!.textContent).toContain(`${PILLARS[0]!.title} second check`);
    expect(section.querySelector("#changes-new li")!.textContent).toContain(`${PILLARS[1]!.title} check`);
    expect(section.querySelectorAll("#changes-fixed li").length).toBe(1);
    expect(section.querySelectorAll("#changes-new li").length).toBe(1);
    expect(section.querySelector("#changes-regraded")).toBeNull();

    const points = Array.from(section.querySelectorAll("svg.score-chart circle.point"));
    expect(points.map((point) => point.querySelector("title")!.textContent)).toEqual(["2026-11-10: 52 (D)", "2026-11-15: 61 (C)", "2026-11-20: 74 (C)"]);
    expect(section.querySelector("svg.score-chart polyline")).not.toBeNull();
    expect(Array.from(section.querySelectorAll("tbody tr")).map((row) => row.querySelector("td:nth-child(2)")!.textContent)).toEqual(["74", "61", "52"]);
    expect(section.querySelector('a[href="/api/report/three.test/history.json"]')).not.toBeNull();
  });

  test("a failed scan in between is a mark on the chart; the comparison skips it for the completed scan before", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("flaky.test", 60, "x", "2026-11-10T10:00:00.000Z"));
    await storeRecord(s.runtime.db, failedRecordFor("flaky.test", "No answer.", "2026-11-12T10:00:00.000Z"));
    await storeRecord(s.runtime.db, okRecord("flaky.test", 60, "x", "2026-11-20T10:00:00.000Z"));
    const { document } = await page("/report/flaky.test");
    const section = document.querySelector("#history")!;
    expect(section.querySelector(".changes-lead")!.textContent).toContain("score unchanged at 60");
    expect(section.querySelector(".changes-lead time")!.getAttribute("datetime")).toBe("2026-11-10T10:00:00.000Z");
    expect(section.textContent).toContain("No check changed its outcome.");
    expect(section.querySelectorAll("svg.score-chart circle.point").length).toBe(2);
    expect(section.querySelector("svg.score-chart .failed-mark title")!.textContent).toBe("2026-11-12: the scan failed");
  });

  test("titles the scanned records carry are escaped in the changes", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("hostile.test", 50, "x", "2026-11-10T10:00:00.000Z"));
    const now = withStatus(okRecord("hostile.test", 55, "x", "2026-11-20T10:00:00.000Z"), [[0, 1, "pass"]]);
    now.result!.pillars[0]!.signals[1]!.title = HOSTILE_TEXT;
    await storeRecord(s.runtime.db, now);
    const { text } = await page("/report/hostile.test");
    const document = expectInert(text);
    expect(document.querySelector("#changes-fixed li")!.textContent).toContain(HOSTILE_TEXT);
  });
});

describe("the report page during a rescan", () => {
  test("shows the running scan's step in a notice site.js can follow, and reloads itself only without JavaScript", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("again.test", 70));
    await enqueueScan(s.runtime.db, "again.test", { kind: "pipeline" }, NOW);
    const job = (await claimNextJob(s.runtime.db, NOW, 60_000))!;
    await setJobProgress(s.runtime.db, job.id, job.leaseToken, JSON.stringify({ done: 5, total: 9, step: "Reading llms.txt <now>" }), NOW);
    const { text, document } = await page("/report/again.test");
    const note = document.querySelector("[data-rescan-note]")!;
    expect(note.getAttribute("data-report")).toBe("/api/report/again.test.json");
    expect(note.getAttribute("data-shown")).toBe("2026-11-20T10:00:00.000Z");
    expect(note.querySelector("[data-rescan-step]")!.textContent).toBe("Reading llms.txt <now>");
    expect(note.querySelector("progress")!.getAttribute("value")).toBe("5");
    expect(text).toMatch(/<noscript><meta http-equiv="refresh" content="5"><\/noscript>/);
    // The page lists every check already; the rescan must not repeat them in the notice.
    expect(note.querySelector(".checks")).toBeNull();
  });
});

describe("GET /compare", () => {
  test("two scanned domains side by side: overall, every pillar, reach by platform and top issues", async () => {
    const s = await start();
    const client = okRecord("client.test", 64);
    client.result!.pillars[0]!.signals.push({
      id: "ai-platform-reach",
      title: "Reach",
      status: "warn",
      score: 0.8,
      weight: 1,
      detail: "",
      evidence: [`${AI_PLATFORMS[0]!.name}: can read — Googlebot may index it (70% of the AI audience)`, `${AI_PLATFORMS[1]!.name}: cannot read — OAI-SearchBot gets HTTP 403 at the edge (20% of the AI audience)`],
    });
    await storeRecord(s.runtime.db, client);
    await storeRecord(s.runtime.db, okRecord("rival.test", 88));
    const { status, document } = await page("/compare?domains=client.test,%20WWW.Rival.test");
    expect(status).toBe(200);
    expect(Array.from(document.querySelectorAll(".compare-table thead th")).map((cell) => cell.textContent)).toEqual(["client.test", "rival.test"]);
    const rows = Array.from(document.querySelectorAll(".compare-table tbody tr"));
    const row = (name: string) => rows.find((candidate) => candidate.querySelector("th")?.textContent === name)!;
    expect(row("Overall").textContent).toContain("64");
    expect(row("Overall").textContent).toContain("88");
    for (const pillar of PILLARS) expect(row(pillar.title).querySelectorAll("td").length).toBe(2);
    expect(Array.from(row(AI_PLATFORMS[0]!.name).querySelectorAll("td")).map((cell) => cell.textContent)).toEqual(["can read", "unknown"]);
    expect(Array.from(row(AI_PLATFORMS[1]!.name).querySelectorAll("td")).map((cell) => cell.textContent)).toEqual(["cannot read", "unknown"]);
    expect(row("Top issues, in the order to act").querySelectorAll("td ol li").length).toBe(4);
    expect(document.querySelector("#compare-domains")!.getAttribute("value")).toBe("client.test, WWW.Rival.test");
  });

  test("the form alone; 400 for fewer than two or more than four; a domain never scanned is named with a link to scan it", async () => {
    await start();
    const empty = await page("/compare");
    expect(empty.status).toBe(200);
    expect(empty.document.querySelector("form.compare-form")).not.toBeNull();
    expect(empty.document.querySelector(".compare-table")).toBeNull();

    const one = await page("/compare?domains=a.test");
    expect(one.status).toBe(400);
    expect(one.document.querySelector("#compare-error")!.textContent).toBe("Name at least 2 domains to compare, separated by commas.");
    const five = await page("/compare?domains=a.test,b.test,c.test,d.test,e.test");
    expect(five.status).toBe(400);
    expect(five.document.querySelector("#compare-error")!.textContent).toBe("At most 4 domains can be compared at once; 5 were given.");

    await storeRecord(runtime!.runtime.db, okRecord("known.test", 70));
    const partly = await page("/compare?domains=known.test,unknown.test,not_a_domain");
    expect(partly.status).toBe(200);
    expect(partly.document.querySelector('.notice.warn a[href="/report/unknown.test"]')).not.toBeNull();
    expect(partly.document.querySelector(".notice.warn")!.textContent).toContain("not_a_domain is not a domain");
    const none = await page("/compare?domains=x.test,y.test");
    expect(none.status).toBe(404);
  });

  test("hostile names in the query are escaped", async () => {
    await start();
    const { text } = await page(`/compare?domains=${encodeURIComponent(`"><script>alert(1)</script>,<img src=x onerror=alert(2)>`)}`);
    expectInert(text);
    expect(text).not.toContain("<script>alert(1)");
  });
});
