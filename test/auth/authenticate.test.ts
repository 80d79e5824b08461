import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { createApiKey, revokeApiKey } from "../../src/auth/api-key-service.ts";
import { BASE62_ALPHABET } from "../../src/auth/api-keys.ts";
import { createAuthenticator, type Authenticator } from "../../src/auth/authenticate.ts";
import type { ChallengeVerifier } from "../../src/auth/challenge.ts";
import { openDatabase, type Db } from "../../src/store/database.ts";

const PIPELINE_A = "pipeline-token-aaaaaaaaaaaa";
const PIPELINE_B = "pipeline-token-bbbbbbbbbbbb";
const UNAUTHORIZED = { ok: false, status: 401, error: "Unauthorized" } as const;

/** A challenge verifier that accepts exactly one token and records what it was asked. */
function fakeChallenge(accepted = "good-token"): ChallengeVerifier & { calls: [unknown, string][] } {
  const calls: [unknown, string][] = [];
  return {
    kind: "altcha",
    calls,
    async issue() {
      return {};
    },
    async verify(token, clientIp) {
      calls.push([token, clientIp]);
      return token === accepted;
    },
  };
}

let db: Db;
let clock: number;

function authenticator(pipelineTokens: readonly string[] = [PIPELINE_A], challenge: ChallengeVerifier = fakeChallenge()): Authenticator {
  return createAuthenticator({ db, keyPrefix: "aivis", pipelineTokens, challenge, now: () => clock });
}

beforeEach(() => {
  db = openDatabase(":memory:");
  clock = 1_700_000_000_000;
});

afterEach(async () => {
  await db.close();
});

describe("identify: no header", () => {
  test("is null, so the caller must pass the challenge", async () => {
    expect(await authenticator().identify(null)).toBeNull();
  });
});

describe("identify: pipeline tokens", () => {
  test("a configured token identifies the pipeline", async () => {
    expect(await authenticator().identify(`Bearer ${PIPELINE_A}`)).toEqual({ ok: true, caller: { kind: "pipeline" } });
  });

  test("during a rotation both tokens work", async () => {
    const auth = authenticator([PIPELINE_A, PIPELINE_B]);
    expect(await auth.identify(`Bearer ${PIPELINE_A}`)).toEqual({ ok: true, caller: { kind: "pipeline" } });
    expect(await auth.identify(`Bearer ${PIPELINE_B}`)).toEqual({ ok: true, caller: { kind: "pipeline" } });
  });

  test("a wrong token, a prefix or an extension of a real one is 401", async () => {
    const auth = authenticator([PIPELINE_A, PIPELINE_B]);
    expect(await auth.identify("Bearer pipeline-token-cccccccccccc")).toEqual(UNAUTHORIZED);
    expect(await auth.identify(`Bearer ${PIPELINE_A.slice(0, -1)}`)).toEqual(UNAUTHORIZED);
    expect(await auth.identify(`Bearer ${PIPELINE_A}x`)).toEqual(UNAUTHORIZED);
  });

  test("with no pipeline token configured, every non-key token is 401", async () => {
    const auth = authenticator([]);
    expect(await auth.identify(`Bearer ${PIPELINE_A}`)).toEqual(UNAUTHORIZED);
    expect(await auth.identify("Bearer x")).toEqual(UNAUTHORIZED);
  });
});

describe("identify: malformed headers", () => {
  test("anything but `Bearer <token>` is 401", async () => {
    const auth = authenticator();
    for (const header of ["Basic x", `Basic ${PIPELINE_A}`, "Bearer", "Bearer ", "Bearer  ", "", `${PIPELINE_A}`, `Bearer ${PIPELINE_A} extra`, `Bearer:${PIPELINE_A}`]) {
      expect({ header, answer: await auth.identify(header) }).toEqual({ header, answer: UNAUTHORIZED });
    }
  });

  test("the scheme name is case-insensitive", async () => {
    const auth = authenticator();
    expect(await auth.identify("bearer tok")).toEqual(UNAUTHORIZED);
    expect(await auth.identify(`bearer ${PIPELINE_A}`)).toEqual({ ok: true, caller: { kind: "pipeline" } });
    expect(await auth.identify(`BEARER ${PIPELINE_A}`)).toEqual({ ok: true, caller: { kind: "pipeline" } });
  });
});

