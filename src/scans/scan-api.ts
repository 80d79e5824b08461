import type { Authenticator } from "../auth/authenticate.ts";
import { validateScanRequestBody } from "./scan-request-body.ts";
import type { Caller } from "../types/caller.ts";
import { startScan, type StartScanDeps } from "./start-scan.ts";

/**
 * POST /api/scan, as the interface orders it: authenticate → validate the body → normalise →
 * fresh record → join → limits → enqueue. Returns a transport-neutral answer the route sends as is.
 */

export interface ScanApiDeps extends StartScanDeps {
  authenticator: Authenticator;
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; error: string };

export interface ScanApiAnswer {
  status: 200 | 202 | 400 | 401 | 403 | 413 | 429;
  /** The JSON text of the body. */
  json: string;
  headers: Record<string, string>;
}

export async function handleScanApi(
  deps: ScanApiDeps,
  input: { authorization: string | null; body: ParsedBody; clientIp: string },
): Promise<ScanApiAnswer> {
  const identified = await deps.authenticator.identify(input.authorization);
  if (identified && !identified.ok) return error(identified.status, identified.error);

  let caller: Caller;
  if (identified) {
    caller = identified.caller;
  } else {
    // No Authorization header: the browser challenge is the credential, and it travels in the body.
    const token = input.body.ok ? challengeTokenOf(input.body.value) : undefined;
    const verified = await deps.authenticator.verifyChallenge(token, input.clientIp);
    // The error text is fixed by the interface; `hint` (an added field) says what the caller lacks.
    if (!verified.ok) return { status: 403, json: JSON.stringify({ error: verified.error, hint: verificationHint(token) }), headers: {} };
    caller = { kind: "challenge" };
  }

  if (!input.body.ok) return error(input.body.status, input.body.error);
  const body = validateScanRequestBody(input.body.value);
  if (!body.ok) return error(400, body.error);

  const outcome = await startScan(deps, {
    url: body.value.url,
    forceRescan: body.value.forceRescan ?? false,
    caller,
    clientIp: input.clientIp,
  });
  switch (outcome.kind) {
    case "cached":
      return { status: 200, json: outcome.recordJson, headers: {} };
    case "started":
      return { status: 202, json: JSON.stringify({ domain: outcome.domain }), headers: outcome.headers };
    case "invalid":
      return error(400, outcome.error);
    case "limited":
      return {
        status: 429,
        json: JSON.stringify({ error: outcome.error, retryAfterSeconds: outcome.retryAfterSeconds }),
        headers: { ...outcome.headers, "retry-after": String(outcome.retryAfterSeconds) },
      };
  }
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

function error(status: ScanApiAnswer["status"], message: string): ScanApiAnswer {
  return { status, json: JSON.stringify({ error: message }), headers: {} };
}
