/**
 * Serves corpus pages as loopback sites and scans each one with the real visibility analyzer (the real
 * SafeFetcher, SCAN_CONNECT_TO rules, gatherers, audits and scoring), off-site checks off.
 *
 * Page i is the homepage of https://p<i>.secure.test/ (the test certificate covers *.secure.test), with
 * a robots.txt that allows everything; every other path answers 404. One TLS server answers for all of
 * them by Host header, and one plain-HTTP server redirects http:// to https://, as a well-run site does.
 */
import type { Artifacts } from "../../src/analyzers/visibility/gather/artifacts.ts";
import { visibilityAnalyzer } from "../../src/analyzers/visibility/index.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../helpers/fixture-server.ts";
import type { CorpusPage } from "./real-pages-corpus.ts";

export interface ScannedPage {
  page: CorpusPage;
  domain: string;
  record: VisibilityRecord;
  artifacts: Artifacts;
}

export const ALLOW_ALL_ROBOTS = "User-agent: *\nAllow: /\n";

export function domainOf(index: number): string {
  return `p${index}.secure.test`;
}

/**
 * Scans every page, `concurrency` at a time, and returns the results in the pages' order. `now` is the
 * scan time the records and the date audits use.
 */
export async function scanCorpusPages(pages: CorpusPage[], options: { concurrency: number; now: Date }): Promise<ScannedPage[]> {
  const byHost = new Map(pages.map((page, index) => [domainOf(index), page]));
  const https = await startFixtureSite((request) => answer(byHost.get(hostOf(request)), new URL(request.url).pathname), { tls: true });
  const http = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `https://${hostOf(request)}${new URL(request.url).pathname}` } }));
  try {
    const rules = parseConnectTo([...byHost.keys()].flatMap((host) => [https.connectTo(host), http.connectTo(host, 80)]));
    const fetcher = createSafeFetcher({ connectTo: rules, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-corpus-test)", extraCaPem: testCaPem() });
    const results: ScannedPage[] = new Array(pages.length);
    let next = 0;
    const worker = async () => {
      while (next < pages.length) {
        const index = next++;
        const domain = domainOf(index);
        const { record, artifacts } = await visibilityAnalyzer.scan({
          domain,
          fetcher,
          signal: AbortSignal.timeout(60_000),
          offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
          now: () => options.now,
        });
        results[index] = { page: pages[index]!, domain, record, artifacts: artifacts as Artifacts };
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    return results;
  } finally {
    await stopAll([https, http]);
  }
}

function answer(page: CorpusPage | undefined, path: string): Response {
  if (page && path === "/") return new Response(page.html, { headers: { "content-type": "text/html; charset=utf-8" } });
  if (page && path === "/robots.txt") return new Response(ALLOW_ALL_ROBOTS, { headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
}

function hostOf(request: Request): string {
  return (request.headers.get("host") ?? "").replace(/:\d+$/, "").toLowerCase();
}

async function stopAll(sites: FixtureSite[]): Promise<void> {
  await Promise.all(sites.map((site) => site.stop()));
}
