/** One JSON log line per request, and never a secret in it. */
import { afterEach, expect, test } from "bun:test";
import { createLogger } from "../../src/log.ts";
import { createRequestHandler } from "../../src/server.ts";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";

const TOKEN = "pipeline-token-that-must-not-be-logged";
let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
});

test("each request logs method, path, status, duration and client, and no token, key or challenge", async () => {
  const lines: string[] = [];
  const log = createLogger("debug", (line) => lines.push(line));
  service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN }, { lookup: fakeDns(), runWorker: false, log });
  const handle = createRequestHandler(service.runtime.app, log);
  const key = `aivis_${"Z".repeat(36)}`;
  const post = (authorization: string | null, body: unknown) =>
    handle(
      new Request("http://localhost/api/scan?token=query-secret-value", {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      }),
      "192.0.2.9",
    );
  await post(`Bearer ${TOKEN}`, { url: "logged.test" });
  await post(`Bearer ${key}`, { url: "logged.test" });
  await post(null, { url: "logged.test", challengeToken: "challenge-solution-secret" });
  await post("Bearer wrong-but-secret-token", { url: "logged.test" });

  const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.message === "request");
  expect(requestLines).toHaveLength(4);
  for (const entry of requestLines) {
    expect(entry.method).toBe("POST");
    expect(entry.path).toBe("/api/scan");
    expect(typeof entry.status).toBe("number");
    expect(typeof entry.durationMs).toBe("number");
    expect(entry.client).toBe("192.0.2.9");
    expect(typeof entry.time).toBe("string");
  }
  expect(requestLines.map((entry) => entry.status)).toEqual([202, 401, 403, 401]);
  const everything = lines.join("\n");
  for (const secret of [TOKEN, key, "challenge-solution-secret", "wrong-but-secret-token", "query-secret-value"]) {
    expect(everything).not.toContain(secret);
  }
});

test("an unexpected error is a JSON 500 without a stack trace", async () => {
  const lines: string[] = [];
  const log = createLogger("debug", (line) => lines.push(line));
  service = await createTestRuntime({}, { lookup: fakeDns(), runWorker: false, log });
  await service.runtime.db.close();
  const response = await service.request("/api/report/example.test.json");
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: "Internal server error" });
  expect(text).not.toContain("at ");
  // Close would fail on the closed database; give the runtime a fresh stop.
  service = undefined;
});
