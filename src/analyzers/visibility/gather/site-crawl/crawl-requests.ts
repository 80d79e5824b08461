import { FetchError, type FetchOptions, type FetchResult, type SafeFetcher } from "../../../../net/fetch-types.ts";
import type { GatherError } from "../artifacts.ts";
import { gatherErrorFrom } from "../gather-error.ts";
import type { CrawlCut } from "../site-crawl-artifact.ts";
import type { CrawlLimiter } from "./crawl-limiter.ts";

/** What one request of the crawl came to: a response, a cut (a budget ran out or the deadline came), or an error. */
export type Requested =
  | { ok: true; response: FetchResult; ms: number; cut: "bytes" | null }
  | { ok: false; cut: CrawlCut }
  | { ok: false; error: GatherError };

/**
 * Every request the crawl sends goes through here: the per-host limiter, then the request budget and the
 * byte budget, then the scan's fetcher with its deadline. A request that would pass a budget is not sent;
 * its body may read only what the byte budget has left (bytes are held back while a body is read, and what
 * it did not use is given back), so the crawl reads no more than its budget whatever its concurrency.
 */
export class CrawlRequests {
  requests = 0;
  bytes = 0;
  /** The first budget or deadline that stopped a request, or null. */
  cut: CrawlCut | null = null;
  private held = 0;
  /** The scan's own byte budget (SCAN_MEMORY_MB) ran out: a body would read nothing, so no request is sent. */
  private scanBudgetSpent = false;

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly limiter: CrawlLimiter,
    readonly limits: { requests: number; bytes: number },
    readonly signal: AbortSignal,
  ) {}

  get requestsLeft(): number {
    return this.limits.requests - this.requests;
  }

  async get(url: string, options: FetchOptions & { maxBytes: number }): Promise<Requested> {
    // A spent budget answers at once: a request that will not be sent must not wait its turn (a Crawl-delay apart).
    if (this.signal.aborted) return this.stop("deadline");
    if (this.requests >= this.limits.requests) return this.stop("requests");
    if (this.bytes >= this.limits.bytes || this.scanBudgetSpent) return this.stop("bytes");
    const outcome = await this.limiter.run(() => this.send(url, options));
    return outcome ?? this.stop("deadline");
  }

  /** A SafeFetcher for the probes: through the same limiter and budgets; a request past them fails as "aborted". */
  probeFetcher(maxBytes: number): SafeFetcher {
    return {
      fetch: async (url, options = {}) => {
        const outcome = await this.get(url, { ...options, maxBytes: Math.min(options.maxBytes ?? maxBytes, maxBytes) });
        // A probe keeps a few facts of its response and none of its body (gather/probes.ts), read as soon as it returns.
        if (outcome.ok) return this.released(outcome.response);
        if ("cut" in outcome) throw new FetchError("aborted", `The crawl's ${outcome.cut === "deadline" ? "deadline came" : `${outcome.cut} budget ran out`} before ${url} was probed.`, url);
        throw new FetchError(outcome.error.code === "skipped" || outcome.error.code === "internal" ? "aborted" : outcome.error.code, outcome.error.message, url);
      },
    };
  }

  /**
   * The crawl has read what it keeps of a response: its body no longer counts against the scan's byte budget
   * (which bounds what the scan holds); it still counts against the crawl's own (which bounds what it reads).
   */
  released(response: FetchResult): FetchResult {
    this.fetcher.release?.(response);
    return response;
  }

  private async send(url: string, options: FetchOptions & { maxBytes: number }): Promise<Requested> {
    if (this.signal.aborted) return this.stop("deadline");
    if (this.requests >= this.limits.requests) return this.stop("requests");
    const allowance = Math.min(options.maxBytes, this.limits.bytes - this.bytes - this.held);
    if (allowance <= 0 || this.scanBudgetSpent) return this.stop("bytes");
    this.requests++;
    this.held += allowance;
    const started = performance.now();
    try {
      const response = await this.fetcher.fetch(url, { ...options, maxBytes: allowance, signal: this.signal });
      this.bytes += response.body.byteLength;
      // Cut by what the crawl had left, or by the scan's own byte budget (SCAN_MEMORY_MB), not by the page's size cap.
      const byBudget = response.truncated && (allowance < options.maxBytes || response.overBudget === true);
      if (byBudget) this.cut ??= "bytes";
      if (response.overBudget) this.scanBudgetSpent = true;
      return { ok: true, response, ms: Math.round(performance.now() - started), cut: byBudget ? "bytes" : null };
    } catch (caught) {
      if (this.signal.aborted) return this.stop("deadline");
      return { ok: false, error: gatherErrorFrom(caught, url) };
    } finally {
      this.held -= allowance;
    }
  }

  private stop(cut: CrawlCut): Requested {
    this.cut ??= cut;
    return { ok: false, cut };
  }
}
