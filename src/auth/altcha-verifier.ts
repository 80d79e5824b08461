import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Db } from "../store/database.ts";
import { markChallengeUsed } from "../store/used-challenges-repo.ts";
import type { ChallengeVerifier } from "./challenge.ts";

/**
 * ALTCHA proof of work (altcha-lib v2, the format the `altcha` 3.x widget speaks).
 *
 * Challenges are issued in altcha-lib's deterministic mode: the server picks the counter, so the
 * challenge carries an HMAC of the expected key and verifying costs one HMAC instead of a key
 * derivation; a flood of bogus solutions cannot make the server do the work it asks of browsers.
 * The widget posts `base64(JSON({ challenge, solution }))`.
 */

export interface AltchaWork {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from [counterMin, counterMax]; the browser tries counters from 0 up. */
  counterMin: number;
  counterMax: number;
}

/**
 * About a second in a browser: PBKDF2-SHA-256 with 5000 iterations takes roughly 1 ms per attempt,
 * ~1750 attempts on average, spread over the widget's web workers.
 */
export const DEFAULT_ALTCHA_WORK: AltchaWork = { cost: 5_000, counterMin: 1_000, counterMax: 2_500 };
export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60_000;
/** A real payload is well under 1 KiB; anything much larger is not one. */
export const MAX_ALTCHA_TOKEN_LENGTH = 4096;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export interface AltchaVerifierDeps {
  db: Db;
  hmacKey: string;
  now: () => number;
  work?: AltchaWork;
}

interface SubmittedPayload {
  challenge: Challenge & { signature: string; parameters: Challenge["parameters"] & { expiresAt: number } };
  solution: Solution;
}

export function createAltchaVerifier(deps: AltchaVerifierDeps): ChallengeVerifier {
  const work = deps.work ?? DEFAULT_ALTCHA_WORK;
  // A separate secret for the key signature, derived so that one configured secret is enough.
  const keySignatureSecret = encodeHexLowerCase(
    hmac(SHA256, new TextEncoder().encode(deps.hmacKey), new TextEncoder().encode("altcha key signature")),
  );

  return {
    kind: "altcha",

    async issue() {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: work.cost,
        counter: randomInt(work.counterMax, work.counterMin),
        deriveKey,
        expiresAt: Math.floor((deps.now() + ALTCHA_CHALLENGE_TTL_MS) / 1000),
        hmacSignatureSecret: deps.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) return false;
      const expiresAtMs = payload.challenge.parameters.expiresAt * 1000;
      // altcha-lib checks expiry against the wall clock; this check uses ours (and tests' clocks).
      if (expiresAtMs <= deps.now()) return false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: deps.hmacKey,
          hmacKeySignatureSecret: keySignatureSecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      // The signature is unique per challenge and covered by the HMAC, so it names the challenge.
      return markChallengeUsed(deps.db, digestOf(payload.challenge.signature), expiresAtMs, deps.now());
    },
  };
}

/** The widget's payload, or null for anything that is not shaped like one. Never throws. */
function decodePayload(token: unknown): SubmittedPayload | null {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_ALTCHA_TOKEN_LENGTH) return null;
  if (!BASE64.test(token)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(token));
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null;
  const { challenge, solution } = parsed;
  if (!isRecord(challenge.parameters) || typeof challenge.signature !== "string") return null;
  if (typeof challenge.parameters.expiresAt !== "number" || !Number.isFinite(challenge.parameters.expiresAt)) return null;
  if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return null;
  return parsed as unknown as SubmittedPayload;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function digestOf(signature: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(signature)));
}
