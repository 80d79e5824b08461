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
import {
  differentPageForAiSite,
  edgeForbidsAiAgentsSite,
  googlebotNoindexSite,
  robotsBlocksChatGptSite,
  trainingOptOutEverywhereSite,
} from "../fixtures/sites/platform-blocks.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const FACTORIES: Record<string, (name: string) => Record<string, FixtureHandler>> = {
  well: wellPreparedSite,
  blocked: blocksAiSearchSite,
  forbidden: forbidsAiAgentsSite,
  challenge: challengePageSite,
  shell: appShellSite,
  jsonld: brokenJsonLdSite,
  robots500: robots500Site,
  optout: trainingOptOutSite,
  "robots-chatgpt": robotsBlocksChatGptSite,
  "edge-ai": edgeForbidsAiAgentsSite,
  "cloaked": differentPageForAiSite,
  "googlebot-noindex": googlebotNoindexSite,
  "optout-edge": trainingOptOutEverywhereSite,
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
    env: childEnv({
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      SCAN_CONNECT_TO: connectTo.join(","),
      OFFSITE_CHECKS: "off",
      FETCH_TIMEOUT_MS: "5000",
      SCAN_TIMEOUT_MS: "20000",
      LOG_LEVEL: "silent",
      ...extraEnv,
    }),
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

/** The reach table: the ai-platform-reach signal's evidence line for one platform. */
function reachLine(record: VisibilityRecord, platform: string): string {
  const line = signal(record, "ai-platform-reach").evidence.find((entry) => entry.startsWith(`${platform}: `));
  if (!line) throw new Error(`no reach line for ${platform}`);
  return line;
}

