/**
 * POST /api/scan and GET /api/report/:domain.json against the interface, in process: every status
 * and error text, the order of the request flow, and what counts against the limits.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { findActiveJob } from "../../src/scans/queue.ts";

const TOKEN = "pipeline-token-for-tests-0123456789";
let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(env: Record<string, string> = {}, records: Record<string, string[]> = {}) {
  service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN, ...env }, { lookup: fakeDns(records), runWorker: false });
  return service;
}

async function storeRecord(s: TestRuntime, domain: string, ageMs = 0) {
  const scannedAt = Date.now() - ageMs;
  const record = { domain, status: "ok", scannedAt: new Date(scannedAt).toISOString(), result: null, offSite: null, marker: `stored-${ageMs}` };
  await insertScan(s.runtime.db, {
    domain,
    status: "ok",
    score: 90,
    scannedAt,
    recordJson: JSON.stringify(record),
    artifactsJson: null,
    caller: { kind: "pipeline" },
  });
  return record;
}

async function json(response: Response) {
  return JSON.parse(await response.text());
}

describe("POST /api/scan", () => {
  test("202 {domain} starts a scan and enqueues one job", async () => {
    const s = await start();
    const response = await s.scan({ url: "https://WWW.Good.test/pricing?x=1", forceRescan: false }, { token: TOKEN });
    expect(response.status).toBe(202);
    expect(await json(response)).toEqual({ domain: "good.test" });
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("ratelimit-policy")).toContain('"ip";q=8;w=3600');
    expect(response.headers.get("ratelimit")).toContain('"domain";r=2');
    expect((await findActiveJob(s.runtime.db, "good.test"))?.state).toBe("queued");
  });

  test("200 with the stored record when it is fresh, counting against no limit", async () => {
    const s = await start({ LIMIT_PER_IP_PER_HOUR: "1" });
    const record = await storeRecord(s, "cached.test", 60_000);
    for (let i = 0; i < 5; i++) {
      const response = await s.scan({ url: "cached.test" }, { token: TOKEN });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual(record);
    }
    // The one fresh scan this IP may make is still there.
    expect((await s.scan({ url: "other.test" }, { token: TOKEN })).status).toBe(202);
    expect((await s.scan({ url: "third.test" }, { token: TOKEN })).status).toBe(429);
  });

  test("a record older than CACHE_TTL_SECONDS is not served; forceRescan skips the cache", async () => {
    const s = await start({ CACHE_TTL_SECONDS: "60" });
    await storeRecord(s, "stale.test", 61_000);
    expect((await s.scan({ url: "stale.test" }, { token: TOKEN })).status).toBe(202);
    await storeRecord(s, "fresh.test", 1_000);
    expect((await s.scan({ url: "fresh.test", forceRescan: true }, { token: TOKEN })).status).toBe(202);
  });

  test("joining a scan already queued is 202 without a new job and without counting", async () => {
    const s = await start({ LIMIT_PER_IP_PER_HOUR: "1", LIMIT_PER_DOMAIN_PER_HOUR: "1" });
    expect((await s.scan({ url: "busy.test" }, { token: TOKEN })).status).toBe(202);
    const jobId = (await findActiveJob(s.runtime.db, "busy.test"))?.id;
    for (let i = 0; i < 4; i++) {
      const response = await s.scan({ url: "busy.test", forceRescan: true }, { token: TOKEN, client: `203.0.113.${i + 1}` });
      expect(response.status).toBe(202);
      expect(await json(response)).toEqual({ domain: "busy.test" });
    }
    expect((await findActiveJob(s.runtime.db, "busy.test"))?.id).toBe(jobId!);
    const jobs = (await s.runtime.db.get<{ n: number }>("SELECT count(*) AS n FROM jobs"))!.n;
    expect(jobs).toBe(1);
    // The joiners spent nothing: each of their IPs can still start its one scan.
    expect((await s.scan({ url: "elsewhere.test" }, { token: TOKEN, client: "203.0.113.1" })).status).toBe(202);
  });

  describe("400 for a bad url", () => {
    const cases: [string, unknown, string][] = [
      ["empty", "", "empty"],
      ["not a string", 42, "must be a string"],
      ["too long", `https://example.test/${"a".repeat(2048)}`, "2048"],
      ["ftp scheme", "ftp://example.test", "Only http and https"],
      ["user info", "good.test@127.0.0.1", "user information"],
      ["port", "example.test:8080", "Port 8080"],
      ["IPv4 literal", "127.0.0.1", "IP addresses"],
      ["IPv6 literal", "[::1]", "IP addresses"],
      ["mapped IPv6", "[::ffff:127.0.0.1]", "IP addresses"],
      ["decimal IPv4", "2130706433", "IP addresses"],
      ["hex IPv4", "0x7f.1", "IP addresses"],
      ["octal IPv4", "0177.0.0.1", "IP addresses"],
      ["metadata", "169.254.169.254", "IP addresses"],
      ["single label", "localhost", "not a full domain name"],
      ["long label", `${"a".repeat(64)}.test`, "63"],
      ["does not resolve", "no-such-name.example", "does not resolve"],
    ];
    test.each(cases)("%s", async (_name, url, expected) => {
      const s = await start();
      const response = await s.scan({ url }, { token: TOKEN });
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(Object.keys(body)).toEqual(["error"]);
      expect(body.error).toContain(expected);
    });

    test.each([
      ["10/8", "10.1.2.3"],
      ["172.16/12", "172.16.0.1"],
      ["192.168/16", "192.168.1.1"],
      ["loopback", "127.0.0.1"],
      ["metadata", "169.254.169.254"],
      ["CGNAT", "100.64.0.1"],
      ["unspecified", "0.0.0.0"],
      ["ULA", "fc00::1"],
      ["link-local v6", "fe80::1"],
      ["NAT64 of metadata", "64:ff9b::a9fe:a9fe"],
      ["mapped loopback", "::ffff:127.0.0.1"],
    ])("a name resolving to %s (%s)", async (_name, address) => {
      const s = await start({}, { "inside.test": [address] });
      const response = await s.scan({ url: "inside.test" }, { token: TOKEN });
      expect(response.status).toBe(400);
      expect((await json(response)).error).toContain("private or reserved");
    });

    test("a name with one public and one private address", async () => {
      const s = await start({}, { "mixed.test": ["93.184.215.14", "10.0.0.1"] });
      expect((await s.scan({ url: "mixed.test" }, { token: TOKEN })).status).toBe(400);
    });

    test("a refused url counts against no limit", async () => {
      const s = await start({ LIMIT_PER_IP_PER_HOUR: "1" });
      for (let i = 0; i < 3; i++) expect((await s.scan({ url: "127.0.0.1" }, { token: TOKEN })).status).toBe(400);
      expect((await s.scan({ url: "good.test" }, { token: TOKEN })).status).toBe(202);
    });
  });

  describe("400 for a malformed body", () => {
    test.each([
      ["malformed JSON", "{\"url\":", "not valid JSON"],
      ["empty body", "", "empty"],
      ["an array", "[\"good.test\"]", "JSON object"],
      ["a string", "\"good.test\"", "JSON object"],
      ["null", "null", "JSON object"],
      ["missing url", "{}", "url is required"],
      ["unknown field", "{\"url\":\"good.test\",\"admin\":true}", "Unknown field \"admin\""],
      ["forceRescan not boolean", "{\"url\":\"good.test\",\"forceRescan\":\"yes\"}", "forceRescan must be a boolean"],
      ["challengeToken not a string", "{\"url\":\"good.test\",\"challengeToken\":5}", "challengeToken must be a string"],
      ["url not a string", "{\"url\":[\"good.test\"]}", "url must be a string"],
    ])("%s", async (_name, body, expected) => {
      const s = await start();
      const response = await s.scan(body, { token: TOKEN });
      expect(response.status).toBe(400);
      expect((await json(response)).error).toContain(expected);
    });

    test("413 for a body over 16 KiB, declared or streamed", async () => {
      const s = await start();
      const big = JSON.stringify({ url: "good.test", challengeToken: "x".repeat(20_000) });
      const declared = await s.scan(big, { token: TOKEN });
      expect(declared.status).toBe(413);
      expect((await json(declared)).error).toContain("larger than");

      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode("x".repeat(4096)));
        },
      });
      const streamed = await s.request("/api/scan", {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: stream,
      });
      expect(streamed.status).toBe(413);
    });
  });

  describe("authentication", () => {
    test.each([
      ["wrong pipeline token", "Bearer not-the-pipeline-token-0000"],
      ["empty bearer", "Bearer "],
      ["basic auth", `Basic ${btoa("user:pass")}`],
      ["malformed key", "Bearer aivis_tooshort"],
      ["unknown key shape with bad checksum", `Bearer aivis_${"A".repeat(36)}`],
    ])("401 Unauthorized: %s", async (_name, authorization) => {
      const s = await start();
      const response = await s.request("/api/scan", {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ url: "good.test" }),
      });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ error: "Unauthorized" });
    });

    test("401 comes before body validation", async () => {
      const s = await start();
      const response = await s.scan("{not json", { token: "wrong-token-wrong-token" });
      expect(response.status).toBe(401);
    });

    test("403 without Authorization and without a valid challengeToken", async () => {
      const s = await start();
      for (const body of [{ url: "good.test" }, { url: "good.test", challengeToken: "" }, { url: "good.test", challengeToken: "forged" }, "{broken"]) {
        const response = await s.scan(body);
        expect(response.status).toBe(403);
        const refusal = await json(response);
        // The error text is the interface's; the added hint names both credentials and where a key comes from.
        expect(refusal).toMatchObject({ error: "Verification failed. Please retry." });
        expect(refusal.hint).toContain("Authorization: Bearer");
        expect(refusal.hint).toContain("sightline keys create");
        expect(refusal.hint).toContain("challengeToken");
      }
    });

    test("the 403 hint says whether nothing was sent or the challenge answer was refused", async () => {
      const s = await start();
      const missing = await json(await s.scan({ url: "good.test" }));
      expect(missing.hint).toStartWith("No API key and no challenge answer were sent.");
      const forged = await json(await s.scan({ url: "good.test", challengeToken: "forged" }));
      expect(forged.hint).toStartWith("The challenge answer was invalid, expired or already used");
    });

    test("no pipeline token configured: every bearer token that is not a key is refused", async () => {
      service = await createTestRuntime({}, { lookup: fakeDns(), runWorker: false });
      const response = await service.scan({ url: "good.test" }, { token: TOKEN });
      expect(response.status).toBe(401);
    });

    test("every configured pipeline token works (rotation)", async () => {
      const other = "second-pipeline-token-0123456789";
      const s = await start({ PIPELINE_TOKEN: `${TOKEN},${other}` });
      expect((await s.scan({ url: "one.test" }, { token: TOKEN })).status).toBe(202);
      expect((await s.scan({ url: "two.test" }, { token: other })).status).toBe(202);
    });
  });

  describe("rate limits", () => {
    test("20 parallel fresh scans from one IP admit exactly 8", async () => {
      const s = await start();
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => s.scan({ url: `site${i}.test` }, { token: TOKEN })));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 202)).toHaveLength(8);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12);
      const refused = responses.find((response) => response.status === 429)!;
      const body = await json(refused);
      expect(body.error).toContain("8");
      expect(body.retryAfterSeconds).toBeGreaterThan(0);
      expect(body.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(refused.headers.get("retry-after")).toBe(String(body.retryAfterSeconds));
      expect(refused.headers.get("ratelimit-policy")).toContain('"ip";q=8;w=3600');
      expect(refused.headers.get("ratelimit")).toContain('"ip";r=0');
    });

    test("other IPs are unaffected, IPv6 clients share their /64", async () => {
      const s = await start({ LIMIT_PER_IP_PER_HOUR: "2" });
      const v6 = (suffix: string) => `2001:db8:1:2::${suffix}`;
      expect((await s.scan({ url: "a.test" }, { token: TOKEN, client: v6("1") })).status).toBe(202);
      expect((await s.scan({ url: "b.test" }, { token: TOKEN, client: v6("2") })).status).toBe(202);
      expect((await s.scan({ url: "c.test" }, { token: TOKEN, client: v6("3") })).status).toBe(429);
      expect((await s.scan({ url: "c.test" }, { token: TOKEN, client: "2001:db8:1:3::1" })).status).toBe(202);
      expect((await s.scan({ url: "d.test" }, { token: TOKEN, client: "192.0.2.50" })).status).toBe(202);
    });

    test("a domain admits 3 fresh scans an hour, whoever asks", async () => {
      const s = await start();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await s.scan({ url: "popular.test", forceRescan: true }, { token: TOKEN, client: `192.0.2.${i + 1}` })).status);
        // Let the admitted scan finish so the next request starts a new one instead of joining it.
        await s.runtime.db.run("UPDATE jobs SET state = 'done' WHERE state IN ('queued', 'running')");
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
    });

    test("5 parallel forced scans of one domain start one scan and count once", async () => {
      const s = await start({ LIMIT_PER_DOMAIN_PER_HOUR: "1" });
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, i) => s.scan({ url: "rush.test", forceRescan: true }, { token: TOKEN, client: `192.0.2.${i + 10}` })),
      );
      expect(responses.map((response) => response.status)).toEqual([202, 202, 202, 202, 202]);
      expect((await s.runtime.db.get<{ n: number }>("SELECT count(*) AS n FROM jobs"))!.n).toBe(1);
    });

    test("a refusal consumes nothing in the other buckets", async () => {
      const s = await start({ LIMIT_PER_DOMAIN_PER_HOUR: "1", LIMIT_PER_IP_PER_HOUR: "2" });
      expect((await s.scan({ url: "one.test" }, { token: TOKEN, client: "192.0.2.1" })).status).toBe(202);
      await s.runtime.db.run("UPDATE jobs SET state = 'done'");
      // Refused by the domain bucket: the IP bucket of 192.0.2.2 must not be spent.
      expect((await s.scan({ url: "one.test", forceRescan: true }, { token: TOKEN, client: "192.0.2.2" })).status).toBe(429);
      expect((await s.scan({ url: "two.test" }, { token: TOKEN, client: "192.0.2.2" })).status).toBe(202);
      expect((await s.scan({ url: "three.test" }, { token: TOKEN, client: "192.0.2.2" })).status).toBe(202);
    });

    test("TRUST_PROXY decides whether X-Forwarded-For names the client", async () => {
      const spoof = (s: TestRuntime, forwardedFor: string, url: string) =>
        s.request(
          "/api/scan",
          {
            method: "POST",
            headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", "x-forwarded-for": forwardedFor },
            body: JSON.stringify({ url }),
          },
          "127.0.0.1",
        );
      const direct = await start({ LIMIT_PER_IP_PER_HOUR: "1" });
      expect((await spoof(direct, "192.0.2.1", "a.test")).status).toBe(202);
      // A spoofed header does not give a fresh bucket: the socket address is the client.
      expect((await spoof(direct, "192.0.2.2", "b.test")).status).toBe(429);
      await direct.close();

      service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN, LIMIT_PER_IP_PER_HOUR: "1", TRUST_PROXY: "1" }, { lookup: fakeDns(), runWorker: false });
      expect((await spoof(service, "192.0.2.1", "a.test")).status).toBe(202);
      expect((await spoof(service, "192.0.2.2", "b.test")).status).toBe(202);
      expect((await spoof(service, "10.9.9.9, 192.0.2.2", "c.test")).status).toBe(429);
    });
  });
});

describe("GET /api/report/:domain.json", () => {
  test("404 Not found for a domain never scanned", async () => {
    const s = await start();
    const response = await s.request("/api/report/never.test.json");
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ error: "Not found" });
  });

  test("200 with the latest record, the path normalised like a scan request", async () => {
    const s = await start();
    await storeRecord(s, "history.test", 120_000);
    const latest = await storeRecord(s, "history.test", 1_000);
    for (const path of ["/api/report/history.test.json", "/api/report/WWW.History.Test.json"]) {
      const response = await s.request(path);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual(latest);
    }
    const rows = (await s.runtime.db.get<{ n: number }>("SELECT count(*) AS n FROM scans WHERE domain = 'history.test'"))!.n;
    expect(rows).toBe(2);
  });

  test("ETag and 304 on If-None-Match; a new record changes the ETag", async () => {
    const s = await start();
    await storeRecord(s, "etag.test", 10_000);
    const first = await s.request("/api/report/etag.test.json");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await s.request("/api/report/etag.test.json", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await storeRecord(s, "etag.test", 0);
    const changed = await s.request("/api/report/etag.test.json", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  test("a path without .json or with a bad domain is 404", async () => {
    const s = await start();
    await storeRecord(s, "plain.test");
    expect((await s.request("/api/report/plain.test")).status).toBe(404);
    expect((await s.request("/api/report/..json")).status).toBe(404);
    expect((await s.request("/api/report/%3Cscript%3E.json")).status).toBe(404);
  });
});

describe("the rest of the surface", () => {
  test("health, JSON 404 and 405, HEAD", async () => {
    const s = await start();
    const health = await s.request("/healthz");
    expect(health.status).toBe(200);
    expect((await json(health)).status).toBe("ok");
    const missing = await s.request("/nope");
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ error: "Not found" });
    const wrongMethod = await s.request("/api/scan", { method: "GET" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("POST");
    expect((await json(wrongMethod)).error).toBe("Method not allowed");
    const head = await s.request("/healthz", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  test("security headers on every response", async () => {
    const s = await start();
    for (const path of ["/healthz", "/nope", "/swagger"]) {
      const response = await s.request(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("default-src");
    }
  });

  test("the OpenAPI document lists every status and error body of both endpoints", async () => {
    const s = await start();
    const spec = await json(await s.request("/swagger/json"));
    const scan = spec.paths["/api/scan"].post;
    expect(Object.keys(scan.responses).sort()).toEqual(["200", "202", "400", "401", "403", "413", "429"]);
    expect(JSON.stringify(scan.responses["403"])).toContain("Verification failed. Please retry.");
    expect(JSON.stringify(scan.responses["429"])).toContain("retryAfterSeconds");
    expect(JSON.stringify(scan.requestBody)).toContain("forceRescan");
    const report = Object.entries(spec.paths).find(([path]) => path === "/api/report/{domain}.json")![1] as { get: { responses: Record<string, unknown> } };
    expect(Object.keys(report.get.responses).sort()).toEqual(["200", "304", "404"]);
    expect(JSON.stringify(report.get.responses["200"])).toContain("topIssues");
    const page = await s.request("/swagger");
    expect(await page.text()).toContain("/swagger/assets/swagger-ui-bundle.js");
    const bundle = await s.request("/swagger/assets/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });
});
