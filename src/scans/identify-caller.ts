import type { Authenticator } from "../auth/authenticate.ts";
import type { Caller } from "../types/caller.ts";
import type { ParsedBody } from "./scan-api.ts";

/**
 * Who is asking, for the endpoints that start work (POST /api/scan, POST /api/check): an Authorization
 * header must carry a valid key or pipeline token (401 otherwise); without one, the browser challenge
 * answer in the body is the credential (403 when it is missing or wrong, with a hint naming both ways).
 */
export type CallerIdentification =
  | { ok: true; caller: Caller }
  | { ok: false; status: 401; error: string; hint?: string }
  | { ok: false; status: 403; error: string; hint: string };

export async function identifyCaller(
  authenticator: Authenticator,
  input: { authorization: string | null; body: ParsedBody; clientIp: string },
): Promise<CallerIdentification> {
  const identified = await authenticator.identify(input.authorization);
  if (identified) {
    if (identified.ok) return { ok: true, caller: identified.caller };
    return { ok: false, status: identified.status, error: identified.error, ...(identified.hint ? { hint: identified.hint } : {}) };
  }
  // No Authorization header: the browser challenge is the credential, and it travels in the body.
  const token = input.body.ok ? challengeTokenOf(input.body.value) : undefined;
  const verified = await authenticator.verifyChallenge(token, input.clientIp);
  if (!verified.ok) return { ok: false, status: 403, error: verified.error, hint: verificationHint(token) };
  return { ok: true, caller: { kind: "challenge" } };
}

/** Scripts that forgot the key are the common case: name both credentials and where a key comes from. */
export function verificationHint(token: unknown): string {
  const credentials =
    "Send an API key as `Authorization: Bearer <key>` (create one at /account or with `sightline keys create <name>`), " +
    "or, from a browser, a solved challenge from GET /api/challenge as challengeToken.";
  return token === undefined || token === null || token === ""
    ? `No API key and no challenge answer were sent. ${credentials}`
    : `The challenge answer was invalid, expired or already used: each one is accepted once. ${credentials}`;
}

function challengeTokenOf(body: unknown): unknown {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).challengeToken : undefined;
}
