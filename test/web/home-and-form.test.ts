/**
 * The home page and the scan form without JavaScript (POST /scan): what it can do with no challenge
 * token (show a fresh or running report, otherwise explain), and with one (start the scan as the API would).
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { parseHTML } from "linkedom";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { findActiveJob, enqueueScan } from "../../src/scans/queue.ts";
import { okRecord, storeRecord } from "./record-fixtures.ts";
import { HOSTILE_STRINGS } from "./hostile-content.ts";
import { expectInert } from "./inert-html.ts";

const NOW = Date.parse("2026-11-20T13:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function start(env: Record<string, string> = {}) {
  runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org", ...env }, { now: () => NOW, runWorker: false, lookup: fakeDns() });
  return runtime;
}

function postForm(fields: Record<string, string>) {
  return runtime!.request("/scan", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
}

async function token(): Promise<string> {
  return solveAltcha((await (await runtime!.request("/api/challenge")).json()) as Challenge);
}

describe("GET /", () => {
  test("the scan form: a labelled field, the widget, a submit button, what a scan checks, and structured data", async () => {
    await start({ OFFSITE_CHECKS: "on" });
    const response = await runtime!.request("/");
    expect(response.status).toBe(200);
    const text = await response.text();
    const { document } = parseHTML(text);
    expect(document.documentElement.getAttribute("lang")).toBe("en");
    const form = document.querySelector("form[data-scan-form]")!;
    expect(form.getAttribute("action")).toBe("/scan");
    expect(form.getAttribute("method")).toBe("post");
    const input = form.querySelector('input[name="url"]')!;
    expect(document.querySelector(`label[for="${input.getAttribute("id")}"]`)!.textContent).toBe("Domain or URL");
    expect(form.querySelector("altcha-widget")!.getAttribute("name")).toBe("challengeToken");
    expect(form.querySelector('button[type="submit"]')).not.toBeNull();
    expect(form.querySelector('[role="status"]')).not.toBeNull();
    expect(document.querySelectorAll("ul.checks li").length).toBeGreaterThanOrEqual(7);
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd["@type"]).toBe("WebApplication");
    expect(jsonLd.url).toBe("https://scan.example.org/");
    expect(document.querySelector('meta[name="description"]')).not.toBeNull();
    expect(text).toContain("curl -s -X POST https://scan.example.org/api/scan");
  });
});

describe("POST /scan without JavaScript", () => {
  test("a fresh report is shown at once", async () => {
    await start();
    await storeRecord(runtime!.runtime.db, okRecord("fresh.test", 80, "x", new Date(NOW - 3600_000).toISOString()));
    const response = await postForm({ url: "https://www.fresh.test/pricing" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/report/fresh.test");
  });

  test("a scan already running is followed on its report page", async () => {
    await start();
    await enqueueScan(runtime!.runtime.db, "running.test", { kind: "challenge" }, NOW);
    const response = await postForm({ url: "running.test" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/report/running.test");
  });

  test("otherwise it explains that a new scan needs JavaScript or an API key, linking a stale report", async () => {
    await start();
    const unknown = await postForm({ url: "new.test" });
    expect(unknown.status).toBe(403);
    const page = parseHTML(await unknown.text()).document;
    expect(page.querySelector("h1")!.textContent).toBe("Starting a scan of new.test needs JavaScript");
    expect(page.body.textContent).toContain("API key");
    expect(await findActiveJob(runtime!.runtime.db, "new.test")).toBeNull();

    await storeRecord(runtime!.runtime.db, okRecord("stale.test", 70, "x", new Date(NOW - 3 * 86_400_000).toISOString()));
    const stale = parseHTML(await (await postForm({ url: "stale.test" })).text()).document;
    expect(stale.querySelector('a[href="/report/stale.test"]')!.textContent).toContain("3 days ago");

    // A rescan of a fresh record cannot be started without the check either.
    await storeRecord(runtime!.runtime.db, okRecord("fresh.test", 80, "x", new Date(NOW - 60_000).toISOString()));
    expect((await postForm({ url: "fresh.test", forceRescan: "true" })).status).toBe(403);
  });

  test("a bad URL shows the form again with the error and the escaped value", async () => {
    await start();
    const response = await postForm({ url: HOSTILE_STRINGS[1] });
    expect(response.status).toBe(400);
    const text = await response.text();
    expectInert(text);
    const { document } = parseHTML(text);
    expect(document.querySelector('input[name="url"]')!.getAttribute("value")).toBe(HOSTILE_STRINGS[1]);
    expect(document.querySelector(".notice.error")!.textContent!.length).toBeGreaterThan(5);
  });

  test("a form that is not url-encoded is refused", async () => {
    await start();
    const response = await runtime!.request("/scan", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(400);
  });

  test("with a solved challenge it starts the scan like the API; a replayed token is refused", async () => {
    await start();
    const solved = await token();
    const response = await postForm({ url: "browser.test", challengeToken: solved });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/report/browser.test");
    expect((await findActiveJob(runtime!.runtime.db, "browser.test"))?.state).toBe("queued");

    const replayed = await postForm({ url: "other.test", challengeToken: solved });
    expect(replayed.status).toBe(403);
    expect(await replayed.text()).toContain("Verification failed. Please retry.");
  }, 60_000);

  test("a rate-limited scan answers 429 with the wait in words and in Retry-After", async () => {
    await start({ LIMIT_PER_DOMAIN_PER_HOUR: "0" });
    const response = await postForm({ url: "limited.test", challengeToken: await token() });
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    const { document } = parseHTML(await response.text());
    expect(document.querySelector(".countdown")!.getAttribute("data-countdown-seconds")).toBe(String(seconds));
  }, 60_000);
});
