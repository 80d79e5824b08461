/**
 * The three ways of authenticating POST /api/scan, through the whole app: the browser challenge
 * (ALTCHA, and Turnstile against a fake siteverify), self-serve API keys with their own bucket, and
 * revocation taking effect on the very next request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { createApiKey, revokeApiKey } from "../../src/auth/api-key-service.ts";

let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(env: Record<string, string> = {}) {
  service = await createTestRuntime(env, { lookup: fakeDns(), runWorker: false });
  return service;
}

describe("browser challenge (ALTCHA)", () => {
  test("a solved challenge is accepted once; a replay is refused", async () => {
    const s = await start();
    const issued = await s.request("/api/challenge");
    expect(issued.status).toBe(200);
    expect(issued.headers.get("cache-control")).toBe("no-store");
    const token = await solveAltcha((await issued.json()) as Challenge);

    const accepted = await s.scan({ url: "browser.test", challengeToken: token });
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ domain: "browser.test" });

    const replayed = await s.scan({ url: "again.test", challengeToken: token });
    expect(replayed.status).toBe(403);
    expect(await replayed.json()).toMatchObject({ error: "Verification failed. Please retry." });
  }, 60_000);

  test("a challenge solution is checked before the body: a bad url with a good token is 400", async () => {
    const s = await start();
    const token = await solveAltcha((await (await s.request("/api/challenge")).json()) as Challenge);
    const response = await s.scan({ url: "ftp://browser.test", challengeToken: token });
    expect(response.status).toBe(400);
  }, 60_000);
});

describe("browser challenge (Turnstile)", () => {
  let verifier: ReturnType<typeof Bun.serve>;
  const seen: URLSearchParams[] = [];
  beforeAll(() => {
    verifier = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        const form = new URLSearchParams(await request.text());
        seen.push(form);
        return Response.json({ success: form.get("response") === "good-turnstile-token" });
      },
    });
  });
  afterAll(() => verifier.stop(true));

  test("tokens are verified at TURNSTILE_VERIFY_URL with the secret and the client address", async () => {
    const s = await start({
      CHALLENGE: "turnstile",
      TURNSTILE_SITE_KEY: "site-key",
      TURNSTILE_SECRET_KEY: "turnstile-secret",
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${verifier.port}/siteverify`,
    });
    expect((await s.request("/api/challenge")).status).toBe(404);
    expect((await s.scan({ url: "ts.test", challengeToken: "good-turnstile-token" }, { client: "192.0.2.77" })).status).toBe(202);
    const refused = await s.scan({ url: "ts.test", challengeToken: "bad-token" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "Verification failed. Please retry." });
    expect(seen[0]?.get("secret")).toBe("turnstile-secret");
    expect(seen[0]?.get("remoteip")).toBe("192.0.2.77");
  });
});

describe("API keys", () => {
  test("a key's 61st fresh scan in an hour is refused; other keys and anonymous callers are unaffected", async () => {
    const s = await start({ PIPELINE_TOKEN: "pipeline-token-0123456789abcdef" });
    const db = s.runtime.db;
    const first = (await createApiKey(db, { prefix: "aivis", name: "first", userId: null, now: Date.now() })).key;
    const second = (await createApiKey(db, { prefix: "aivis", name: "second", userId: null, now: Date.now() })).key;
    for (let i = 0; i < 60; i++) {
      const response = await s.scan({ url: `k${i}.test` }, { token: first, client: `192.0.2.${(i % 200) + 1}` });
      expect(response.status).toBe(202);
    }
    const refused = await s.scan({ url: "k60.test" }, { token: first });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error).toContain("60");
    expect(body.error).toContain("API key");
    expect(refused.headers.get("retry-after")).toBe(String(body.retryAfterSeconds));
    expect(refused.headers.get("ratelimit-policy")).toContain('"key";q=60;w=3600');

    expect((await s.scan({ url: "k60.test" }, { token: second })).status).toBe(202);
    expect((await s.scan({ url: "k61.test" }, { token: "pipeline-token-0123456789abcdef" })).status).toBe(202);
  }, 30_000);

  test("a key caller is not held to the IP bucket", async () => {
    const s = await start({ PIPELINE_TOKEN: "pipeline-token-0123456789abcdef", LIMIT_PER_IP_PER_HOUR: "1" });
    const key = (await createApiKey(s.runtime.db, { prefix: "aivis", name: "ci", userId: null, now: Date.now() })).key;
    expect((await s.scan({ url: "a.test" }, { token: "pipeline-token-0123456789abcdef" })).status).toBe(202);
    expect((await s.scan({ url: "b.test" }, { token: "pipeline-token-0123456789abcdef" })).status).toBe(429);
    expect((await s.scan({ url: "b.test" }, { token: key })).status).toBe(202);
  });

  test("revocation takes effect on the very next request", async () => {
    const s = await start();
    const created = await createApiKey(s.runtime.db, { prefix: "aivis", name: "to revoke", userId: null, now: Date.now() });
    expect((await s.scan({ url: "before.test" }, { token: created.key })).status).toBe(202);
    expect(await revokeApiKey(s.runtime.db, created.id, Date.now())).toBe(true);
    const after = await s.scan({ url: "after.test" }, { token: created.key });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Unauthorized", hint: expect.stringContaining("revoked") });
  });

  test("a key with one changed character is refused without a database look-up", async () => {
    const s = await start();
    const key = (await createApiKey(s.runtime.db, { prefix: "aivis", name: "exact", userId: null, now: Date.now() })).key;
    const last = key.at(-1)!;
    const changed = key.slice(0, -1) + (last === "a" ? "b" : "a");
    const statements = [spyOn(s.runtime.db, "get"), spyOn(s.runtime.db, "all"), spyOn(s.runtime.db, "run")];
    const response = await s.scan({ url: "changed.test" }, { token: changed });
    expect(response.status).toBe(401);
    const sent = () => statements.flatMap((spy) => spy.mock.calls.map(([sql]) => String(sql)));
    expect(sent().some((sql) => sql.includes("api_keys"))).toBe(false);
    // The spies do see a look-up: the exact key is looked up through them.
    expect((await s.scan({ url: "exact.test" }, { token: key })).status).toBe(202);
    expect(sent().some((sql) => sql.includes("api_keys"))).toBe(true);
    for (const spy of statements) spy.mockRestore();
  });

  test("a key with another service's prefix is refused", async () => {
    const s = await start();
    const key = (await createApiKey(s.runtime.db, { prefix: "schema", name: "other service", userId: null, now: Date.now() })).key;
    expect((await s.scan({ url: "x.test" }, { token: key })).status).toBe(401);
  });
});
