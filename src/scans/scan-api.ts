import type { Authenticator } from "../auth/authenticate.ts";
import { validateScanRequestBody } from "./scan-request-body.ts";
import { identifyCaller } from "./identify-caller.ts";
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
  const who = await identifyCaller(deps.authenticator, input);
  if (!who.ok) {
    // The error text is fixed by the interface; `hint` (an added field) says what the caller lacks.
    if (who.status === 403 || who.hint) return { status: who.status, json: JSON.stringify({ error: who.error, hint: who.hint }), headers: {} };
    return error(who.status, who.error);
  }
  const caller = who.caller;

  if (!input.body.ok) return error(input.body.status, input.body.error);
  const body = validateScanRequestBody(input.body.value);
  if (!body.ok) return error(400, body.error);

  const outcome = await startScan(deps, {
    url: body.value.url,
    forceRescan: body.value.forceRescan ?? false,
    ...(body.value.pages !== undefined ? { pages: body.value.pages } : {}),
    caller,
    clientIp: input.clientIp,
  });
  switch (outcome.kind) {
    case "cached":
      return { status: 200, json: outcome.recordJson, headers: {} };
    case "started":
      return { status: 202, json: JSON.stringify(startedBody(deps, outcome.domain, outcome.page)), headers: outcome.headers };
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

/**
 * The 202 body: `{domain}` as the interface gives it; where records are kept per page (the schema
 * service), also `url`, the page whose record to poll for (`?url=` on the report), since the domain's
 * latest record may be another page's.
 */
function startedBody(deps: ScanApiDeps, domain: string, page: string | null): { domain: string; url?: string } {
  return deps.perPage ? { domain, url: page ?? `https://${domain}/` } : { domain };
}

function error(status: ScanApiAnswer["status"], message: string): ScanApiAnswer {
  return { status, json: JSON.stringify({ error: message }), headers: {} };
}
