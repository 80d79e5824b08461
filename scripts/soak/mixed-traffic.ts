/**
 * The soak's traffic: request loops that each pick, again and again, a cache hit, a report read, an
 * HTML page, a bad request or an MCP call; a scan loop that starts a scan of a fixture site every
 * second; and a poller that watches the started scans for their records. Every response is counted
 * by kind and status; a 5xx, or a request that gets no response at all, is a failure.
 */
import type { ScanTracker } from "./scan-tracker.ts";

export type RequestKind = "scan" | "cache-hit" | "report" | "report-poll" | "page" | "bad-request" | "mcp";

export interface KindStats {
  requests: number;
  latenciesMs: number[];
  statuses: Map<number, number>;
}

export interface TrafficStats {
  byKind: Map<RequestKind, KindStats>;
  serverErrors: number;
  failedRequests: number;
  /** The first few failures, for the report. */
  examples: string[];
}

export interface TrafficOptions {
  base: string;
  token: string;
  /** Fixture sites the scanner can reach (through SCAN_CONNECT_TO). */
  siteDomains: readonly string[];
  tracker: ScanTracker;
  requestLoops: number;
  /** Requests a second across the loops (0: as fast as the server answers). */
  ratePerSecond: number;
  scanEveryMs: number;
  /** Only these kinds of traffic (to find which one a problem comes from); all when absent. */
  only?: readonly string[];
}

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
type LoopKind = Exclude<RequestKind, "scan" | "report-poll">;
const WEIGHTS: readonly (readonly [LoopKind, number])[] = [
  ["report", 35],
  ["cache-hit", 15],
  ["page", 15],
  ["bad-request", 15],
  ["mcp", 20],
];

export function emptyStats(): TrafficStats {
  return { byKind: new Map(), serverErrors: 0, failedRequests: 0, examples: [] };
}

export class MixedTraffic {
  readonly stats = emptyStats();
  private stopped = false;
  private rpcId = 0;

  private readonly weights: readonly (readonly [LoopKind, number])[];

  constructor(private readonly options: TrafficOptions) {
    const only = options.only;
    this.weights = only ? WEIGHTS.filter(([kind]) => only.includes(kind)) : WEIGHTS;
  }

  /** Runs until stop(); resolves when every loop has finished its current request. */
  async run(): Promise<void> {
    const scans = !this.options.only || this.options.only.includes("scan");
    const loops = this.weights.length > 0 ? Array.from({ length: this.options.requestLoops }, () => this.requestLoop()) : [];
    await Promise.all([...loops, ...(scans ? [this.scanLoop()] : []), this.pollLoop()]);
  }

  stop(): void {
    this.stopped = true;
  }

