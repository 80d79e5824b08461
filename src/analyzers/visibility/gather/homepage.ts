import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import type { GatherError, GatherErrorCode, HomepageArtifact, HomepageFailure } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";

/** Errors that mean "this host could not be reached": worth trying the next candidate. */
const HOST_UNREACHABLE: ReadonlySet<GatherErrorCode> = new Set(["dns", "connect", "tls", "timeout", "blocked-address"]);
/** Of those, the ones where plain http on the same name may still answer (a name that does not resolve won't). */
const WORTH_TRYING_HTTP: ReadonlySet<GatherErrorCode> = new Set(["connect", "tls", "timeout"]);
/** When the homepage failed with one of these, nothing on the site was reached: the scan fails. */
const SCAN_FAILING: ReadonlySet<GatherErrorCode> = new Set([...HOST_UNREACHABLE, "aborted", "internal"]);

const ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

/**
 * GET the homepage the way a visitor's browser would find it: https first, http when https does not
 * connect, and the www. name when the bare domain does not answer at all. Candidates run one after the
 * other because each is only tried when the previous one failed. Never throws.
 */
export async function gatherHomepage(context: Pick<ScanContext, "domain" | "fetcher" | "signal">): Promise<HomepageArtifact> {
  const failedAttempts: GatherError[] = [];
  for (const host of [context.domain, `www.${context.domain}`]) {
    for (const scheme of ["https", "http"]) {
      const requestedUrl = `${scheme}://${host}/`;
      try {
        const answered = await context.fetcher.fetch(requestedUrl, { signal: context.signal, headers: { accept: ACCEPT_HTML } });
        const firstStatus = answered.status;
        const response = firstStatus >= 500 ? await retryServerError(context, requestedUrl, answered) : answered;
        return {
          ok: true,
          requestedUrl,
          finalUrl: response.finalUrl,
          status: response.status,
          headers: response.headers,
          html: bodyText(response),
          bytesRead: response.body.byteLength,
          truncated: response.truncated,
          ...(response.overBudget ? { cutByBudget: true } : {}),
          redirects: response.redirects,
          timing: { ttfbMs: response.timing.ttfbMs, totalMs: response.timing.totalMs },
          failedAttempts,
          ...(firstStatus >= 500 ? { retried: { firstStatus, waitMs: SERVER_ERROR_RETRY_MS } } : {}),
        };
      } catch (caught) {
        const error = gatherErrorFrom(caught, requestedUrl);
        failedAttempts.push(error);
        // The site answered but the answer is broken (redirect loop, bad redirect target), or the scan ran out of time.
        if (!HOST_UNREACHABLE.has(error.code)) return { ok: false, error, failedAttempts };
        if (!WORTH_TRYING_HTTP.has(error.code)) break;
      }
    }
  }
  return { ok: false, error: failedAttempts[failedAttempts.length - 1]!, failedAttempts };
}

/** How long to wait before asking a homepage that answered 5xx once more: long enough for a restarting server or a brief overload. */
export const SERVER_ERROR_RETRY_MS = 1500;

/**
 * One more GET after a 5xx, after a short wait: a momentary server error should not stand as the site's
 * verdict. Returns the second answer, or the first when the retry itself failed.
 */
async function retryServerError<T>(context: Pick<ScanContext, "fetcher" | "signal">, url: string, first: T) {
  try {
    await abortableSleep(SERVER_ERROR_RETRY_MS, context.signal);
    // no-cache: past the scan's own cache (scan-fetch-cache.ts) and any cache in front of the server.
    return await context.fetcher.fetch(url, { signal: context.signal, headers: { accept: ACCEPT_HTML, "cache-control": "no-cache" } });
  } catch {
    return first;
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** True when the homepage answered a server error (5xx), also when asked once more: the site could not be scanned, so nothing is scored. */
export function homepageServerError(homepage: HomepageArtifact): boolean {
  return homepage.ok && homepage.status >= 500;
}

/** True when no candidate reached the site at all, so there is nothing to judge. */
export function homepageUnreachable(homepage: HomepageArtifact): homepage is HomepageFailure {
  return !homepage.ok && SCAN_FAILING.has(homepage.error.code);
}

/** Where site-wide files (robots.txt, later llms.txt and sitemaps) live: the origin the homepage answered from. */
export function siteOrigin(homepage: HomepageArtifact): string {
  return new URL(homepage.ok ? homepage.finalUrl : homepage.error.url).origin;
}
