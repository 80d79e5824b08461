/**
 * The compiled binary as a black box: fixture sites on loopback over HTTP and HTTPS (a test CA through
 * NODE_EXTRA_CA_CERTS), reached through SCAN_CONNECT_TO; scans through the API with the pipeline token
 * and with an operator API key; records polled from the report endpoint.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { freePort } from "../../scripts/bench/bench-helpers.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const TOKEN = "e2e-pipeline-token-0123456789";
let binary: string;
let work: string;
let env: Record<string, string>;
let service: ServiceProcess;
let secure: FixtureSite;
let plain: FixtureSite;

beforeAll(async () => {
  binary = await sightlineBinary();
  work = mkdtempSync(join(tmpdir(), "sightline-e2e-"));
  secure = await startFixtureSite(wellPreparedSite("secure.test"), { tls: true });
  plain = await startFixtureSite((request) => {
    const url = new URL(request.url);
    return new Response(null, { status: 301, headers: { location: `https://secure.test${url.pathname}` } });
  });
  const closedPort = await freePort();
  env = childEnv({
    DATABASE_PATH: join(work, "e2e.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    FETCH_TIMEOUT_MS: "3000",
    SCAN_TIMEOUT_MS: "15000",
    LOG_LEVEL: "info",
    SCAN_CONNECT_TO: [
      secure.connectTo("secure.test", 443),
      secure.connectTo("www.secure.test", 443),
      plain.connectTo("secure.test", 80),
      `down.test:443:127.0.0.1:${closedPort}`,
      `down.test:80:127.0.0.1:${closedPort}`,
    ].join(","),
  });
  service = await startService([binary], env);
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await secure?.stop();
  await plain?.stop();
  rmSync(work, { recursive: true, force: true });
});

const scan = (body: unknown, token = TOKEN) =>
  fetch(`${service.baseUrl}/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe("the compiled binary", () => {
  test("scans an HTTPS site end to end and then serves it from the cache", async () => {
    const started = await scan({ url: "https://www.secure.test/some/page", forceRescan: false });
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ domain: "secure.test" });

    const record = await pollReport(service.baseUrl, "secure.test", 20_000);
    expect(record.domain).toBe("secure.test");
    expect(record.status).toBe("ok");
    expect(Date.parse(record.scannedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(record.offSite).toBeNull();
    const result = record.result;
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
    expect(["A", "B", "C", "D", "F"]).toContain(result.grade);
    expect(typeof result.label).toBe("string");
    expect(result.pillars.map((pillar: { id: string }) => pillar.id)).toEqual(["access", "render", "discover", "structure", "content", "trust", "presence"]);
    expect(result.pillars.reduce((sum: number, pillar: { weight: number }) => sum + pillar.weight, 0)).toBe(100);
    expect(Array.isArray(result.topIssues)).toBe(true);
    // The scanner reached the site with its own name as Host, over TLS, and asked for robots.txt.
    expect(secure.requests.some((request) => request.path === "/" && request.headers.host === "secure.test")).toBe(true);
    expect(secure.requests.some((request) => request.path === "/robots.txt")).toBe(true);
    // The homepage is fetched as sightline (the crawler probes of "/" run beside it and may arrive first).
    expect(secure.requests.some((request) => request.path === "/" && request.headers["user-agent"]?.includes("sightline"))).toBe(true);

    const cached = await scan({ url: "secure.test" });
    expect(cached.status).toBe(200);
    expect(await cached.json()).toEqual(record);

    // The report as served by the socket (Bun's router): ETag, 304, HEAD, 405, security headers.
    const report = await fetch(`${service.baseUrl}/api/report/WWW.secure.test.json`);
    expect(report.status).toBe(200);
    expect(report.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = report.headers.get("etag")!;
    await report.arrayBuffer();
    const notModified = await fetch(`${service.baseUrl}/api/report/secure.test.json`, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    const head = await fetch(`${service.baseUrl}/api/report/secure.test.json`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await fetch(`${service.baseUrl}/api/report/secure.test.json`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ error: "Method not allowed" });
    const missing = await fetch(`${service.baseUrl}/api/report/never.test.json`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found" });
  });

  test("a site that cannot be reached gets a stored failed record", async () => {
    expect((await scan({ url: "down.test" })).status).toBe(202);
    const record = await pollReport(service.baseUrl, "down.test", 20_000);
    expect(record.status).toBe("failed");
    expect(record.result).toBeNull();
    expect(record.domain).toBe("down.test");
  });

  test("an operator key from `sightline keys create` works until `sightline keys revoke`", async () => {
    const created = Bun.spawnSync([binary, "keys", "create", "e2e pipeline"], { env, stdout: "pipe", stderr: "pipe" });
    expect(created.exitCode).toBe(0);
    const key = created.stdout.toString().trim();
    expect(key).toMatch(/^aivis_[0-9A-Za-z]{36}$/);
    expect(created.stderr.toString()).toContain("cannot be shown again");

    const accepted = await scan({ url: "keyed.secure.test" }, key);
    // keyed.secure.test is not in SCAN_CONNECT_TO and does not resolve: the key is accepted, the name is not.
    expect(accepted.status).toBe(400);
    expect((await accepted.json()).error).toContain("does not resolve");

    const listed = Bun.spawnSync([binary, "keys", "list", "--json"], { env, stdout: "pipe" });
    const keys = JSON.parse(listed.stdout.toString());
    expect(keys).toHaveLength(1);
    expect(keys[0].name).toBe("e2e pipeline");
    expect(keys[0].lastUsedAt).not.toBeNull();
    expect(listed.stdout.toString()).not.toContain(key);

    const revoked = Bun.spawnSync([binary, "keys", "revoke", String(keys[0].id)], { env, stderr: "pipe" });
    expect(revoked.exitCode).toBe(0);
    const refused = await scan({ url: "keyed.secure.test" }, key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Unauthorized", hint: "This API key was revoked. Create a new one at /account, or with `sightline keys create <name>`." });

    // The database file holds only the key's hash.
    const bytes = readFileSync(env.DATABASE_PATH!);
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    expect(bytes.includes(Buffer.from(key.slice(6)))).toBe(false);
  });

  test("logs one JSON line per request and no secret", async () => {
    await fetch(`${service.baseUrl}/healthz`);
    const requestLines = service.lines.filter((line) => line.includes('"message":"request"'));
    expect(requestLines.length).toBeGreaterThan(3);
    for (const line of requestLines) {
      const entry = JSON.parse(line);
      expect(Object.keys(entry).sort()).toEqual(["client", "durationMs", "level", "message", "method", "path", "status", "time"]);
    }
    expect(service.lines.join("\n")).not.toContain(TOKEN);
  });

  test("command line: scan prints a summary or the record, fetching each URL once per user agent", async () => {
    const scanCli = (args: string[]) => Bun.spawn([binary, "scan", ...args], { env, stdout: "pipe", stderr: "pipe" });
    const before = secure.requests.length;
    const json = scanCli(["https://secure.test/", "--json"]);
    const [out, code] = await Promise.all([new Response(json.stdout).text(), json.exited]);
    expect(code).toBe(0);
    const record = JSON.parse(out);
    expect(record.domain).toBe("secure.test");
    expect(record.status).toBe("ok");
    expect(record.result.pillars).toHaveLength(7);
    const counts = new Map<string, number>();
    for (const request of secure.requests.slice(before)) {
      // The homepage asked for as Markdown (agent-offerings) is a request of its own.
      const key = `${request.method} ${request.path} ${request.headers["user-agent"]}${request.headers.accept === "text/markdown" ? " markdown" : ""}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBeGreaterThan(10);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);

    const summary = scanCli(["secure.test", "--min-score", "0"]);
    const [text, summaryCode] = await Promise.all([new Response(summary.stdout).text(), summary.exited]);
    expect(summaryCode).toBe(0);
    expect(text).toMatch(/^secure\.test: \d+\/100, grade [A-F]/);
    expect(text).toContain("Score");
    const usage = Bun.spawnSync([binary, "scan"], { env, stdout: "pipe", stderr: "pipe" });
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr.toString()).toContain("give the site to scan");
  }, 30_000);

  test("command line: version, help, unknown command, bad configuration", () => {
    const run = (args: string[], extra: Record<string, string> = {}) => Bun.spawnSync([binary, ...args], { env: { ...env, ...extra }, stdout: "pipe", stderr: "pipe" });
    expect(run(["version"]).stdout.toString()).toMatch(/^sightline \d+\.\d+\.\d+/);
    expect(run(["--help"]).stdout.toString()).toContain("keys");
    for (const command of ["serve", "migrate", "scan", "rescore"]) expect(run([command, "--help"]).stdout.toString()).toStartWith(`sightline ${command}`);
    expect(run(["keys", "--help"]).stdout.toString()).toContain("sightline keys create");
    expect(run(["frobnicate"]).exitCode).toBe(2);
    expect(run(["keys", "revoke", "abc"]).exitCode).toBe(2);
    expect(run(["keys", "revoke", "999"]).exitCode).toBe(1);
    expect(run(["keys", "create", ""]).exitCode).toBe(2);
    const bad = run([], { LIMIT_PER_IP_PER_HOUR: "lots" });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.toString().trim().split("\n")).toHaveLength(1);
    expect(bad.stderr.toString()).toContain("LIMIT_PER_IP_PER_HOUR");
  }, 30_000);
});
