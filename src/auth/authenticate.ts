import type { Db } from "../store/database.ts";
import { verifyApiKey } from "./api-key-service.ts";
import { bearerTokenOf } from "./bearer-token.ts";
import type { ChallengeVerifier } from "./challenge.ts";
import { createPipelineTokenMatcher } from "./pipeline-tokens.ts";
import type { Caller } from "../types/caller.ts";

/**
 * Who is calling the scan API. An Authorization header, when present, must carry a valid API key
 * or pipeline token (401 otherwise); without one, the browser challenge is the credential (403).
 */

/** A credential names one of two callers: the operator's pipeline, or the holder of an API key. */
export type Identified = { ok: true; caller: Extract<Caller, { kind: "key" }> | { kind: "pipeline" } } | { ok: false; status: 401; error: "Unauthorized"; hint?: string };
export type ChallengeOutcome = { ok: true } | { ok: false; status: 403; error: "Verification failed. Please retry." };

export interface Authenticator {
  /** Null when there is no Authorization header: the caller must then pass the challenge. */
  identify(authorization: string | null): Promise<null | Identified>;
  verifyChallenge(token: unknown, clientIp: string): Promise<ChallengeOutcome>;
}

export interface AuthenticatorDeps {
  db: Db;
  keyPrefix: string;
  pipelineTokens: readonly string[];
  challenge: ChallengeVerifier;
  now?: () => number;
}

const UNAUTHORIZED = { ok: false, status: 401, error: "Unauthorized" } as const;
const VERIFICATION_FAILED = { ok: false, status: 403, error: "Verification failed. Please retry." } as const;

// The `error` text of a 401 is fixed by the interface; `hint` (an added field) says why, where the reason is
// safe to tell: a revoked key, or a key of the other service (issue 28). An unknown key gets no hint.
const REVOKED_HINT = "This API key was revoked. Create a new one at /account, or with `sightline keys create <name>`.";
/** The default key prefixes of the two services (config.ts KEY_PREFIX): a key of one sent to the other. */
const SERVICE_KEY_PREFIXES: Record<string, string> = { aivis_: "the AI visibility scanner", schema_: "the schema markup generator" };

function otherServiceOf(token: string, ownStart: string): string | null {
  const entry = Object.entries(SERVICE_KEY_PREFIXES).find(([start]) => start !== ownStart && token.startsWith(start));
  return entry ? entry[1] : null;
}

function otherServiceHint(service: string): string {
  return `This looks like an API key of ${service}, another sightline service: a key works only with the service that issued it. Create one for this service at /account.`;
}

export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  const now = deps.now ?? Date.now;
  const matchesPipelineToken = createPipelineTokenMatcher(deps.pipelineTokens);
  const keyStart = `${deps.keyPrefix}_`;

  return {
    async identify(authorization) {
      if (authorization === null) return null;
      const token = bearerTokenOf(authorization);
      if (token === null) return UNAUTHORIZED;
      if (token.startsWith(keyStart)) {
        const verified = await verifyApiKey(deps.db, deps.keyPrefix, token, now());
        if (verified.ok) return { ok: true, caller: { kind: "key", keyId: verified.keyId } };
        return verified.revoked ? { ...UNAUTHORIZED, hint: REVOKED_HINT } : UNAUTHORIZED;
      }
      if (matchesPipelineToken(token)) return { ok: true, caller: { kind: "pipeline" } };
      const other = otherServiceOf(token, keyStart);
      return other ? { ...UNAUTHORIZED, hint: otherServiceHint(other) } : UNAUTHORIZED;
    },

    async verifyChallenge(token, clientIp) {
      try {
        return (await deps.challenge.verify(token, clientIp)) ? { ok: true } : VERIFICATION_FAILED;
      } catch {
        // Fail closed: a verifier fault must not let an unverified request through.
        return VERIFICATION_FAILED;
      }
    },
  };
}
