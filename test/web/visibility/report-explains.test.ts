/**
 * The report explains itself: the score arithmetic, every check at a stable anchor with filters and a
 * learn-more page, the pages read and how long it took, and a JSON download. Rendered through the app.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { AUDITS } from "../../../src/analyzers/visibility/scoring/audit-table.ts";
import { AUDIT_SUMMARIES } from "../../../src/analyzers/visibility/audits/audit-summaries.ts";
import { scoreArtifacts } from "../../../src/analyzers/visibility/score-artifacts.ts";
import { createTestRuntime, type TestRuntime } from "../../helpers/test-runtime.ts";
import { site, siteWithRobots } from "../../analyzers/visibility/sample-site.ts";
import { okRecord, storeRecord } from "../record-fixtures.ts";

const NOW = Date.parse("2026-11-20T13:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function start() {
  runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" }, { now: () => NOW, runWorker: false });
  return runtime;
}

async function page(path: string) {
  const response = await runtime!.request(path);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

function scanned(domain: string, artifacts = site({ offsite: null })) {
  return { ...scoreArtifacts(domain, { ...artifacts, domain, gatherMs: 2345 }, new Date("2026-11-20T10:00:00.000Z")), domain };
}

describe("the report explains its score", () => {
  test("the arithmetic: points per pillar, the pillar left out and why, the scaling, the score", async () => {
    const s = await start();
    const record = scanned("explain.test");
    await storeRecord(s.runtime.db, record);
    const { document } = await page("/report/explain.test");
    const section = document.querySelector("section.arithmetic")!;
    expect(section.querySelector("h2")!.textContent).toBe("How the score adds up");
    const rows = Array.from(section.querySelectorAll("tbody tr"));
    expect(rows.length).toBe(7);
    expect(section.querySelector("tr.not-assessed th")!.textContent).toBe("Off-site presence");
    expect(section.textContent).toContain("÷ 90 × 100 =");
    expect(section.querySelector("tr.total td:last-child")!.textContent).toBe(String(record.result!.score));
    expect(section.textContent).toContain("No gate caps the grade.");
  });

  test("a gate that caps the grade is shown with the score before and after", async () => {
    const s = await start();
    const record = scanned("gated.test", siteWithRobots("User-agent: *\nDisallow: /\n"));
    await storeRecord(s.runtime.db, record);
    const { document } = await page("/report/gated.test");
    const text = document.querySelector("section.arithmetic")!.textContent!;
    expect(text).toContain("A gate caps the score at");
    expect(text).toContain(record.result!.gates![0]!.detail.slice(0, 30));
  });
});

describe("every check, filterable, at a stable anchor", () => {
  test("issues, passed checks and checks not assessed, each with its anchor, status, impact and effort", async () => {
    const s = await start();
    const record = scanned("checks.test");
    await storeRecord(s.runtime.db, record);
    const { document } = await page("/report/checks.test");
    const signals = record.result!.pillars.flatMap((pillar) => pillar.signals);
    const passed = signals.filter((signal) => signal.status === "pass").length;
    expect(document.querySelector('.check-group[data-group="passed"] h3')!.textContent).toBe(`Passed checks (${passed})`);
    for (const signal of signals) {
      const item = document.getElementById(`check-${signal.id}`)!;
      expect(item.getAttribute("data-status")).toBe(signal.status);
      expect(item.getAttribute("data-impact")).toBe(signal.impact!);
      expect(item.getAttribute("data-effort")).toBe(signal.fix ? signal.fix.effort : "none");
      expect(item.querySelector(".learn-more a")!.getAttribute("href")).toBe(`/checks/${signal.id}`);
    }
    const ids = Array.from(document.querySelectorAll("[id]")).map((element) => element.getAttribute("id"));
    expect(new Set(ids).size).toBe(ids.length);
    // Filters are plain radio buttons: they work without a script.
    for (const name of ["status", "impact", "effort"]) {
      const radios = document.querySelectorAll(`.check-filters input[type="radio"][name="${name}"]`);
      expect(radios.length).toBeGreaterThan(3);
      expect(radios[0]!.hasAttribute("checked")).toBe(true);
    }
    // Pillar cards link their signals to the anchors.
    expect(document.querySelector(`article.pillar a[href="#check-${signals[0]!.id}"]`)).not.toBeNull();
  });

  test("an older record without signal impact or fixes takes them from the catalogue and the top issues", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("old.test", 70));
    const { document, text } = await page("/report/old.test");
    // 14 signals, and the two top issues of the hand-made record, which name no signal, shown once each.
    expect(document.querySelectorAll("li.check").length).toBe(16);
    expect(document.querySelectorAll('.check-group[data-group="issues"] li.check')[0]!.textContent).toContain("First issue");
    expect(text).toContain("This record does not list the pages it read");
    expect(document.querySelector("section.arithmetic")).not.toBeNull();
  });
});

describe("pages read, duration and download", () => {
  test("the pages the scan read, how long it took, and a Download JSON link", async () => {
    const s = await start();
    const record = scanned("pages.test");
    await storeRecord(s.runtime.db, record);
    const { document, text } = await page("/report/pages.test");
    const rows = document.querySelectorAll(".pages-table tbody tr");
    expect(rows.length).toBe(record.pages!.length);
    expect(rows[0]!.textContent).toContain("Homepage");
    expect(text).toContain("The scan took 2.3 s.");
    const download = document.querySelector('a[download][href="/api/report/pages.test.json"]')!;
    expect(download.textContent).toBe("Download JSON");
    expect(document.querySelector("button[data-print]")).not.toBeNull();
  });
});

describe("learn-more pages", () => {
  test("every check has one, from the scoring tables; the index lists them all; an unknown id is a 404", async () => {
    await start();
    for (const audit of AUDITS) {
      expect(AUDIT_SUMMARIES[audit.id]).toBeString();
      const { response, document } = await page(`/checks/${audit.id}`);
      expect(response.status).toBe(200);
      expect(document.querySelector("h1")!.textContent).toBe(audit.title);
      expect(document.querySelector(".facts-table")!.textContent).toContain(`weight`);
    }
    expect(Object.keys(AUDIT_SUMMARIES).sort()).toEqual(AUDITS.map((audit) => audit.id).sort());
    const reach = await page("/checks/ai-platform-reach");
    expect(reach.document.querySelector(".gate-list")!.querySelectorAll("li").length).toBe(4);
    const index = await page("/checks");
    expect(index.document.querySelectorAll(".check-index a").length).toBe(AUDITS.length);
    const missing = await page("/checks/%3Cscript%3E");
    expect(missing.response.status).toBe(404);
    expect(missing.text).not.toContain("<script>");
  });
});

describe("hostile text in the checks list", () => {
  test("a signal's fix with hostile code and prose renders inert, and Copy targets only the code", async () => {
    const { HOSTILE_TEXT } = await import("../hostile-content.ts");
    const { expectInert } = await import("../inert-html.ts");
    const s = await start();
    const record = okRecord("hostile-checks.test", 55, HOSTILE_TEXT);
    const signal = record.result!.pillars[0]!.signals[1]!;
    signal.impact = "high";
    signal.fix = { what: `What \`${HOSTILE_TEXT}\``, why: HOSTILE_TEXT, how: `Do ${HOSTILE_TEXT}:\n\n\`\`\`\`text\n\`\`\`\n${HOSTILE_TEXT}\n\`\`\`\``, effort: "L" };
    await storeRecord(s.runtime.db, record);
    const { response, text, document } = await page("/report/hostile-checks.test");
    expect(response.status).toBe(200);
    expectInert(text);
    const item = document.getElementById(`check-${signal.id}`)!;
    expect(item.getAttribute("data-effort")).toBe("L");
    const codes = Array.from(item.querySelectorAll(".check-fix pre code")).map((code) => code.textContent);
    expect(codes).toEqual([`\`\`\`\n${HOSTILE_TEXT}`]);
    for (const button of Array.from(item.querySelectorAll("button[data-copy-target]"))) {
      expect(document.getElementById(button.getAttribute("data-copy-target")!)!.tagName).toBe("CODE");
    }
  });
});