  /** After the traffic: polls the pending scans until none is left or `timeoutMs` passes. */
  async drain(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.options.tracker.pendingDomains().length > 0 && Date.now() < deadline) {
      await this.pollPending();
      await Bun.sleep(500);
    }
  }

  private async requestLoop(): Promise<void> {
    // Each loop keeps its share of the rate: it waits out what is left of its interval after an answer.
    const intervalMs = this.options.ratePerSecond > 0 ? (1000 * this.options.requestLoops) / this.options.ratePerSecond : 0;
    while (!this.stopped) {
      const startedAt = performance.now();
      const kind = pickWeighted(this.weights);
      if (kind === "report") await this.report();
      else if (kind === "cache-hit") await this.cacheHit();
      else if (kind === "page") await this.page();
      else if (kind === "bad-request") await this.badRequest();
      else await this.mcp();
      const left = intervalMs - (performance.now() - startedAt);
      if (left > 0) await Bun.sleep(left);
    }
  }

  private async scanLoop(): Promise<void> {
    const { siteDomains, tracker, scanEveryMs } = this.options;
    while (!this.stopped) {
      const idle = siteDomains.filter((domain) => !tracker.isPending(domain));
      const domain = idle.length > 0 ? pick(idle) : undefined;
      if (domain) {
        const response = await this.call("scan", "/api/scan", this.scanRequest(domain, true));
        if (response?.status === 202) tracker.started(domain);
      }
      await Bun.sleep(scanEveryMs);
    }
  }

  private async pollLoop(): Promise<void> {
    while (!this.stopped) {
      await this.pollPending();
      await Bun.sleep(500);
    }
  }

  private async pollPending(): Promise<void> {
    for (const domain of this.options.tracker.pendingDomains()) {
      const response = await this.call("report-poll", `/api/report/${domain}.json`);
      if (response?.status === 200) this.options.tracker.observed(domain, (JSON.parse(response.text) as { scannedAt: string }).scannedAt);
    }
  }

  /** A stored record (200), a never-scanned domain (404), or one being scanned (404 with its state). */
  private async report(): Promise<void> {
    const scanned = this.options.tracker.scannedDomains();
    const roll = Math.random();
    const domain = roll < 0.7 && scanned.length > 0 ? pick(scanned) : roll < 0.85 ? `never-${randomInt(1000)}.example` : pick(this.options.siteDomains);
    await this.call("report", `/api/report/${domain}.json`);
  }

  /** POST /api/scan of a domain with a fresh record: 200 with the record, no scan. */
  private async cacheHit(): Promise<void> {
    const { tracker } = this.options;
    const scanned = tracker.scannedDomains().filter((domain) => !tracker.isPending(domain));
    if (scanned.length === 0) return this.report();
    const domain = pick(scanned);
    const response = await this.call("cache-hit", "/api/scan", this.scanRequest(domain, false));
    // Only when the record was no longer fresh: a scan did start, and it must end with a record too.
    if (response?.status === 202 && !tracker.isPending(domain)) tracker.started(domain);
  }

  private async page(): Promise<void> {
    const scanned = this.options.tracker.scannedDomains();
    const domain = scanned.length > 0 ? pick(scanned) : pick(this.options.siteDomains);
    const path = pick(["/", `/report/${domain}`, `/badge/${domain}.svg`, "/llms.txt", "/robots.txt", "/swagger", "/account/login"]);
    await this.call("page", path);
  }

  private async badRequest(): Promise<void> {
    const json = { "content-type": "application/json" };
    const bearer = { ...json, authorization: `Bearer ${this.options.token}` };
    const requests: [string, RequestInit][] = [
      ["/api/scan", { method: "POST", headers: bearer, body: '{"url":' }],
      ["/api/scan", { method: "POST", headers: bearer, body: JSON.stringify({ url: "127.0.0.1" }) }],
      ["/api/scan", { method: "POST", headers: bearer, body: JSON.stringify({ url: "not a domain" }) }],
      ["/api/scan", { method: "POST", headers: bearer, body: JSON.stringify({ url: "ok.test", admin: true }) }],
      ["/api/scan", { method: "POST", headers: { ...json, authorization: "Bearer wrong-token" }, body: JSON.stringify({ url: "ok.test" }) }],
      ["/api/scan", { method: "POST", headers: json, body: JSON.stringify({ url: "ok.test" }) }],
      ["/api/scan", { method: "POST", headers: bearer, body: "x".repeat(64 * 1024) }],
      ["/api/report/%00.json", {}],
      ["/api/report/..json", {}],
      ["/no/such/page", {}],
      ["/mcp", { method: "POST", headers: MCP_HEADERS, body: "not json" }],
      ["/mcp", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method" }) }],
    ];
    const [path, init] = pick(requests);
    await this.call("bad-request", path, init);
  }

  private async mcp(): Promise<void> {
    const scanned = this.options.tracker.scannedDomains().filter((domain) => !this.options.tracker.isPending(domain));
    const domain = scanned.length > 0 ? pick(scanned) : `never-${randomInt(1000)}.example`;
    const message = pick<Record<string, unknown>>([
      { method: "ping" },
      { method: "tools/list" },
      { method: "tools/call", params: { name: "get_report", arguments: { domain } } },
      // A domain with a fresh record: answered from the cache, no scan and no wait.
      ...(scanned.length > 0 ? [{ method: "tools/call", params: { name: "scan_site", arguments: { url: domain } } }] : []),
    ]);
    await this.call("mcp", "/mcp", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: ++this.rpcId, ...message }) });
  }

  private scanRequest(domain: string, forceRescan: boolean): RequestInit {
    return {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.options.token}` },
      body: JSON.stringify({ url: domain, forceRescan }),
    };
  }

  /** One request, timed and counted; null when it got no response. */
  private async call(kind: RequestKind, path: string, init: RequestInit = {}): Promise<{ status: number; text: string } | null> {
    const stats = this.kindStats(kind);
    const started = performance.now();
    stats.requests++;
    try {
      const response = await fetch(`${this.options.base}${path}`, { ...init, redirect: "manual" });
      const text = await response.text();
      stats.latenciesMs.push(performance.now() - started);
      stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) {
        this.stats.serverErrors++;
        this.example(`${kind} ${init.method ?? "GET"} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
      }
      return { status: response.status, text };
    } catch (error) {
      this.stats.failedRequests++;
      this.example(`${kind} ${init.method ?? "GET"} ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private kindStats(kind: RequestKind): KindStats {
    let stats = this.stats.byKind.get(kind);
    if (!stats) this.stats.byKind.set(kind, (stats = { requests: 0, latenciesMs: [], statuses: new Map() }));
    return stats;
  }

  private example(text: string): void {
    if (this.stats.examples.length < 10) this.stats.examples.push(text);
  }
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)]!;
}

function randomInt(below: number): number {
  return Math.floor(Math.random() * below);
}

function pickWeighted<T>(choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return choices[choices.length - 1]![0];
}
