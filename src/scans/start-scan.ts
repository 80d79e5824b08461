import type { Db } from "../store/database.ts";
import { latestScan } from "../store/scans-repo.ts";
import type { Caller } from "../types/caller.ts";
import type { ConnectToRule } from "../net/connect-to.ts";
import type { Lookup } from "../net/resolve-host.ts";
import { consumeRateLimits, type LimitState } from "../limits/rate-limiter.ts";
import { scanLimitRules } from "../limits/scan-limit-rules.ts";
import { rateLimitHeaders } from "../limits/rate-limit-headers.ts";
import { enqueueScan, findActiveJob } from "./queue.ts";
import { normalizeTarget } from "./normalize-target.ts";
import { checkTargetResolves } from "./resolve-target.ts";
import { pageBudgetFor, type PageBudgets } from "./page-budget.ts";

/**
 * The part of the scan request flow shared by every entry point (HTTP API, web form, MCP):
 * normalise → fresh record → join an in-flight scan → rate limits → enqueue. Authentication and body
 * parsing happen before, in the entry point.
 */

export interface StartScanDeps {
  db: Db;
  cacheTtlSeconds: number;
  limits: { perIpPerHour: number; perDomainPerHour: number; perKeyPerHour: number };
  connectTo: ConnectToRule[];
  lookup?: Lookup;
  /**
   * True for the schema service: records, the 24-hour cache and joins are per page URL (the homepage
   * being one page). Otherwise (visibility) they are per domain and jobs carry no URL.
   */
  perPage?: boolean;
  /**
   * Site-wide scans (visibility): each caller kind's default and maximum page budget (SCAN_PAGES_*).
   * Absent: jobs carry no budget (the analyzer's default) unless the request names one.
   */
  pageBudgets?: PageBudgets;
  /** Pokes the worker so that a new job starts without waiting for its idle poll. */
  wakeWorker: () => void;
  now: () => number;
}

export interface StartScanRequest {
  url: unknown;
  forceRescan: boolean;
  caller: Caller;
  clientIp: string;
  /** The page budget asked for (site-wide scans); undefined: the caller's default. */
  pages?: number;
}

/** `page`: the page the record is kept under (null: the homepage, and always for per-domain services). */
export type StartScanOutcome =
  | { kind: "cached"; domain: string; page: string | null; recordJson: string }
  | { kind: "started"; domain: string; page: string | null; joined: boolean; headers: Record<string, string> }
  | { kind: "invalid"; error: string }
  | { kind: "limited"; error: string; retryAfterSeconds: number; headers: Record<string, string> };

export async function startScan(deps: StartScanDeps, request: StartScanRequest): Promise<StartScanOutcome> {
  const target = normalizeTarget(request.url);
  if (!target.ok) return { kind: "invalid", error: target.error };
  const { domain } = target;
  const page = deps.perPage ? targetUrlOf(request.url) : null;
  const budget = pageBudgetOf(deps, request);
  if (!budget.ok) return { kind: "invalid", error: budget.error };
  const pages = budget.pages;

  if (!request.forceRescan) {
    const cached = await freshRecord(deps, domain, page, pages, request.pages);
    if (cached) return { kind: "cached", domain, page, recordJson: cached };
  }
  // A scan already queued or running answers every caller at no cost: no DNS, no limits.
  if (await activeJob(deps, domain, page)) return { kind: "started", domain, page, joined: true, headers: {} };

  const resolves = await checkTargetResolves(domain, { connectTo: deps.connectTo, lookup: deps.lookup });
  if (!resolves.ok) return { kind: "invalid", error: resolves.error };

  const outcome = await admitAndEnqueue(deps, domain, page, pages, request);
  if (outcome.kind === "started" && !outcome.joined) deps.wakeWorker();
  return outcome;
}

/**
 * Per page for per-page services (the homepage is `null`); per domain (any page) otherwise. A record
 * scanned with fewer pages than the request's budget is not fresh for it. A record from before budgets
 * (it read the homepage and a few pages) still serves requests that name no `pages`, as it did, but
 * not one that asks for more than one page.
 */