const GRADES = ["A", "B", "C", "D", "F"];
const atBest = (record: VisibilityRecord, grade: string) => expect(GRADES.indexOf(record.result!.grade)).toBeGreaterThanOrEqual(GRADES.indexOf(grade));
const GOOGLE = "Google AI Overviews, AI Mode and Gemini";

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

  test("robots.txt blocking the AI search agents and search crawlers by name caps the grade at C, naming platforms, bots and group", async () => {
    const record = await scan("blocked");
    atBest(record, "C");
    expect(record.result!.gates![0]!.id).toBe("minority-reach");
    expect(record.result!.label).not.toContain("can use this site");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(first.detail).toStartWith("Grade capped at C: ");
    for (const bot of ["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot", "Googlebot"]) expect(first.detail).toContain(`disallows ${bot}`);
    expect(first.detail).toContain("(group `User-agent: OAI-SearchBot / User-agent: ChatGPT-User");
    expect(first.detail).toContain("`Disallow: /`");
    // DuckDuckGo still finds the page through its own crawler, which the file does not name.
    expect(reachLine(record, "DuckDuckGo (DuckAssist)")).toStartWith("DuckDuckGo (DuckAssist): limited — DuckDuckBot may index it, but robots.txt line 16");
  });

  test("a server answering 403 to every crawler's user agent is caught by the live probe: at best C", async () => {
    const record = await scan("forbidden");
    atBest(record, "C");
    expect(signal(record, "robots-ai-search-access").status).toBe("pass");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(reachLine(record, GOOGLE)).toStartWith(`${GOOGLE}: cannot read — Googlebot gets HTTP 403 at the edge`);
    expect(first.detail).toContain("ChatGPT (31%) cannot read it: OAI-SearchBot gets HTTP 403 at the edge; ChatGPT-User gets HTTP 403 at the edge");
    // One cause, one issue: the probe's finding is ranked through the reach issue and kept in the pillar.
    expect(first.alsoFoundBy).toEqual(["crawler-probe"]);
    const probe = signal(record, "crawler-probe");
    expect(probe.detail).toContain("OAI-SearchBot: HTTP 403");
    expect(probe.detail).toContain("A browser gets");
  });

  test("a challenge page for bots is a gate, with the cf-mitigated header as evidence", async () => {
    const record = await scan("challenge");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    // The scanner's own fetch is challenged too (an error homepage, capped at D), then the reach gate.
    expect(record.result!.topIssues.slice(0, 2).map((issue) => issue.id)).toEqual(["homepage-status", "ai-platform-reach"]);
    expect(reachLine(record, "ChatGPT")).toContain("OAI-SearchBot gets a challenge page (cf-mitigated: challenge)");
    expect(record.result!.topIssues[1]!.alsoFoundBy).toEqual(["crawler-probe"]);
    expect(signal(record, "crawler-probe").detail).toContain("cf-mitigated: challenge");
    expect(record.result!.topIssues.find((issue) => issue.id === "homepage-status")!.detail).toContain("cf-mitigated: challenge");
  });

  test("an empty JavaScript app shell is a gate naming its mount point and the platforms that run no JavaScript", async () => {
    const record = await scan("shell");
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(record.result!.topIssues[0]!.id).toBe("raw-html-text");
    expect(record.result!.topIssues[0]!.detail).toContain("#root");
    expect(record.result!.topIssues[0]!.detail).toStartWith("Grade capped at D: the homepage is an empty JavaScript app shell; ChatGPT, Perplexity, Claude and 2 smaller platforms cannot read it.");
    expect(record.result!.label).toStartWith("Poor: The homepage is an empty JavaScript app shell");
    // Googlebot renders JavaScript; OAI-SearchBot does not.
    expect(reachLine(record, GOOGLE)).toContain(": can read");
    expect(reachLine(record, "ChatGPT")).toContain("OAI-SearchBot runs no JavaScript and sees an empty app shell");
  });

  test("JSON-LD that does not parse is the top issue, with the parse error", async () => {
    const record = await scan("jsonld");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("json-ld-parses");
    expect(first.detail).toMatch(/Block 1 of 3: .*\S/);
  });

  test("robots.txt answering 500 is the gate: crawlers must assume everything is disallowed, so no platform reads (F)", async () => {
    const record = await scan("robots500");
    expect(record.result!.grade).toBe("F");
    expect(record.result!.label).toBe("Failing: No AI platform can find and read the homepage");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
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

  test("robots.txt per agent: ChatGPT's own group disallows it, so ChatGPT cannot find it, the grade is at best C and the label says why", async () => {
    const record = await scan("robots-chatgpt");
    // OpenAI says robots.txt may not apply to ChatGPT-User: its block is reported as a request, and the probe saw it read the page.
    expect(reachLine(record, "ChatGPT")).toStartWith(
      "ChatGPT: limited — robots.txt line 3 `Disallow: /` (group `User-agent: OAI-SearchBot / User-agent: ChatGPT-User`) disallows OAI-SearchBot; " +
        "ChatGPT-User gets the browser's page when a person asks (31% of the AI audience) [robots.txt line 3 `Disallow: /` (group `User-agent: OAI-SearchBot / User-agent: ChatGPT-User`) disallows ChatGPT-User: a request ChatGPT-User may not honour",
    );
    expect(reachLine(record, GOOGLE)).toContain(": can read");
    atBest(record, "C");
    expect(record.result!.gates).toEqual([expect.objectContaining({ id: "single-major-platform-lost", maxGrade: "C" })]);
    expect(record.result!.label).toBe("Fair: ChatGPT cannot read the homepage, and ChatGPT alone holds 31% of the AI audience");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(first.detail).toStartWith("Grade capped at C: ChatGPT cannot read the homepage");
    expect(first.fix.how).toContain("In robots.txt, delete line 1 `User-agent: OAI-SearchBot`;");
    // The whole file, changed: ChatGPT-User keeps its group, OAI-SearchBot gets its own, the Sitemap line stays.
    expect(first.fix.code).toEqual([{ where: { kind: "file", url: expect.stringMatching(/\/robots\.txt$/) }, language: "text", code: expect.stringContaining("User-agent: ChatGPT-User\nDisallow: /") }]);
    expect(first.fix.code![0]!.code).toEndWith("User-agent: OAI-SearchBot\nAllow: /");
  });

  test("edge 403 per user agent (the issue's case): robots.txt allows all, browsers and Googlebot get the page, AI agents get 403", async () => {
    const record = await scan("edge-ai");
    expect(signal(record, "robots-ai-search-access").status).toBe("pass");
    expect(reachLine(record, "ChatGPT")).toBe("ChatGPT: cannot read — OAI-SearchBot gets HTTP 403 at the edge; ChatGPT-User gets HTTP 403 at the edge (31% of the AI audience)");
    expect(reachLine(record, "Perplexity")).toStartWith("Perplexity: cannot read — PerplexityBot gets HTTP 403 at the edge");
    expect(reachLine(record, "Claude")).toStartWith("Claude: cannot read — Claude-SearchBot gets HTTP 403 at the edge");
    expect(reachLine(record, GOOGLE)).toContain(": can read");
    expect(reachLine(record, "Microsoft Copilot")).toContain(": can read");
    // ChatGPT alone holds a quarter of the audience: the issue's B becomes a C.
    atBest(record, "C");
    expect(record.result!.label).toBe("Fair: ChatGPT, Perplexity and Claude cannot read the homepage, and ChatGPT alone holds 31% of the AI audience");
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(first.detail).toContain("ChatGPT (31%) cannot read it: OAI-SearchBot gets HTTP 403 at the edge");
    expect(first.fix.how).toContain("answers OAI-SearchBot with HTTP 403, ChatGPT-User with HTTP 403");
    // The issue's case: the 403 is one critical issue, not two.
    expect(first).toMatchObject({ impact: "critical", stage: "reach", alsoFoundBy: ["crawler-probe"] });
    expect(record.result!.topIssues.filter((issue) => issue.impact === "critical").map((issue) => issue.id)).toEqual(["ai-platform-reach"]);
  });

  test("200 with a different page for AI agents and Googlebot: Google and ChatGPT lost, at best C", async () => {
    const record = await scan("cloaked");
    expect(reachLine(record, GOOGLE)).toMatch(new RegExp(`^${GOOGLE}: cannot read — Googlebot gets a different page titled "Welcome": \\d+ words against the browser's \\d+`));
    expect(reachLine(record, "ChatGPT")).toContain("OAI-SearchBot gets a different page");
    expect(reachLine(record, "Microsoft Copilot")).toContain(": can read");
    atBest(record, "C");
    expect(record.result!.gates![0]).toMatchObject({ id: "minority-reach", maxGrade: "C" });
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(first.detail).toStartWith(`Grade capped at C: ${GOOGLE}, ChatGPT, Perplexity and Claude cannot read the homepage`);
    expect(first.fix.how).toContain("the same HTML as browsers");
  });

  test("noindex for one crawler (<meta name=\"googlebot\" content=\"noindex\">): Google's AI features lost, at best C", async () => {
    const record = await scan("googlebot-noindex");
    expect(reachLine(record, GOOGLE)).toBe(`${GOOGLE}: cannot read — \`<meta name="googlebot" content="noindex">\` tells Googlebot not to index the homepage (59% of the AI audience)`);
    expect(reachLine(record, "ChatGPT")).toContain(": can read");
    // Meta AI answers from Bing's index too.
    expect(reachLine(record, "Meta AI")).toContain(": can read — Bingbot or meta-webindexer may index it");
    atBest(record, "C");
    expect(record.result!.gates).toEqual([expect.objectContaining({ id: "minority-reach", maxGrade: "C" })]);
    expect(record.result!.label).toContain(`${GOOGLE} cannot read the homepage`);
    const first = record.result!.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(first.fix.how).toContain('Remove `<meta name="googlebot" content="noindex">`');
  });

  test("a training-only opt-out in robots.txt and at the edge is never punished", async () => {
    const record = await scan("optout-edge");
    expect(["A", "B"]).toContain(record.result!.grade);
    expect(record.result!.gates).toEqual([]);
    expect(signal(record, "ai-platform-reach")).toMatchObject({ status: "pass", score: 1 });
    for (const line of signal(record, "ai-platform-reach").evidence) expect(line).toContain(": can read");
    expect(signal(record, "crawler-probe").status).toBe("pass");
    expect(signal(record, "robots-ai-training").detail).toContain("choice");
    const ids = record.result!.topIssues.map((issue) => issue.id);
    for (const id of ["ai-platform-reach", "crawler-probe", "robots-ai-training", "robots-ai-search-access"]) expect(ids).not.toContain(id);
    expect(record.result!.label).toStartWith(record.result!.grade === "A" ? "Excellent: AI assistants can reach" : "Good: AI assistants can use this site");
  });
});
