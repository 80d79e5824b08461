/**
 * Issue 28: a 401 keeps its exact `error` text, "Unauthorized", and adds a `hint` where the reason is safe to
 * tell: a key of the other sightline service, or a revoked key. An unknown key or a wrong pipeline token gets
 * no hint (nothing to learn about which keys exist).
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { createApiKey, revokeApiKey } from "../../src/auth/api-key-service.ts";

let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function scanWith(key: string, path = "/api/scan", body: unknown = { url: "example.com" }): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await runtime!.request(path, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("401 hints", () => {
  test("a visibility key sent to the schema service: Unauthorized, with a hint naming the service it belongs to", async () => {
    const visibility = await createTestRuntime();
    const { key } = await createApiKey(visibility.runtime.db, { prefix: "aivis", name: "mine", userId: null, now: Date.now() });
    await visibility.close();
    runtime = await createTestRuntime({ SERVICE: "schema" });
    for (const path of ["/api/scan", "/api/check"]) {
      const answer = await scanWith(key, path, path === "/api/check" ? { html: "<p>x</p>" } : { url: "example.com" });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe("Unauthorized");
      expect(answer.body.hint).toContain("the AI visibility scanner");
    }
  });

  test("a schema key sent to the visibility service names the schema markup generator", async () => {
    runtime = await createTestRuntime();
    const answer = await scanWith("schema_" + "a".repeat(40));
    expect(answer).toEqual({ status: 401, body: { error: "Unauthorized", hint: expect.stringContaining("the schema markup generator") } });
  });

  test("a revoked key: Unauthorized, with a hint to create a new one; an unknown key: Unauthorized alone", async () => {
    runtime = await createTestRuntime();
    const { id, key } = await createApiKey(runtime.runtime.db, { prefix: "aivis", name: "old", userId: null, now: Date.now() });
    expect(await revokeApiKey(runtime.runtime.db, id, Date.now())).toBe(true);
    const revoked = await scanWith(key);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: "Unauthorized", hint: expect.stringContaining("revoked") });
    const unknown = await scanWith(`${key.slice(0, -4)}zzzz`);
    expect(unknown).toEqual({ status: 401, body: { error: "Unauthorized" } });
    expect(await scanWith("not-a-key-at-all-0123456789")).toEqual({ status: 401, body: { error: "Unauthorized" } });
  });
});