async function freshRecord(deps: StartScanDeps, domain: string, page: string | null, pages: number | null, asked: number | undefined): Promise<string | null> {
  const latest = await latestScan(deps.db, domain, deps.perPage ? page : undefined);
  if (!latest) return null;
  if (!coversBudget(latest.pagesBudget ?? null, pages, asked)) return null;
  return deps.now() - latest.scannedAt < deps.cacheTtlSeconds * 1000 ? latest.recordJson : null;
}

function coversBudget(stored: number | null, pages: number | null, asked: number | undefined): boolean {
  if (pages === null) return true;
  if (stored === null) return asked === undefined || asked <= 1;
  return stored >= pages;
}

/** The page budget the scan runs with; null for single-page services, which refuse a `pages` field. */
function pageBudgetOf(deps: StartScanDeps, request: StartScanRequest): { ok: true; pages: number | null } | { ok: false; error: string } {
  if (deps.perPage) {
    return request.pages === undefined ? { ok: true, pages: null } : { ok: false, error: "pages applies to site-wide scans of the visibility service; this service reads one page." };
  }
  if (!deps.pageBudgets) return { ok: true, pages: request.pages ?? null };
  return pageBudgetFor(deps.pageBudgets, request.caller, request.pages);
}

/**
 * Joining, limiting and enqueueing happen in one exclusive transaction, so two requests racing for
 * the same domain (on any instance) cannot both spend a rate-limit slot: the second one sees the first
 * one's job and joins.
 */
function activeJob(deps: StartScanDeps, domain: string, page: string | null) {
  return findActiveJob(deps.db, domain, deps.perPage ? page : undefined);
}

function admitAndEnqueue(deps: StartScanDeps, domain: string, page: string | null, pages: number | null, request: StartScanRequest): Promise<StartScanOutcome> {
  return deps.db.exclusive(async (): Promise<StartScanOutcome> => {
    if (await activeJob(deps, domain, page)) return { kind: "started", domain, page, joined: true, headers: {} };
    const now = deps.now();
    const rules = scanLimitRules(request.caller, request.clientIp, domain, deps.limits);
    const decision = await consumeRateLimits(deps.db, rules, now);
    if (!decision.ok) {
      return {
        kind: "limited",
        error: refusalMessage(decision.refused, decision.retryAfterSeconds),
        retryAfterSeconds: decision.retryAfterSeconds,
        headers: rateLimitHeaders(decision.states),
      };
    }
    // One job, one slot in each bucket, however many pages it reads.
    await enqueueScan(deps.db, domain, request.caller, now, page, pages);
    return { kind: "started", domain, page, joined: false, headers: rateLimitHeaders(decision.states) };
  });
}

/**
 * The page asked for, for services that analyse one page (schema): http(s), host normalised by the URL
 * parser (lowercase, punycode, no trailing dot, no default port), path and query kept, fragment dropped.
 * Null for a bare domain or its root, which means "the homepage" (and lets the analyzer try www. and http).
 */
export function targetUrlOf(input: unknown): string | null {
  const target = normalizeTarget(input);
  if (!target.ok) return null;
  const url = new URL(target.url);
  return url.pathname === "/" && url.search === "" ? null : url.href;
}

const BUCKET_NAMES: Record<string, string> = {
  ip: "from your address",
  domain: "of this domain",
  key: "with this API key",
};

function refusalMessage(refused: LimitState, retryAfterSeconds: number): string {
  const scope = BUCKET_NAMES[refused.name] ?? `in the ${refused.name} bucket`;
  const hours = refused.windowSeconds === 3600 ? "per hour" : `per ${refused.windowSeconds} seconds`;
  const scans = refused.limit === 1 ? "fresh scan" : "fresh scans";
  const seconds = retryAfterSeconds === 1 ? "second" : "seconds";
  return `Rate limit exceeded: at most ${refused.limit} ${scans} ${scope} ${hours}. Try again in ${retryAfterSeconds} ${seconds}.`;
}
