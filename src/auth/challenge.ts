import type { Config } from "../config.ts";
import type { Db } from "../store/database.ts";
import { createAltchaVerifier, type AltchaWork } from "./altcha-verifier.ts";
import { resolveAltchaHmacKey } from "./altcha-hmac-key.ts";
import { createTurnstileVerifier } from "./turnstile-verifier.ts";

/**
 * The browser challenge that admits anonymous scans: ALTCHA proof of work by default, Cloudflare
 * Turnstile when configured. A solution is accepted once.
 */
export interface ChallengeVerifier {
  readonly kind: "altcha" | "turnstile";
  /** A fresh challenge for the ALTCHA widget; null for Turnstile, whose widget needs none from us. */
  issue(): Promise<object | null>;
  /** Never throws: anything malformed, expired, replayed or unreachable is simply false. */
  verify(token: unknown, clientIp: string): Promise<boolean>;
}

export interface ChallengeVerifierOptions {
  now?: () => number;
  fetch?: typeof fetch;
  /** Proof-of-work difficulty; tests make it trivial. */
  altchaWork?: AltchaWork;
  /** How long to wait for Turnstile's siteverify. */
  turnstileTimeoutMs?: number;
}

export async function createChallengeVerifier(db: Db, config: Config, options: ChallengeVerifierOptions = {}): Promise<ChallengeVerifier> {
  const now = options.now ?? Date.now;
  if (config.CHALLENGE === "turnstile") {
    // config.ts refuses CHALLENGE=turnstile without the secret, so this only guards a hand-built Config.
    if (!config.TURNSTILE_SECRET_KEY) throw new Error("CHALLENGE=turnstile needs TURNSTILE_SECRET_KEY.");
    return createTurnstileVerifier({
      secret: config.TURNSTILE_SECRET_KEY,
      verifyUrl: config.TURNSTILE_VERIFY_URL,
      fetch: options.fetch,
      timeoutMs: options.turnstileTimeoutMs,
    });
  }
  return createAltchaVerifier({
    db,
    hmacKey: await resolveAltchaHmacKey(db, config.ALTCHA_HMAC_KEY),
    now,
    work: options.altchaWork,
  });
}
