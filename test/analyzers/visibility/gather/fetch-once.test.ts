/**
 * Within one scan each URL is fetched once per user agent: gatherers that need the same response (a
 * sample page that llms.txt also links to, say) share it. Every fixture site is scanned in this process
 * through the real SafeFetcher over loopback TLS (and plain HTTP for the redirect check), and the fixture
 * servers count what they received per scheme, path and User-Agent.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../../src/analyzers/visibility/index.ts";
import { parseConnectTo } from "../../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../../src/net/safe-fetch.ts";
import { wellPreparedSite } from "../../../fixtures/sites/well-prepared.ts";
import {
  appShellSite,
  blocksAiSearchSite,
  brokenJsonLdSite,
  challengePageSite,
  forbidsAiAgentsSite,
  gzippedSitemapSite,
  robots500Site,
  sitemapIndexSite,
  trainingOptOutSite,
} from "../../../fixtures/sites/problem-sites.ts";
import { differentPageForAiSite, edgeForbidsAiAgentsSite, googlebotNoindexSite, robotsBlocksChatGptSite, trainingOptOutEverywhereSite } from "../../../fixtures/sites/platform-blocks.ts";
import { type FixtureHandler, type FixtureSite, startFixtureSite, testCaPem } from "../../../helpers/fixture-server.ts";

const SITES: Record<string, (name: string) => Record<string, FixtureHandler>> = {
  well: wellPreparedSite,
  // llms.txt links to the pages the homepage links to: the link checks and the sample share responses.
  "llms-links": (name) => ({
    ...wellPreparedSite(name),
    "/llms.txt": `# ${name}\n\n> Clear documentation.\n\n## Docs\n\n- [About](https://${name}/about): who we are\n- [Contact](https://${name}/contact)\n- [Privacy](https://${name}/privacy)\n- [Full](https://${name}/llms-full.txt)\n`,
  }),
  blocked: blocksAiSearchSite,
  forbidden: forbidsAiAgentsSite,
  challenge: challengePageSite,
  shell: appShellSite,
  jsonld: brokenJsonLdSite,
  robots500: robots500Site,
  optout: trainingOptOutSite,
  "sitemap-index": sitemapIndexSite,
  gzipped: gzippedSitemapSite,
  "robots-chatgpt": robotsBlocksChatGptSite,
  "edge-ai": edgeForbidsAiAgentsSite,
  cloaked: differentPageForAiSite,
  "googlebot-noindex": googlebotNoindexSite,
  "optout-edge": trainingOptOutEverywhereSite,
};

const started: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(started.map((site) => site.stop()));
});

/** Scans `name` once; returns how often each "scheme path user-agent" was requested. */
async function requestCounts(name: string, routes: Record<string, FixtureHandler>): Promise<Map<string, number>> {
  const https = await startFixtureSite(routes, { tls: true });
  const http = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `https://${name}${new URL(request.url).pathname}` } }));
  started.push(https, http);
  const fetcher = createSafeFetcher({
    connectTo: parseConnectTo([https.connectTo(name), http.connectTo(name, 80)]),
    timeoutMs: 5000,
    maxBytes: 5 * 1024 * 1024,
    userAgent: "Mozilla/5.0 (compatible; sightline-test)",
    extraCaPem: testCaPem(),
  });
  const { record } = await visibilityAnalyzer.scan({
    domain: name,
    fetcher,
    signal: AbortSignal.timeout(20_000),
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2026-11-20T00:00:00Z"),
  });
  expect(record.status).toBe("ok");
  const counts = new Map<string, number>();
  for (const [scheme, site] of [["https", https], ["http", http]] as const) {
    for (const request of site.requests) {
      // The homepage asked for as Markdown (agent-offerings) is another request: the Accept header is part of the key.
      const key = `${scheme} ${request.method} ${request.path} ${request.headers["user-agent"] ?? ""}${request.headers.accept === "text/markdown" ? " markdown" : ""}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

describe("one scan fetches each URL at most once per user agent", () => {
  for (const [key, factory] of Object.entries(SITES)) {
    test(`${key} site`, async () => {
      const counts = await requestCounts(`${key}.secure.test`, factory(`${key}.secure.test`));
      const repeated = [...counts].filter(([, count]) => count > 1);
      expect(repeated).toEqual([]);
      // The scan did reach the site: the homepage, robots.txt and the crawler probes at least.
      expect([...counts.keys()].filter((request) => request.startsWith("https GET / ")).length).toBeGreaterThan(3);
      expect([...counts.keys()].some((request) => request.startsWith("https GET /robots.txt "))).toBe(true);
    });
  }

  test("the llms.txt links to sampled pages are checked without fetching those pages again", async () => {
    const name = "shared.secure.test";
    const counts = await requestCounts(name, SITES["llms-links"]!(name));
    for (const path of ["/about", "/contact", "/privacy"]) {
      const requests = [...counts].filter(([request]) => request.startsWith(`https GET ${path} `));
      expect(requests.map(([, count]) => count)).toEqual([1]);
    }
  });
});
