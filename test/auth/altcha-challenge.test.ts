import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { ALTCHA_HMAC_KEY_SETTING } from "../../src/auth/altcha-hmac-key.ts";
import { ALTCHA_CHALLENGE_TTL_MS, DEFAULT_ALTCHA_WORK, type AltchaWork } from "../../src/auth/altcha-verifier.ts";
import { createChallengeVerifier, type ChallengeVerifier } from "../../src/auth/challenge.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { getSetting } from "../../src/store/settings-repo.ts";
import { countUsedChallenges } from "../../src/store/used-challenges-repo.ts";

/** Trivial work so that solving takes milliseconds; the default is checked separately. */
const EASY: AltchaWork = { cost: 1, counterMin: 1, counterMax: 40 };
const IP = "198.51.100.7";

let db: Db;
let clock: number;

async function verifier(database = db, env: Record<string, string> = {}): Promise<ChallengeVerifier> {
  return createChallengeVerifier(database, loadConfig(env), { now: () => clock, altchaWork: EASY });
}

/** What the widget does: solve the challenge and post base64(JSON({ challenge, solution })). */
async function solve(challenge: Challenge): Promise<{ challenge: Challenge; solution: { counter: number; derivedKey: string } }> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error("could not solve the test challenge");
  return { challenge: { parameters: challenge.parameters, signature: challenge.signature! }, solution };
}

function encode(payload: unknown): string {
  return btoa(JSON.stringify(payload));
}

async function issueAndSolve(v: ChallengeVerifier) {
  return solve((await v.issue()) as Challenge);
}

beforeEach(() => {
  db = openDatabase(":memory:");
  // Real time: altcha-lib also checks expiry against the wall clock.
  clock = Date.now();
});

afterEach(async () => {
  await db.close();
});

describe("ALTCHA issue", () => {
  test("the default challenge is signed, expires in ten minutes and costs real work", async () => {
    const v = await createChallengeVerifier(db, loadConfig({}), { now: () => clock });
    expect(v.kind).toBe("altcha");
    const challenge = (await v.issue()) as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(challenge.parameters.cost).toBe(DEFAULT_ALTCHA_WORK.cost);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBe(Math.floor((clock + ALTCHA_CHALLENGE_TTL_MS) / 1000));
    // Round-trips through JSON, as the route sends it.
    expect(JSON.parse(JSON.stringify(challenge))).toEqual(challenge);
  });
});

describe("ALTCHA verify", () => {
  test("a solution is accepted once; the replay is refused", async () => {
    const v = await verifier();
    const token = encode(await issueAndSolve(v));
    expect(await v.verify(token, IP)).toBe(true);
    expect(await v.verify(token, IP)).toBe(false);
    expect(await countUsedChallenges(db)).toBe(1);
  });

  test("a replay is refused by another verifier on the same database too", async () => {
    const token = encode(await issueAndSolve(await verifier()));
    expect(await (await verifier()).verify(token, IP)).toBe(true);
    expect(await (await verifier()).verify(token, IP)).toBe(false);
  });

  test("tampered payloads are refused, and do not use up the challenge", async () => {
    const v = await verifier();
    const payload = await issueAndSolve(v);
    const flip = (hex: string) => (hex[0] === "a" ? "b" : "a") + hex.slice(1);

    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: flip(payload.solution.derivedKey) } };
    const longerLife = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, expiresAt: payload.challenge.parameters.expiresAt! + 3600 } },
    };
    const easierPrefix = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: "00" } },
    };
    const forgedSignature = { ...payload, challenge: { ...payload.challenge, signature: flip(payload.challenge.signature!) } };
    const unsigned = { ...payload, challenge: { parameters: payload.challenge.parameters } };
    for (const tampered of [wrongKey, longerLife, easierPrefix, forgedSignature, unsigned]) {
      expect(await v.verify(encode(tampered), IP)).toBe(false);
    }
    expect(await countUsedChallenges(db)).toBe(0);
    expect(await v.verify(encode(payload), IP)).toBe(true);
  });

  test("a challenge signed with another key is refused", async () => {
    const other = openDatabase(":memory:");
    const token = encode(await issueAndSolve(await verifier(other)));
    expect(await (await verifier()).verify(token, IP)).toBe(false);
    await other.close();
  });

  test("an expired challenge is refused", async () => {
    const v = await verifier();
    const issuedAt = clock;
    const late = encode(await issueAndSolve(v));
    const inTime = encode(await issueAndSolve(v));
    clock = issuedAt + ALTCHA_CHALLENGE_TTL_MS + 1_000;
    expect(await v.verify(late, IP)).toBe(false);
    clock = issuedAt + ALTCHA_CHALLENGE_TTL_MS - 2_000;
    expect(await v.verify(inTime, IP)).toBe(true);
  });

  test("garbage tokens are refused without throwing", async () => {
    const v = await verifier();
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      {},
      [],
      "",
      "not base64!",
      "%%%%",
      btoa("not json"),
      btoa("[]"),
      btoa("null"),
      encode({ challenge: null, solution: null, test: true }),
      encode({ challenge: { parameters: {}, signature: "00" }, solution: { counter: 1, derivedKey: "00" } }),
      encode({ challenge: { parameters: { expiresAt: "soon" }, signature: "00" }, solution: { counter: 1, derivedKey: "00" } }),
      encode({
        challenge: { parameters: { expiresAt: Math.floor(clock / 1000) + 60, algorithm: "NOPE", nonce: "zz", salt: "zz" }, signature: "00" },
        solution: { counter: -1, derivedKey: "zz" },
      }),
    ];
    for (const token of garbage) {
      expect({ token, verified: await v.verify(token, IP) }).toEqual({ token, verified: false });
    }
  });

  test("an over-long token is refused even when it holds a valid solution", async () => {
    const v = await verifier();
    const payload = await issueAndSolve(v);
    const padded = encode({ ...payload, padding: "x".repeat(4096) });
    expect(await v.verify(padded, IP)).toBe(false);
    // The same solution without the padding is fine, so the length alone refused it.
    expect(await v.verify(encode(payload), IP)).toBe(true);
  });
});

describe("ALTCHA HMAC key", () => {
  test("is generated once, kept in settings, and shared by a second verifier", async () => {
    const first = await verifier();
    const stored = await getSetting(db, ALTCHA_HMAC_KEY_SETTING);
    expect(stored).not.toBeNull();
    expect(Buffer.from(stored!, "base64")).toHaveLength(32);

    const second = await verifier();
    expect(await getSetting(db, ALTCHA_HMAC_KEY_SETTING)).toBe(stored);
    expect(await second.verify(encode(await issueAndSolve(first)), IP)).toBe(true);
  });

  test("ALTCHA_HMAC_KEY, when set, is used and nothing is stored", async () => {
    const env = { ALTCHA_HMAC_KEY: "a-configured-secret-of-32-characters!" };
    const other = openDatabase(":memory:");
    const token = encode(await issueAndSolve(await verifier(other, env)));
    expect(await getSetting(db, ALTCHA_HMAC_KEY_SETTING)).toBeNull();
    expect(await (await verifier(db, env)).verify(token, IP)).toBe(true);
    expect(await getSetting(db, ALTCHA_HMAC_KEY_SETTING)).toBeNull();
    await other.close();
  });
});
