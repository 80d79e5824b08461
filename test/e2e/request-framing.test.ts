/**
 * The compiled binary over raw TCP (issue 30, findings 5 and 10): the route comes from the request
 * target's path alone whatever the Host; a Host that is not one host is a 400 (RFC 9112 §3.2); a
 * malformed chunked body gets one response, never the route's and then Bun's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { rawRequest, type RawResponse } from "../helpers/raw-http.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";

const TOKEN = "framing-pipeline-token-0123456789";
let work: string;
let service: ServiceProcess;

beforeAll(async () => {
  const binary = await sightlineBinary();
  work = mkdtempSync(join(tmpdir(), "sightline-framing-"));
  service = await startService([binary], {
    DATABASE_PATH: join(work, "framing.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    ADMIN_EMAIL: "admin@framing.test",
    ADMIN_PASSWORD: "a long admin password for framing",
    OFFSITE_CHECKS: "off",
    LOG_LEVEL: "info",
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

const send = (payload: string) => rawRequest(service.port, payload);
const get = (path: string, host: string | null) =>
  send(`GET ${path} HTTP/1.1\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);

function only(responses: RawResponse[]): RawResponse {
  expect(responses.map((response) => response.status)).toHaveLength(1);
  return responses[0] as RawResponse;
}

describe("one path per request, whatever the Host", () => {
  for (const host of ["a", "ab", "abc", "a:1", "", "[::1]"]) {
    test(`Host ${JSON.stringify(host)}: /xx/metrics and /xx/admin are not found, /healthz is found`, async () => {
      const metrics = only(await get("/xx/metrics", host));
      expect(metrics.status).toBe(404);
      expect(JSON.parse(metrics.body)).toEqual({ error: "Not found" });
      expect(only(await get("/xx/admin", host)).status).toBe(404);
      expect(only(await get("/xx/healthz", host)).status).toBe(404);
      const health = only(await get("/healthz", host));
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body).status).toBe("ok");
    });
  }

  test("GET /metrics and /admin with Host: a reach their own routes", async () => {
    const metrics = only(await get("/metrics", "a"));
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain("# TYPE sightline_http_requests_total counter");
    const admin = only(await get("/admin", "a"));
    expect(admin.status).toBe(303);
    expect(admin.headers.get("location")).toBe("/admin/login");
  });

  test("POST /api/scan with Host: a is answered by the scan API, not by the form handler, and reads its body", async () => {
    const body = JSON.stringify({ url: "not a domain at all" });
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const refused = only(await send(`POST /api/scan HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`));
    expect(refused.headers.get("content-type")).toStartWith("application/json");
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error).toBe("Verification failed. Please retry.");
    const invalid = only(
      await send(
        `POST /api/scan HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked}`,
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("content-type")).toStartWith("application/json");
    expect(JSON.parse(invalid.body).error).toBeString();
  });

  test("an HTTP/1.0 request without Host is routed by its path", async () => {
    const health = only(await send("GET /healthz HTTP/1.0\r\n\r\n"));
    expect(health.status).toBe(200);
    expect(only(await send("GET /xx/metrics HTTP/1.0\r\n\r\n")).status).toBe(404);
  });
});

describe("a Host that is not one host is a 400 (RFC 9112 §3.2)", () => {
  const cases: [string, string, string][] = [
    ["two Host lines", "Host: a.test\r\nHost: b.test\r\n", "Bad request: more than one Host header."],
    ["Host: a, b", "Host: a, b\r\n", "Bad request: more than one Host header."],
    ["a space in Host", "Host: a b\r\n", "Bad request: an invalid Host header."],
    ["a slash in Host", "Host: a/b\r\n", "Bad request: an invalid Host header."],
    ["userinfo in Host", "Host: user@a.test\r\n", "Bad request: an invalid Host header."],
  ];
  for (const [name, hostLines, error] of cases) {
    for (const path of ["/healthz", "/api/report/example.test.json", "/metrics"]) {
      test(`${name}: GET ${path}`, async () => {
        const refused = only(await send(`GET ${path} HTTP/1.1\r\n${hostLines}Connection: close\r\n\r\n`));
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.body)).toEqual({ error });
      });
    }
  }
});

describe("one response per request, whatever the body's framing", () => {
  const malformed = ["zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}\r\nzz\r\n", "2\r\n{}XX\r\n0\r\n\r\n"];
  for (const body of malformed) {
    for (const [method, path] of [["POST", "/no/such/route"], ["POST", "/healthz"], ["POST", "/api/scan"], ["DELETE", "/api/report/example.test.json"]] as const) {
      test(`${method} ${path} with chunked body ${JSON.stringify(body)}`, async () => {
        const head = `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
        const responses = await send(`${head}${body}GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        expect(responses.map((response) => response.status)).toEqual([400]);
      });
    }
  }

  test("a well-formed chunked body on a route that does not read it leaves the connection usable", async () => {
    const responses = await send(
      "POST /no/such/route HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" +
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(responses.map((response) => response.status)).toEqual([404, 200]);
  });
});

describe("path parameters that do not percent-decode (finding 11)", () => {
  test("the badge is the neutral one, the report and its page are 404s, and no error is logged", async () => {
    for (const bad of ["%ED%A0%80", "%FF", "%zz"]) {
      const badge = only(await get(`/badge/${bad}.svg`, "localhost"));
      expect(badge.status).toBe(200);
      expect(badge.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      for (const path of [`/api/report/${bad}.json`, `/api/report/${bad}/history.json`, `/report/${bad}`]) {
        expect({ path, status: only(await get(path, "localhost")).status }).toEqual({ path, status: 404 });
      }
    }
    expect(service.lines.filter((line) => line.includes('"level":"error"')).map((line) => line.slice(0, 300))).toEqual([]);
  });
});
