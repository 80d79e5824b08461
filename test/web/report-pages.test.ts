/**
 * The report pages through the whole app: a stored record (ok and failed), a domain never scanned,
 * a scan in progress, canonical addresses, hostile text in every field, Open Graph and the CSP.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { enqueueScan } from "../../src/scans/queue.ts";
import { PILLARS } from "../../src/analyzers/visibility/scoring/pillars.ts";
import { failedRecordFor, okRecord, storeRecord } from "./record-fixtures.ts";
import { HOSTILE_STRINGS, HOSTILE_TEXT } from "./hostile-content.ts";
import { expectInert } from "./inert-html.ts";

const NOW = Date.parse("2026-11-20T13:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function start(env: Record<string, string> = {}) {
  runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org", ...env }, { now: () => NOW, runWorker: false });
  return runtime;
}

async function page(path: string) {
  const response = await runtime!.request(path);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

describe("GET /report/:domain", () => {
  test("a stored record: gauge with its text alternative, grade, every pillar with expandable signals, issues in order, off-site links, JSON link", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("good.test", 78));
    const { response, text, document } = await page("/report/good.test");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");

    const gauge = document.querySelector("svg.gauge")!;
    expect(gauge.getAttribute("role")).toBe("img");
    expect(gauge.querySelector("title")!.textContent).toContain("Score 78 out of 100, grade B");
    expect(document.querySelector(".report-hero")!.getAttribute("class")).toContain("grade-B");
    expect(document.querySelector(".grade-chip")!.textContent).toBe("B");
    expect(document.querySelector("h1")!.textContent).toBe("good.test");
    expect(text).toContain("Good: AI assistants can use this site");

    const pillars = document.querySelectorAll("article.pillar");
    expect(pillars.length).toBe(PILLARS.length);
    for (const [index, pillar] of PILLARS.entries()) {
      expect(pillars[index]!.querySelector("h3")!.textContent).toBe(pillar.title);
      expect(pillars[index]!.querySelectorAll("details li.signal").length).toBe(2);
    }
    expect(pillars[0]!.querySelector("summary")!.textContent).toContain("1 pass, 1 fail");

    // The first screen lists the issues in order, a line each, linked to their checks where detail and fix stand.
    const glance = document.querySelectorAll("ol.glance-issues > li");
    expect(Array.from(glance).map((issue) => issue.querySelector("a")!.textContent)).toEqual(["First issue", "Second issue"]);
    const issues = Array.from(glance).map((issue) => document.getElementById(issue.querySelector("a")!.getAttribute("href")!.slice(1))!);
    expect(issues.every((issue) => issue.closest('.check-group[data-group="issues"]') !== null)).toBe(true);
    const how = issues[1]!.querySelector("pre code")!;
    // Copy takes the code alone, never the explanation around it.
    expect(how.textContent).toBe("User-agent: *\nAllow: /");
    expect(issues[1]!.querySelector(".fix-how p")!.textContent).toBe("Allow everyone in robots.txt:");
    expect(issues[1]!.querySelector(`button[data-copy-target="${how.getAttribute("id")}"]`)).not.toBeNull();

    const offsite = document.querySelectorAll("ul.offsite > li");
    expect(offsite.length).toBe(3);
    expect(offsite[0]!.querySelector("a")!.getAttribute("href")).toBe("https://www.wikidata.org/wiki/Q42");
    // A javascript: URL from an off-site source is shown as text but never linked.
    expect(offsite[2]!.querySelector("a")!.getAttribute("href")).toBe("#");

    expect(document.querySelector('a[href="/api/report/good.test.json"]')).not.toBeNull();
    expect(text).toContain("2026-11-20 10:00 UTC");
    expect(text).toContain("3 hours ago");
    const rescan = document.querySelector("form#rescan")!;
    expect(rescan.getAttribute("action")).toBe("/scan");
    expect(rescan.querySelector('input[name="forceRescan"]')!.getAttribute("value")).toBe("true");
    expect(rescan.querySelector("altcha-widget")!.getAttribute("challenge")).toBe("/api/challenge");
    // The challenge waits, hidden, until Rescan is pressed.
    expect(rescan.querySelector("altcha-widget")!.closest("[data-challenge-slot]")!.hasAttribute("hidden")).toBe(true);
  });

  test("Open Graph tags preview the grade with absolute URLs", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("og.test", 93));
    const { document } = await page("/report/og.test");
    const meta = (property: string) => document.querySelector(`meta[property="${property}"]`)?.getAttribute("content");
    expect(meta("og:title")).toBe("og.test scores 93/100 (grade A) for AI visibility");
    expect(meta("og:url")).toBe("https://scan.example.org/report/og.test");
    expect(meta("og:description")).toStartWith("Excellent");
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe("https://scan.example.org/report/og.test");
    expect(document.querySelector("#badge-markdown")!.textContent).toBe(
      "[![AI visibility score of og.test](https://scan.example.org/badge/og.test.svg)](https://scan.example.org/report/og.test)",
    );
    // The embedded badge follows later scans, so its alt text names no score; the preview shows this record's.
    expect(document.querySelector(".badge-preview img")!.getAttribute("alt")).toBe("AI visibility of og.test: grade A, 93 of 100");
  });

  test("hostile text in every field of the record renders as inert text", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, okRecord("hostile.test", 55, HOSTILE_TEXT));
    const { response, text, document } = await page("/report/hostile.test");
    expect(response.status).toBe(200);
    expectInert(text);
    for (const hostile of HOSTILE_STRINGS) expect(text).not.toContain(hostile);
    // Shown, as text, where the record put it.
    expect(document.querySelector(".check-details > p")!.textContent).toBe(HOSTILE_TEXT);
    expect(document.querySelector(".check .fix-how p")!.textContent).toBe(`How: ${HOSTILE_TEXT}`);
    expect(document.querySelector(".check pre code")!.textContent).toBe(HOSTILE_TEXT);
  });

  test("a failed record explains what failed and what to check", async () => {
    const s = await start();
    await storeRecord(s.runtime.db, failedRecordFor("down.test", `The site could not be reached (https://down.test/: Could not connect to down.test (192.0.2.1:443): ECONNREFUSED ${HOSTILE_STRINGS[0]}.).`));
    const { response, text, document } = await page("/report/down.test");
    expect(response.status).toBe(200);
    expectInert(text);
    expect(document.querySelector("h1")!.textContent).toBe("The scan of down.test failed");
    // One sentence for the cause; the raw chain only under "Technical details".
    expect(document.querySelector(".failed-reason")!.textContent).toStartWith("down.test has an address, but the server there refused the connection");
    expect(document.querySelector(".failed-reason")!.textContent).not.toContain("ECONNREFUSED");
    expect(document.querySelector("details.failure-details li")!.textContent).toContain("ECONNREFUSED <script>");
    expect(document.querySelector("#check-title")!.textContent).toBe("What to check");
    expect(document.querySelectorAll(".checklist li").length).toBeGreaterThanOrEqual(3);
    expect(document.querySelector(".checklist")!.textContent).not.toContain("DNS zone");
    // No badge is offered for a scan that failed.
    expect(document.querySelector("#badge-title")).toBeNull();
    expect(text).not.toContain("/badge/down.test.svg");
    expect(document.querySelector("article.pillar")).toBeNull();
    expect(document.querySelector("form#rescan")).not.toBeNull();
    expect(document.querySelector('meta[property="og:title"]')!.getAttribute("content")).toBe("down.test: the AI visibility scan failed");
  });

  test("a domain never scanned is a 404 page with a button to scan it", async () => {
    await start();
    const { response, document } = await page("/report/never.test");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toStartWith("text/html");
    expect(document.querySelector("h1")!.textContent).toBe("never.test has not been scanned yet");
    const form = document.querySelector("form[data-scan-form]")!;
    expect(form.querySelector('input[name="url"]')!.getAttribute("value")).toBe("never.test");
    expect(form.querySelector('input[name="forceRescan"]')).toBeNull();
    expect(form.querySelector("button[type=submit]")!.textContent).toBe("Scan never.test");
  });

  test("a scan in progress refreshes itself until the record exists, showing queued or running", async () => {
    const s = await start();
    await enqueueScan(s.runtime.db, "queued.test", { kind: "challenge" }, NOW);
    const { response, document } = await page("/report/queued.test");
    expect(response.status).toBe(200);
    expect(document.querySelector('meta[http-equiv="refresh"]')!.getAttribute("content")).toBe("3");
    expect(document.querySelector("h1")!.textContent).toBe("Waiting to scan queued.test");
    // The test runtime runs with OFFSITE_CHECKS=off, so off-site presence is not listed as being checked.
    expect(document.querySelectorAll("ul.checks li").length).toBe(PILLARS.filter((pillar) => pillar.id !== "presence").length);

    // With an older record, the record shows with a note, and the page still refreshes.
    await storeRecord(s.runtime.db, okRecord("queued.test", 61));
    const again = await page("/report/queued.test");
    expect(again.document.querySelector("h1")!.textContent).toBe("queued.test");
    expect(again.document.querySelector(".running-note")!.textContent).toContain("A new scan of queued.test is running");
    expect(again.document.querySelector('meta[http-equiv="refresh"]')).not.toBeNull();
  });

  test("other spellings of a domain redirect to its canonical report address; a non-domain is a 404 page", async () => {
    await start();
    const redirected = await runtime!.request("/report/WWW.Example.COM");
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get("location")).toBe("/report/example.com");
    const bad = await page(`/report/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(bad.response.status).toBe(404);
    expectInert(bad.text);
  });
});

describe("the challenge widget and the CSP", () => {
  test("ALTCHA pages load only our own origin", async () => {
    await start();
    const { response, document } = await page("/");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("https:");
    expect(document.querySelector('script[type="module"]')!.getAttribute("src")).toBe("/assets/altcha.js");
    for (const element of Array.from(document.querySelectorAll("[src], link[href]"))) {
      const url = element.getAttribute("src") ?? element.getAttribute("href")!;
      if (element.getAttribute("rel") === "canonical") continue;
      expect(url.startsWith("/")).toBe(true);
    }
  });

  test("with CHALLENGE=turnstile the pages use Cloudflare's widget and the CSP allows exactly that origin", async () => {
    await start({ CHALLENGE: "turnstile", TURNSTILE_SITE_KEY: "site-key-123", TURNSTILE_SECRET_KEY: "secret" });
    await storeRecord(runtime!.runtime.db, okRecord("ts.test", 80));
    for (const path of ["/", "/report/ts.test", "/report/unknown.test"]) {
      const { response, document } = await page(path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com");
      expect(csp).toContain("frame-src https://challenges.cloudflare.com");
      const box = document.querySelector(".cf-turnstile")!;
      expect(box.getAttribute("data-sitekey")).toBe("site-key-123");
      expect(box.getAttribute("data-response-field-name")).toBe("challengeToken");
      expect(document.querySelector("altcha-widget")).toBeNull();
      expect(document.querySelector('script[src="https://challenges.cloudflare.com/turnstile/v0/api.js"]')).not.toBeNull();
    }
  });
});
