import type { Authenticator } from "../auth/authenticate.ts";
import type { PastedAddress, PastedMarkup } from "../analyzers/schema/check-pasted.ts";
import type { PastedKind } from "../analyzers/schema/detect-pasted.ts";
import type { SchemaResult } from "../analyzers/schema/record-schema.ts";
import { checkLimitRules } from "../limits/check-limit-rules.ts";
import { rateLimitHeaders } from "../limits/rate-limit-headers.ts";
import { consumeRateLimits } from "../limits/rate-limiter.ts";
import type { ScanLimits } from "../limits/scan-limit-rules.ts";
import type { Db } from "../store/database.ts";
import type { ParsedBody } from "./scan-api.ts";
import { identifyCaller } from "./identify-caller.ts";
import { checkedText, validateCheckRequestBody } from "./check-request-body.ts";
import type { CheckOutcome } from "./check-in-thread.ts";
import type { CheckOutputRequest } from "./check-thread-messages.ts";

/**
 * POST /api/check and the paste form: a one-off check of pasted markup, under the limits of a fresh
 * scan. Authenticate (as POST /api/scan) → validate → size (FETCH_MAX_BYTES, as a fetched page) →
 * rate limit (the caller's own `check-` bucket) → analyse. Nothing is fetched and nothing is stored:
 * pasted markup has no domain to keep a record under.
 */

export interface CheckApiDeps {
  authenticator: Authenticator;
  db: Db;
  limits: ScanLimits;
  now: () => number;
  /** FETCH_MAX_BYTES: no more is read of a fetched page, so no more is taken from a paste. */
  maxBytes: number;
  /** The analysis itself, off the serving thread (check-in-thread.ts), answering with the result serialised as asked. */
  analyse: (pasted: PastedMarkup, output?: CheckOutputRequest) => Promise<CheckOutcome>;
}

/** The body of a 200 from POST /api/check, as the check thread serialises it, and what the paste page renders. */
export interface CheckedMarkup {
  input: PastedKind;
  checkedAt: string;
  result: SchemaResult;
  /** The address the page was taken to have, and the notice asking for one when it states none (check-pasted.ts). */
  address: PastedAddress;
}

export type CheckApiAnswer =
  /** `body`: the 200's JSON (a CheckedMarkup), or the paste page's HTML when `output` asked for it; UTF-8, made in the check thread. */
  | { status: 200; body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }
  | { status: 400 | 401 | 403 | 413 | 503; error: string; hint?: string; headers: Record<string, string> }
  | { status: 429; error: string; retryAfterSeconds: number; headers: Record<string, string> };

const MAX_URL_CHARS = 2048;

/** The JSON request body may hold the pasted text escaped (quotes, backslashes, newlines), so it may be up to twice as long. */
export function maxCheckBodyBytes(maxBytes: number): number {
  return 2 * maxBytes + 16 * 1024;
}

export async function handleCheckApi(
  deps: CheckApiDeps,
  input: { authorization: string | null; body: ParsedBody; clientIp: string; output?: CheckOutputRequest },
): Promise<CheckApiAnswer> {
  const who = await identifyCaller(deps.authenticator, input);
  if (!who.ok) return who.status === 403 || who.hint ? { status: who.status, error: who.error, hint: who.hint, headers: {} } : refusal(who.status, who.error);
  const caller = who.caller;

  if (!input.body.ok) return refusal(input.body.status, input.body.error);
  const body = validateCheckRequestBody(input.body.value);
  if (!body.ok) return refusal(400, body.error);
  const given = (["html", "jsonld", "markup"] as const).filter((field) => body.value[field] !== undefined);
  if (given.length !== 1) return refusal(400, "Send exactly one of html, jsonld and markup: the markup to check.");
  const field = given[0]!;
  const text = checkedText(body.value[field]!);
  if (text.trim() === "") return refusal(400, "Nothing to check: the pasted markup is empty.");
  const url = body.value.url;
  if (url !== undefined && !isPageUrl(url)) return refusal(400, "url must be an http or https URL of at most 2048 characters.");
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > deps.maxBytes) {
    return refusal(413, `The pasted markup is ${bytes} bytes; at most ${deps.maxBytes} bytes are checked (FETCH_MAX_BYTES, as for a fetched page).`);
  }

  const decision = await consumeRateLimits(deps.db, checkLimitRules(caller, input.clientIp, deps.limits), deps.now());
  const headers = rateLimitHeaders(decision.states);
  if (!decision.ok) {
    const { limit, windowSeconds } = decision.refused;
    const scope = caller.kind === "key" ? "with this API key" : "from your address";
    const per = windowSeconds === 3600 ? "per hour" : `per ${windowSeconds} seconds`;
    const seconds = decision.retryAfterSeconds === 1 ? "second" : "seconds";
    const error = `Rate limit exceeded: at most ${limit} ${limit === 1 ? "check" : "checks"} of pasted markup ${scope} ${per}. Try again in ${decision.retryAfterSeconds} ${seconds}.`;
    return { status: 429, error, retryAfterSeconds: decision.retryAfterSeconds, headers: { ...headers, "retry-after": String(decision.retryAfterSeconds) } };
  }

  const kind = field === "markup" ? undefined : field;
  const checked = await deps.analyse({ text, kind, url }, input.output);
  if (!checked.ok) return { status: 503, error: checked.error, headers: "busy" in checked ? { ...headers, "retry-after": "60" } : headers };
  return { status: 200, body: checked.body, headers };
}

function isPageUrl(value: string): boolean {
  if (value.length > MAX_URL_CHARS || !URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === "http:" || protocol === "https:";
}

function refusal(status: 400 | 401 | 413, error: string): CheckApiAnswer {
  return { status, error, headers: {} };
}
