/**
 * GET /metrics through the app: the text format, METRICS_TOKEN, route-pattern labels that bound the
 * number of series, and counters that move with real requests and a real scan of a fixture site.
 * The counters belong to the process, so each test compares a scrape before and after.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { parseExposition, sampleValue, type Family } from "../metrics/exposition-parser.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import { createRequestHandler, startServer } from "../../src/server.ts";
import { enqueueScan } from "../../src/scans/queue.ts";
import { VERSION } from "../../src/version.ts";

const METRICS_TOKEN = "metrics-token-that-must-stay-secret";
const PIPELINE = "pipeline-token-for-metrics-0123456789";

let service: TestRuntime | undefined;
let site: FixtureSite | undefined;
afterEach(async () => {
  await service?.close();
  await site?.stop();
  service = undefined;
  site = undefined;
});

async function idle(env: Record<string, string> = {}): Promise<TestRuntime> {
  service = await createTestRuntime({ PIPELINE_TOKEN: PIPELINE, ...env }, { lookup: fakeDns(), runWorker: false });
  return service;
}

async function scrape(s: TestRuntime, headers: Record<string, string> = {}): Promise<Map<string, Family>> {
  const response = await s.request("/metrics", { headers });
  expect(response.status).toBe(200);
  return parseExposition(await response.text());
}

const requestsOf = (families: Map<string, Family>, labels: Record<string, string>) =>
  sampleValue(families, "sightline_http_requests_total", "sightline_http_requests_total", labels);

describe("the exposition", () => {
  test("is the 0.0.4 text format, parses strictly, and documents every metric with HELP and TYPE", async () => {
    const s = await idle();
    await s.request("/healthz");
    const response = await s.request("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const families = parseExposition(await response.text());
    const expected: Record<string, Family["type"]> = {
      sightline_http_requests_total: "counter",
      sightline_http_request_duration_seconds: "histogram",
      sightline_scans_started_total: "counter",
      sightline_scans_completed_total: "counter",
      sightline_scans_failed_total: "counter",
      sightline_scan_duration_seconds: "histogram",
      sightline_queue_jobs: "gauge",
      sightline_queue_oldest_job_age_seconds: "gauge",
      sightline_rate_limit_refusals_total: "counter",
      sightline_challenge_failures_total: "counter",
      sightline_database_errors_total: "counter",
      sightline_process_resident_memory_bytes: "gauge",
      sightline_process_start_time_seconds: "gauge",
      sightline_build_info: "gauge",
    };
    for (const [name, type] of Object.entries(expected)) {
      expect(families.get(name)?.type, name).toBe(type);
      expect(families.get(name)?.help.length, name).toBeGreaterThan(10);
    }
    expect(sampleValue(families, "sightline_build_info", "sightline_build_info", { version: VERSION, service: "visibility" })).toBe(1);
    expect(sampleValue(families, "sightline_process_resident_memory_bytes", "sightline_process_resident_memory_bytes")).toBeGreaterThan(1024 * 1024);
    const started = sampleValue(families, "sightline_process_start_time_seconds", "sightline_process_start_time_seconds");
    expect(started).toBeGreaterThan(Date.now() / 1000 - 24 * 3600);
    expect(started).toBeLessThanOrEqual(Date.now() / 1000);
  });

  test("queue depth comes from the database at scrape time", async () => {
    const s = await idle();
    const caller = { kind: "pipeline" as const };
    await enqueueScan(s.runtime.db, "one.test", caller, Date.now());
    await enqueueScan(s.runtime.db, "two.test", caller, Date.now());
    const families = await scrape(s);
    expect(sampleValue(families, "sightline_queue_jobs", "sightline_queue_jobs", { state: "queued" })).toBe(2);
    expect(sampleValue(families, "sightline_queue_jobs", "sightline_queue_jobs", { state: "running" })).toBe(0);
  });
});

describe("METRICS_TOKEN", () => {
  test("unset: /metrics is public", async () => {
    const s = await idle();
    expect((await s.request("/metrics")).status).toBe(200);
  });

  test("set: only the bearer token opens it; anything else is the JSON 401, and the token is never logged", async () => {
    const lines: string[] = [];
    const log = createLogger("debug", (line) => lines.push(line));
    service = await createTestRuntime({ METRICS_TOKEN }, { lookup: fakeDns(), runWorker: false, log });
    const handle = createRequestHandler(service.runtime.app, log);
    const get = (headers: Record<string, string>) => handle(new Request("http://localhost/metrics", { headers }), "192.0.2.1");

    const refusedHeaders: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-of-some-length" },
      { authorization: `Basic ${btoa(`x:${METRICS_TOKEN}`)}` },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: "Bearer" },
    ];
    for (const headers of refusedHeaders) {
      const refused = await get(headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("content-type")).toContain("application/json");
      expect(refused.headers.get("www-authenticate")).toContain("Bearer");
      expect(await refused.json()).toEqual({ error: "Unauthorized" });
    }
    const allowed = await get({ authorization: `bearer ${METRICS_TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(await allowed.text()).toContain("sightline_http_requests_total");

    expect(lines.filter((line) => line.includes('"path":"/metrics"'))).toHaveLength(6);
    expect(lines.join("\n")).not.toContain(METRICS_TOKEN);
  });

  test("a token shorter than 16 characters stops the process at start, without echoing it", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short-secret" })).toThrow(ConfigError);
    try {
      loadConfig({ METRICS_TOKEN: "short-secret" });
    } catch (error) {
      expect(String(error)).toContain("METRICS_TOKEN");
      expect(String(error)).not.toContain("short-secret");
    }
    expect(loadConfig({ METRICS_TOKEN: METRICS_TOKEN }).METRICS_TOKEN).toBe(METRICS_TOKEN);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });
});

describe("route labels", () => {
  test("reports of two domains land in one series labelled with the route pattern, never the path", async () => {
    const s = await idle();
    const route = { route: "/api/report/:domain", method: "GET", status: "404" };
    const before = requestsOf(await scrape(s), route);
    expect((await s.request("/api/report/a.com.json")).status).toBe(404);
    expect((await s.request("/api/report/b.com.json")).status).toBe(404);
    const text = await (await s.request("/metrics")).text();
    expect(requestsOf(parseExposition(text), route)).toBe(before + 2);
    expect(text).not.toContain("a.com");
    expect(text).not.toContain("b.com");
  });

  test("Bun's native router (the hot report route) and the app count under the same pattern", async () => {
    const s = await idle();
    const server = startServer({ app: s.runtime.app, fastRoutes: s.runtime.fastRoutes, hostname: "127.0.0.1", port: 0, log: () => {} });
    try {
      const route = { route: "/api/report/:domain", method: "GET", status: "404" };
      const before = requestsOf(await scrape(s), route);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/report/native.test.json`)).status).toBe(404);
      expect((await s.request("/api/report/app.test.json")).status).toBe(404);
      expect(requestsOf(await scrape(s), route)).toBe(before + 2);
    } finally {
      await server.stop(true);
    }
  });

  test("unknown paths and invented methods do not create new series", async () => {
    const s = await idle();
    await s.request("/no/such/path");
    await s.request("/no/such/path", { method: "PROPFIND" });
    const before = await scrape(s);
    const seriesBefore = before.get("sightline_http_requests_total")!.samples.length;
    const histogramBefore = before.get("sightline_http_request_duration_seconds")!.samples.length;
    const unmatched = { route: "unmatched", method: "GET", status: "404" };
    const unmatchedOther = { route: "unmatched", method: "other", status: "404" };
    // Methods the app has no route for (Bun's Request turns a made-up method into GET, so these are real ones).
    const unusual = ["PROPFIND", "MKCOL", "LOCK", "UNLOCK", "COPY", "MOVE", "PROPPATCH", "SEARCH"];
    for (let i = 0; i < 40; i++) {
      expect((await s.request(`/random-${i}/${crypto.randomUUID()}?q=${i}`)).status).toBe(404);
      await s.request(`/another-${i}`, { method: unusual[i % unusual.length] });
    }
    const after = await scrape(s);
    expect(requestsOf(after, unmatched)).toBe(requestsOf(before, unmatched) + 40);
    expect(requestsOf(after, unmatchedOther)).toBe(requestsOf(before, unmatchedOther) + 40);
    expect(after.get("sightline_http_requests_total")!.samples.length).toBe(seriesBefore);
    expect(after.get("sightline_http_request_duration_seconds")!.samples.length).toBe(histogramBefore);
    const routes = new Set(after.get("sightline_http_requests_total")!.samples.map((sample) => sample.labels.route));
    expect([...routes].some((route) => route?.includes("random"))).toBe(false);
    const methods = new Set(after.get("sightline_http_requests_total")!.samples.map((sample) => sample.labels.method));
    expect([...methods].every((method) => ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"].includes(method!))).toBe(true);
  });

  test("a request refused by validation is counted under the route it matched", async () => {
    const s = await idle();
    const route = { route: "/api/scan", method: "POST", status: "400" };
    const before = requestsOf(await scrape(s), route);
    expect((await s.scan("{not json", { token: PIPELINE })).status).toBe(400);
    expect(requestsOf(await scrape(s), route)).toBe(before + 1);
  });
});

describe("refusals", () => {
  test("a rate-limit refusal counts under the bucket's name, never the client address", async () => {
    const s = await idle({ LIMIT_PER_IP_PER_HOUR: "0" });
    const value = (families: Map<string, Family>) => sampleValue(families, "sightline_rate_limit_refusals_total", "sightline_rate_limit_refusals_total", { bucket: "ip" });
    const before = value(await scrape(s));
    expect((await s.scan({ url: "limited.test" }, { token: PIPELINE, client: "203.0.113.77" })).status).toBe(429);
    const text = await (await s.request("/metrics")).text();
    expect(value(parseExposition(text))).toBe(before + 1);
    expect(text).not.toContain("203.0.113.77");
  });

  test("a refused challenge solution counts as a challenge failure", async () => {
    const s = await idle();
    const value = (families: Map<string, Family>) => sampleValue(families, "sightline_challenge_failures_total", "sightline_challenge_failures_total");
    const before = value(await scrape(s));
    expect((await s.scan({ url: "anonymous.test", challengeToken: "not-a-solution" })).status).toBe(403);
    expect(value(await scrape(s))).toBe(before + 1);
  });
});

describe("a real scan", () => {
  test("moves scans started and completed, and the scan duration histogram", async () => {
    site = await startFixtureSite(wellPreparedSite("metrics.test"));
    service = await createTestRuntime({
      PIPELINE_TOKEN: PIPELINE,
      SCAN_CONNECT_TO: [site.connectTo("metrics.test", 80), site.connectTo("metrics.test", 443)].join(","),
    });
    const s = service;
    const counter = (families: Map<string, Family>, name: string) => sampleValue(families, name, name);
    const durationCount = (families: Map<string, Family>) => sampleValue(families, "sightline_scan_duration_seconds", "sightline_scan_duration_seconds_count");
    const before = await scrape(s);

    expect((await s.scan({ url: "metrics.test" }, { token: PIPELINE })).status).toBe(202);
    let status = 0;
    for (let attempt = 0; attempt < 600 && status !== 200; attempt++) {
      status = (await s.request("/api/report/metrics.test.json")).status;
      if (status !== 200) await Bun.sleep(50);
    }
    expect(status).toBe(200);

    const after = await scrape(s);
    expect(counter(after, "sightline_scans_started_total")).toBe(counter(before, "sightline_scans_started_total") + 1);
    expect(counter(after, "sightline_scans_completed_total")).toBe(counter(before, "sightline_scans_completed_total") + 1);
    expect(counter(after, "sightline_scans_failed_total")).toBe(counter(before, "sightline_scans_failed_total"));
    expect(durationCount(after)).toBe(durationCount(before) + 1);
    expect(sampleValue(after, "sightline_queue_jobs", "sightline_queue_jobs", { state: "queued" })).toBe(0);
  }, 30_000);
});
