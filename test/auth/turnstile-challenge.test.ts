import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createChallengeVerifier, type ChallengeVerifier } from "../../src/auth/challenge.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/store/database.ts";

/** A fake siteverify on loopback whose answer each test chooses. */
type Mode = "success" | "failure" | "error500" | "malformed" | "hang";

const SECRET = "0x4AAAAAAAtest-secret-key";
let mode: Mode = "success";
let received: { method: string; contentType: string | null; form: URLSearchParams }[] = [];
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      received.push({ method: request.method, contentType: request.headers.get("content-type"), form: new URLSearchParams(await request.text()) });
      switch (mode) {
        case "success":
          return Response.json({ success: true, "error-codes": [], hostname: "scan.example.com" });
        case "failure":
          return Response.json({ success: false, "error-codes": ["invalid-input-response"] });
        case "error500":
          return Response.json({ success: true }, { status: 500 });
        case "malformed":
          return new Response("{ success: tru", { headers: { "content-type": "application/json" } });
        case "hang":
          return new Promise<Response>(() => {});
      }
    },
  });
});

afterAll(async () => {
  await server.stop(true);
});

beforeEach(() => {
  mode = "success";
  received = [];
});

async function verifier(timeoutMs = 2_000): Promise<ChallengeVerifier> {
  const config = loadConfig({
    CHALLENGE: "turnstile",
    TURNSTILE_SITE_KEY: "0x4AAAAAAAsite",
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: `http://127.0.0.1:${server.port}/turnstile/v0/siteverify`,
  });
  return createChallengeVerifier(openDatabase(":memory:"), config, { turnstileTimeoutMs: timeoutMs });
}

describe("Turnstile", () => {
  test("issues no challenge of its own", async () => {
    const v = await verifier();
    expect(v.kind).toBe("turnstile");
    expect(await v.issue()).toBeNull();
  });

  test("success: posts the secret, token and client address as a form", async () => {
    expect(await (await verifier()).verify("token-from-widget", "203.0.113.5")).toBe(true);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe("POST");
    expect(request!.contentType).toStartWith("application/x-www-form-urlencoded");
    expect(request!.form.get("secret")).toBe(SECRET);
    expect(request!.form.get("response")).toBe("token-from-widget");
    expect(request!.form.get("remoteip")).toBe("203.0.113.5");
    expect(request!.form.get("idempotency_key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("an unknown client address is left out rather than sent as a word", async () => {
    expect(await (await verifier()).verify("token-from-widget", "unknown")).toBe(true);
    expect(received[0]!.form.has("remoteip")).toBe(false);
  });

  test("each verification has its own idempotency key", async () => {
    const v = await verifier();
    await v.verify("a", "::1");
    await v.verify("b", "::1");
    expect(received[0]!.form.get("idempotency_key")).not.toBe(received[1]!.form.get("idempotency_key"));
  });

  test("failure answer is false", async () => {
    mode = "failure";
    expect(await (await verifier()).verify("t", "::1")).toBe(false);
    expect(received).toHaveLength(1);
  });

  test("a 500 is false even if its body says success", async () => {
    mode = "error500";
    expect(await (await verifier()).verify("t", "::1")).toBe(false);
  });

  test("malformed JSON is false", async () => {
    mode = "malformed";
    expect(await (await verifier()).verify("t", "::1")).toBe(false);
  });

  test("a siteverify that never answers is false once the timeout passes", async () => {
    mode = "hang";
    expect(await (await verifier(150)).verify("t", "::1")).toBe(false);
    expect(received).toHaveLength(1);
  }, 4_000);

  test("an unreachable siteverify is false", async () => {
    const config = loadConfig({
      CHALLENGE: "turnstile",
      TURNSTILE_SITE_KEY: "s",
      TURNSTILE_SECRET_KEY: SECRET,
      // Port 1 on loopback: nothing listens there, so the connection is refused.
      TURNSTILE_VERIFY_URL: "http://127.0.0.1:1/siteverify",
    });
    expect(await (await createChallengeVerifier(openDatabase(":memory:"), config)).verify("t", "::1")).toBe(false);
  });

  test("missing, empty, non-string and over-long tokens are refused without asking Cloudflare", async () => {
    const v = await verifier();
    for (const token of [undefined, null, "", 123, { token: "x" }, "x".repeat(2049)]) {
      expect(await v.verify(token, "::1")).toBe(false);
    }
    expect(received).toHaveLength(0);
  });

  test("a custom fetch is used when given", async () => {
    const seen: string[] = [];
    const config = loadConfig({ CHALLENGE: "turnstile", TURNSTILE_SITE_KEY: "s", TURNSTILE_SECRET_KEY: SECRET });
    const fakeFetch = (async (input: string | URL | Request) => {
      seen.push(String(input));
      return Response.json({ success: true });
    }) as typeof fetch;
    const v = await createChallengeVerifier(openDatabase(":memory:"), config, { fetch: fakeFetch });
    expect(await v.verify("t", "::1")).toBe(true);
    expect(seen).toEqual(["https://challenges.cloudflare.com/turnstile/v0/siteverify"]);
  });
});
