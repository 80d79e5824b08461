/**
 * GET /api/report/:domain.json while a scan runs: the 404 keeps `error: "Not found"` and adds `scan`
 * (state, queue time, progress). The report page without JavaScript shows the same step. And a real
 * scan of a slow fixture site, in process, is seen making progress before its record appears.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { claimNextJob, enqueueScan } from "../../src/scans/queue.ts";
import { setJobProgress } from "../../src/store/jobs-repo.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";

const TOKEN = "pipeline-token-for-progress-0123456789";
let service: TestRuntime | undefined;
let site: FixtureSite | undefined;
afterEach(async () => {
  await service?.close();
  await site?.stop();
  service = undefined;
  site = undefined;
});

async function idleService(): Promise<TestRuntime> {
  service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN }, { lookup: fakeDns(), runWorker: false });
  return service;
}

describe("the report 404 while a scan is under way", () => {
  test("a never-scanned domain gets exactly the old body; a queued one adds its state and queue time", async () => {
    const s = await idleService();
    const missing = await s.request("/api/report/never.test.json");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found" });

    const queuedAt = Date.UTC(2026, 0, 2, 3, 4, 5);
    await enqueueScan(s.runtime.db, "queued.test", { kind: "pipeline" }, queuedAt);
    const queued = await s.request("/api/report/WWW.Queued.test.json");
    expect(queued.status).toBe(404);
    expect(queued.headers.get("cache-control")).toBe("no-store");
    expect(await queued.json()).toEqual({ error: "Not found", scan: { state: "queued", queuedAt: "2026-01-02T03:04:05.000Z", progress: null } });
  });

  test("a running scan shows its progress once it reports; the no-JavaScript page shows the step and a labelled bar", async () => {
    const s = await idleService();
    const queuedAt = Date.now();
    await enqueueScan(s.runtime.db, "running.test", { kind: "pipeline" }, queuedAt);
    const job = (await claimNextJob(s.runtime.db, Date.now(), 60_000))!;

    const before = (await (await s.request("/api/report/running.test.json")).json()) as { scan: unknown };
    expect(before.scan).toEqual({ state: "running", queuedAt: new Date(queuedAt).toISOString(), progress: null });

    const step = "Probing the homepage as AI crawlers <&>";
    expect(await setJobProgress(s.runtime.db, job.id, job.leaseToken, JSON.stringify({ done: 3, total: 9, step }), Date.now())).toBe(true);
    const response = await s.request("/api/report/running.test.json");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Not found",
      scan: { state: "running", queuedAt: new Date(queuedAt).toISOString(), progress: { done: 3, total: 9, step } },
    });

    const page = await s.request("/report/running.test");
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Probing the homepage as AI crawlers &lt;&amp;&gt;");
    expect(text).not.toContain("crawlers <&>");
    expect(text).toMatch(/<label for="progress-page-bar">Scan progress: 3 of 9 steps done<\/label>\s*<progress id="progress-page-bar" max="9" value="3">/);
    expect(text).toMatch(/<p class="scan-step" aria-live="polite">Probing the homepage/);
  });

  test("the OpenAPI description documents the scan field of the 404", async () => {
    const s = await idleService();
    const spec = (await (await s.request("/swagger/json")).json()) as { paths: Record<string, { get: { responses: Record<string, { description: string; content: { "application/json": { schema: { properties: Record<string, unknown> } } } }> } }> };
    const notFound = Object.entries(spec.paths).find(([path]) => path === "/api/report/{domain}.json")![1].get.responses["404"]!;
    expect(notFound.description).toContain('"state": "queued"|"running"');
    expect(Object.keys(notFound.content["application/json"].schema.properties)).toEqual(["error", "scan"]);
  });
});

describe("a real scan of a slow site, polled in process", () => {
  test("progress.done grows while the scan runs, before the record appears", async () => {
    site = await startFixtureSite(wellPreparedSite("slow.test"), { delayMs: 300 });
    service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: [site.connectTo("slow.test", 80), site.connectTo("slow.test", 443)].join(",") });
    expect((await service.scan({ url: "slow.test" }, { token: TOKEN })).status).toBe(202);

    const seen: { done: number; total: number; step: string }[] = [];
    let record: { domain: string } | null = null;
    for (let attempt = 0; attempt < 600 && !record; attempt++) {
      const response = await service.request("/api/report/slow.test.json");
      const body = (await response.json()) as { scan?: { progress: { done: number; total: number; step: string } | null }; domain?: string };
      if (response.status === 200) record = body as { domain: string };
      else if (body.scan?.progress) seen.push(body.scan.progress);
      await Bun.sleep(50);
    }
    expect(record?.domain).toBe("slow.test");
    const dones = [...new Set(seen.map((progress) => progress.done))];
    expect(dones.length).toBeGreaterThanOrEqual(2);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(seen.every((progress) => progress.total === seen[0]!.total && progress.done <= progress.total)).toBe(true);
    expect(new Set(seen.map((progress) => progress.step)).size).toBeGreaterThanOrEqual(2);
  }, 30_000);
});
