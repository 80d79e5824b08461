/**
 * Fixture sites through the real scan path: the compiled binary's `scan --json` command (the same
 * SafeFetcher, SCAN_CONNECT_TO and analyzer the worker uses), reaching loopback HTTPS sites signed by the
 * test CA. Each site carries one expectation from the issue: the right grade, gate or top issue, with the
 * evidence in its detail. One scan also runs the off-site checks against fake Wikidata, Wikipedia and
 * Common Crawl services on loopback.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sightlineBinary } from "../helpers/binary.ts";
import { type FixtureHandler, type FixtureSite, startFixtureSite, TEST_CA_PATH } from "../helpers/fixture-server.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { appShellSite, blocksAiSearchSite, brokenJsonLdSite, challengePageSite, forbidsAiAgentsSite, robots500Site, trainingOptOutSite } from "../fixtures/sites/problem-sites.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";

const FACTORIES: Record<string, (name: string) => Record<string, FixtureHandler>> = {
  well: wellPreparedSite,
  blocked: blocksAiSearchSite,
  forbidden: forbidsAiAgentsSite,
  challenge: challengePageSite,
  shell: appShellSite,
  jsonld: brokenJsonLdSite,
  robots500: robots500Site,
  optout: trainingOptOutSite,
};

const sites: FixtureSite[] = [];
const connectTo: string[] = [];
let offsite: FixtureSite;
let binary: string;

beforeAll(async () => {
  binary = await sightlineBinary();
  for (const [key, factory] of Object.entries(FACTORIES)) {
    const name = `${key}.secure.test`;
    const site = await startFixtureSite(factory(name), { tls: true });
    const http = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `https://${name}${new URL(request.url).pathname}` } }));
    sites.push(site, http);
    connectTo.push(site.connectTo(name), http.connectTo(name, 80));
  }
  offsite = await startFixtureSite((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/sparql") return Response.json({ results: { bindings: [{ item: { type: "uri", value: "http://www.wikidata.org/entity/Q4242" }, article: { type: "uri", value: "https://en.wikipedia.org/wiki/Well" } }] } });
    if (url.pathname === "/w/api.php") return Response.json({ query: { exturlusage: [{ pageid: 1, ns: 0, title: "Well" }] } });
    if (url.pathname === "/collinfo.json") return Response.json([{ id: "CC-MAIN-2026-44", "cdx-api": `http://127.0.0.1:${url.port}/CC-MAIN-2026-44-index` }, { id: "CC-MAIN-2026-40", "cdx-api": `http://127.0.0.1:${url.port}/CC-MAIN-2026-40-index` }]);
    if (url.pathname.endsWith("-index")) return new Response(`${JSON.stringify({ urlkey: "test,secure,well)/", timestamp: "20261101000000", url: "https://well.secure.test/" })}\n`);
    return new Response("not found", { status: 404 });
  });
  sites.push(offsite);
}, 120_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
});

async function scan(key: string, extraEnv: Record<string, string> = {}): Promise<VisibilityRecord> {
  const child = Bun.spawn([binary, "scan", `${key}.secure.test`, "--json"], {
    env: {
      ...process.env,
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      SCAN_CONNECT_TO: connectTo.join(","),
      OFFSITE_CHECKS: "off",
      FETCH_TIMEOUT_MS: "5000",
      SCAN_TIMEOUT_MS: "20000",
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as VisibilityRecord;
}

function signal(record: VisibilityRecord, id: string) {
  return record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id)!;
}

describe("fixture sites through the real scan path", () => {
  test("a well-prepared site grades A or B, with off-site presence found on the fake services", async () => {
    const record = await scan("well", {
      OFFSITE_CHECKS: "on",
      WIKIDATA_SPARQL_URL: `${offsite.url}/sparql`,
      WIKIPEDIA_API_URL: `${offsite.url}/w/api.php`,
      COMMONCRAWL_INDEX_URL: offsite.url,
    });
    expect(record.status).toBe("ok");
    expect(["A", "B"]).toContain(record.result!.grade);
    expect(record.result!.score).toBeGreaterThanOrEqual(75);
    expect(signal(record, "crawler-probe").status).toBe("pass");
    expect(signal(record, "llms-txt").status).toBe("pass");
    expect(signal(record, "sitemap-valid").status).toBe("pass");
    expect(signal(record, "trust-pages").status).toBe("pass");
    expect(record.offSite).toEqual({
      wikidata: { status: "found", detail: expect.stringContaining("Q4242"), url: "https://www.wikidata.org/wiki/Q4242" },
      wikipedia: { status: "found", detail: expect.any(String), url: "https://en.wikipedia.org/wiki/Well" },
      commonCrawl: { status: "found", detail: expect.stringContaining("CC-MAIN-2026-44"), url: "https://well.secure.test/" },
    });
    expect(record.result!.pillars.find((pillar) => pillar.id === "presence")!.score).toBe(100);
  });

  test("robots.txt blocking the AI search agents is the gate, naming the bots and the group", async () => {
    const record = await scan("blocked");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("robots-ai-search-access");
    for (const bot of ["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot", "ChatGPT-User"]) expect(first.detail).toContain(bot);
    expect(first.detail).toContain("User-agent: OAI-SearchBot");
    expect(first.detail).toContain("Disallow: /");
  });

  test("a server answering 403 to AI user agents only is caught by the live probe", async () => {
    const record = await scan("forbidden");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(signal(record, "robots-ai-search-access").status).toBe("pass");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("crawler-probe");
    expect(first.detail).toContain("OAI-SearchBot: HTTP 403");
    expect(first.detail).toContain("A browser gets");
  });

  test("a challenge page for bots is a gate, with the cf-mitigated header as evidence", async () => {
    const record = await scan("challenge");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    const ids = record.result!.topIssues.slice(0, 2).map((issue) => issue.id);
    expect(ids).toContain("crawler-probe");
    const probe = record.result!.topIssues.find((issue) => issue.id === "crawler-probe")!;
    expect(probe.detail).toContain("cf-mitigated: challenge");
    expect(record.result!.topIssues.find((issue) => issue.id === "homepage-status")!.detail).toContain("cf-mitigated: challenge");
  });

  test("an empty JavaScript app shell is a gate naming its mount point", async () => {
    const record = await scan("shell");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(record.result!.topIssues[0]!.id).toBe("raw-html-text");
    expect(record.result!.topIssues[0]!.detail).toContain("#root");
  });

  test("JSON-LD that does not parse is the top issue, with the parse error", async () => {
    const record = await scan("jsonld");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("json-ld-parses");
    expect(first.detail).toMatch(/block 1 of 3: .*\S/);
  });

  test("robots.txt answering 500 is the gate: crawlers must assume everything is disallowed", async () => {
    const record = await scan("robots500");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("robots-ai-search-access");
    expect(first.detail).toContain("HTTP 500");
    expect(first.detail).toContain("RFC 9309");
  });

  test("a deliberate training-only opt-out still grades A or B and is reported as a choice", async () => {
    const record = await scan("optout");
    expect(["A", "B"]).toContain(record.result!.grade);
    const training = signal(record, "robots-ai-training");
    expect(training.status).toBe("pass");
    expect(training.detail).toContain("choice");
    expect(record.result!.topIssues.map((issue) => issue.id)).not.toContain("robots-ai-training");
    // GPTBot and ClaudeBot are refused by robots.txt only; the live probe still reaches them.
    expect(signal(record, "crawler-probe").status).toBe("pass");
  });
});