describe("identify: API keys", () => {
  test("a valid key identifies the key, and records its use", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: clock });
    clock += 5_000;
    expect(await authenticator().identify(`Bearer ${created.key}`)).toEqual({ ok: true, caller: { kind: "key", keyId: created.id } });
    const row = (await db.get<{ t: number | null }>("SELECT last_used_at AS t FROM api_keys WHERE id = ?", [created.id]))!;
    expect(row.t).toBe(clock);
  });

  test("a revoked key is refused on the very next request", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: clock });
    const auth = authenticator();
    expect((await auth.identify(`Bearer ${created.key}`))?.ok).toBe(true);
    await revokeApiKey(db, created.id, clock);
    // The error stays "Unauthorized"; a hint says the key was revoked (issue 28).
    expect(await auth.identify(`Bearer ${created.key}`)).toEqual({ ...UNAUTHORIZED, hint: expect.stringContaining("revoked") });
  });

  test("an unknown well-formed key is 401", async () => {
    const elsewhere = await createApiKey(openDatabase(":memory:"), { prefix: "aivis", name: "k", userId: null, now: clock });
    expect(await authenticator().identify(`Bearer ${elsewhere.key}`)).toEqual(UNAUTHORIZED);
  });

  test("a key with one changed character is 401 without touching the database", async () => {
    const created = await createApiKey(db, { prefix: "aivis", name: "k", userId: null, now: clock });
    const auth = authenticator();
    const index = 12;
    const changed = created.key.slice(0, index) + BASE62_ALPHABET[(BASE62_ALPHABET.indexOf(created.key[index]!) + 1) % 62] + created.key.slice(index + 1);
    // Every statement goes through one of these three.
    const spies = [spyOn(db, "get"), spyOn(db, "all"), spyOn(db, "run")];
    const statements = () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    try {
      expect(await auth.identify(`Bearer ${changed}`)).toEqual(UNAUTHORIZED);
      expect(await auth.identify("Bearer aivis_malformed")).toEqual(UNAUTHORIZED);
      expect(statements()).toBe(0);
      // The spies do observe the look-up of a well-formed key.
      expect((await auth.identify(`Bearer ${created.key}`))?.ok).toBe(true);
      expect(statements()).toBeGreaterThan(0);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  test("a key of another service's prefix is treated as a pipeline token, and fails", async () => {
    const other = await createApiKey(db, { prefix: "schema", name: "k", userId: null, now: clock });
    expect(await authenticator().identify(`Bearer ${other.key}`)).toEqual({ ...UNAUTHORIZED, hint: expect.stringContaining("the schema markup generator") });
  });
});

describe("verifyChallenge", () => {
  test("passes the token and client address to the verifier and maps the answer", async () => {
    const challenge = fakeChallenge("good-token");
    const auth = authenticator([PIPELINE_A], challenge);
    expect(await auth.verifyChallenge("good-token", "203.0.113.9")).toEqual({ ok: true });
    expect(await auth.verifyChallenge("bad-token", "203.0.113.9")).toEqual({
      ok: false,
      status: 403,
      error: "Verification failed. Please retry.",
    });
    expect(await auth.verifyChallenge(undefined, "203.0.113.9")).toMatchObject({ ok: false, status: 403 });
    expect(challenge.calls).toEqual([
      ["good-token", "203.0.113.9"],
      ["bad-token", "203.0.113.9"],
      [undefined, "203.0.113.9"],
    ]);
  });

  test("a verifier that throws is a refusal", async () => {
    const throwing: ChallengeVerifier = {
      kind: "turnstile",
      issue: async () => null,
      verify: async () => {
        throw new Error("boom");
      },
    };
    expect(await authenticator([], throwing).verifyChallenge("t", "::1")).toMatchObject({ ok: false, status: 403 });
  });
});
