import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { ScanContext } from "../../../src/analyzers/analyzer.ts";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import { scoreArtifacts } from "../../../src/analyzers/visibility/score-artifacts.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { type Canned, fakeFetcher, fetchError, html, response, text } from "./fake-fetcher.ts";
import { wellPreparedSite } from "../../fixtures/sites/well-prepared.ts";
import type { FixtureHandler } from "../../helpers/fixture-server.ts";
import { APP_SHELL, GOOD_ROBOTS, page } from "./sample-site.ts";

const NOW = new Date("2025-05-01T12:00:00.000Z");

function contextFor(routes: Record<string, Canned>, domain = "example.com"): ScanContext {
  return {
    domain,
    fetcher: fakeFetcher(routes),
    signal: new AbortController().signal,
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => NOW,
  };
}

/** The well-prepared fixture site as canned answers: every URL a full scan asks for. */
const WELL_PREPARED = await cannedSite(wellPreparedSite("example.com"));

async function cannedSite(routes: Record<string, FixtureHandler>): Promise<Record<string, Canned>> {
  const canned: Record<string, Canned> = {};
  for (const [path, handler] of Object.entries(routes)) {
    const url = `https://example.com${path}`;
    const answer = typeof handler === "string" ? new Response(handler, { headers: { "content-type": path.endsWith(".txt") ? "text/plain" : path.endsWith(".xml") ? "application/xml" : "text/html" } }) : await handler(new Request(url));
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      headers[name] = value;
    });
    canned[url] = response(url, await answer.text(), { status: answer.status, headers });
  }
  canned["http://example.com/"] = response("http://example.com/", "", { status: 301, headers: { location: "https://example.com/" } });
  return canned;
}

async function scanSite(homepageHtml: string | null, robots: Canned | string, headers: Record<string, string> = {}): Promise<VisibilityRecord> {
  const robotsAnswer = typeof robots === "string" ? text("https://example.com/robots.txt", robots) : robots;
  const homepage = homepageHtml === null ? WELL_PREPARED["https://example.com/"]! : html("https://example.com/", homepageHtml, { headers });
  const { record } = await visibilityAnalyzer.scan(contextFor({ ...WELL_PREPARED, "https://example.com/": homepage, "https://example.com/robots.txt": robotsAnswer }));
  expect(Value.Check(visibilityAnalyzer.recordSchema, record)).toBe(true);
  return record;
}

function signal(record: VisibilityRecord, id: string) {
  const found = record.result?.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id);
  if (!found) throw new Error(`no signal ${id}`);
  return found;
}

const SEARCH_AGENTS = ["OAI-SearchBot", "ChatGPT-User", "Claude-SearchBot", "Claude-User", "PerplexityBot", "Perplexity-User", "Googlebot", "Bingbot", "Applebot", "DuckAssistBot"];

describe("visibilityAnalyzer.scan", () => {
  test("a well-prepared site scores an A with every shape the interface names", async () => {
    const record = await scanSite(null, GOOD_ROBOTS);
    expect(record.status).toBe("ok");
    expect(record.domain).toBe("example.com");
    expect(record.scannedAt).toBe(NOW.toISOString());
    expect(record.offSite).toBeNull();
    const result = record.result!;
    expect(["A", "B"]).toContain(result.grade);
    expect(result.score).toBeGreaterThanOrEqual(90);
    expect(result.label.length).toBeGreaterThan(0);
    expect(result.pillars.map((pillar) => pillar.id)).toEqual(["access", "render", "discover", "structure", "content", "trust", "presence"]);
    expect(result.pillars.reduce((sum, pillar) => sum + pillar.weight, 0)).toBe(100);
    expect(result.topIssues.filter((issue) => issue.status === "fail")).toEqual([]);
  });

  test("robots.txt blocking every AI search agent: no platform can read, grade capped at F, the reach issue first naming platforms, bots and line", async () => {
    const record = await scanSite(page(), "User-agent: *\nDisallow: /\n");
    const result = record.result!;
    expect(result.grade).toBe("F");
    expect(result.score).toBeLessThanOrEqual(39);
    expect(result.label).not.toContain("can use this site");
    expect(result.gates).toEqual([expect.objectContaining({ id: "no-platform-reads", maxGrade: "F" })]);
    const first = result.topIssues[0]!;
    expect(first.id).toBe("ai-platform-reach");
    expect(first.status).toBe("fail");
    expect(first.detail).toStartWith("Grade capped at F: no AI platform can find and read the homepage.");
    for (const platform of ["ChatGPT", "Google AI Overviews", "Microsoft Copilot", "Perplexity", "Claude"]) expect(first.detail).toContain(platform);
    expect(first.detail).toContain("robots.txt line 2 `Disallow: /` (group `User-agent: *`) disallows OAI-SearchBot");
    expect(first.fix.how).toContain("User-agent: OAI-SearchBot");
    // One cause, one issue: the robots.txt finding is ranked through the reach issue and stays in the pillar.
    expect(first.alsoFoundBy).toEqual(["robots-ai-search-access"]);
    expect(result.topIssues.map((issue) => issue.id)).not.toContain("robots-ai-search-access");
    const robots = signal(record, "robots-ai-search-access");
    expect(robots.impact).toBe("critical");
    for (const agent of SEARCH_AGENTS) expect(robots.detail).toContain(agent);
  });

  test("a training-only opt-out does not lower the score and is reported as a choice", async () => {
    const optOut = `${GOOD_ROBOTS}\nUser-agent: GPTBot\nUser-agent: CCBot\nUser-agent: Google-Extended\nDisallow: /\n`;
    const open = await scanSite(page(), GOOD_ROBOTS);
    const optedOut = await scanSite(page(), optOut);
    expect(optedOut.result!.score).toBe(open.result!.score);
    const training = signal(optedOut, "robots-ai-training");
    expect(["pass", "na"]).toContain(training.status);
    expect(training.detail).toContain("choice");
    for (const bot of ["GPTBot", "CCBot", "Google-Extended"]) expect(training.detail).toContain(bot);
    expect(training.detail).toContain("AI Overviews");
    expect(optedOut.result!.topIssues.map((issue) => issue.id)).not.toContain("robots-ai-training");
    expect(signal(optedOut, "robots-ai-search-access").status).toBe("pass");
  });

  test("robots.txt answering 500 means disallow all: a gate", async () => {
    const record = await scanSite(page(), text("https://example.com/robots.txt", "oops", { status: 500 }));
    expect(record.result!.grade).toBe("F");
    expect(record.result!.topIssues[0]!.id).toBe("ai-platform-reach");
    expect(record.result!.topIssues[0]!.detail).toContain("answered HTTP 500; per RFC 9309 crawlers must then assume every URL is disallowed");
    expect(record.result!.topIssues[0]!.fix.how).toContain("Serve /robots.txt with status 200");
  });

  test("robots.txt that cannot be fetched means disallow all", async () => {
    const record = await scanSite(page(), fetchError("timeout", "https://example.com/robots.txt", "no answer within 10 s"));
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(signal(record, "robots-ai-search-access").status).toBe("fail");
  });

  test("robots.txt answering 404 means allow all", async () => {
    const record = await scanSite(page(), text("https://example.com/robots.txt", "Not found", { status: 404 }));
    expect(signal(record, "robots-ai-search-access").status).toBe("pass");
    expect(record.result!.score).toBeGreaterThan(40);
  });

  test("an HTML page served as robots.txt is a warning, not a gate", async () => {
    const record = await scanSite(page(), html("https://example.com/robots.txt", page()));
    const access = signal(record, "robots-ai-search-access");
    expect(access.status).toBe("warn");
    expect(access.detail).toContain("HTML");
    expect(record.result!.score).toBeGreaterThan(40);
  });

  test("noindex in a meta tag is a gate: the noindex gate leads, with the platforms it costs merged into it", async () => {
    const record = await scanSite(page({ head: '<meta name="robots" content="noindex, follow">' }), GOOD_ROBOTS);
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(record.result!.label).toBe("Poor: The homepage tells every crawler not to index it (noindex)");
    expect(record.result!.topIssues[0]!.id).toBe("page-directives");
    expect(record.result!.topIssues[0]!.detail).toContain("noindex");
    expect(record.result!.topIssues[0]!.alsoFoundBy).toEqual(["ai-platform-reach"]);
    expect(record.result!.topIssues.map((issue) => issue.id)).not.toContain("ai-platform-reach");
    expect(record.result!.gates!.map((gate) => gate.id)).toContain("noindex");
    // noindex keeps ChatGPT's index out, but ChatGPT-User, a fetcher, still reads the page when a person asks.
    expect(signal(record, "ai-platform-reach").evidence).toContain(
      "ChatGPT: limited — `<meta name=\"robots\" content=\"noindex, follow\">` tells OAI-SearchBot not to index the homepage; ChatGPT-User gets the browser's page when a person asks (31% of the AI audience)",
    );
    // Amzn-User was not probed: Alexa is unknown, not lost.
    expect(signal(record, "ai-platform-reach").evidence.find((line) => line.startsWith("Amazon Alexa:"))).toStartWith("Amazon Alexa: unknown — ");
  });

  test("noindex in the X-Robots-Tag header is a gate", async () => {
    const record = await scanSite(page(), GOOD_ROBOTS, { "x-robots-tag": "noindex" });
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(record.result!.topIssues[0]!.id).toBe("page-directives");
    expect(record.result!.topIssues[0]!.detail).toContain("X-Robots-Tag");
  });

  test("an empty app shell is a gate", async () => {
    const record = await scanSite(APP_SHELL, GOOD_ROBOTS);
    expect(record.result!.score).toBeLessThanOrEqual(40);
    expect(record.result!.topIssues[0]!.id).toBe("raw-html-text");
    expect(record.result!.topIssues[0]!.detail).toContain("#root");
  });

  test("invalid JSON-LD fails with the parse problem in the detail", async () => {
    const record = await scanSite(page({ head: '<script type="application/ld+json">{"@type": "Organization", "name": "Example",}</script>' }), GOOD_ROBOTS);
    const jsonLd = signal(record, "json-ld-parses");
    expect(jsonLd.status).toBe("fail");
    expect(jsonLd.detail).toMatch(/Block 1 of 1: .*\S/);
    expect(jsonLd.detail.toLowerCase()).toContain("json");
    expect(record.result!.topIssues.map((issue) => issue.id)).toContain("json-ld-parses");
  });

  test("an unreachable site yields a failed record with a null result and the artifacts", async () => {
    const { record, artifacts } = await visibilityAnalyzer.scan(
      contextFor({
        "https://example.com/": fetchError("connect", "https://example.com/", "connection refused"),
        "http://example.com/": fetchError("connect", "http://example.com/", "connection refused"),
      }),
    );
    expect(record.status).toBe("failed");
    expect(record.result).toBeNull();
    expect(record.offSite).toBeNull();
    expect(record.reason).toContain("connection refused");
    expect(Value.Check(visibilityAnalyzer.recordSchema, record)).toBe(true);
    expect((artifacts as Artifacts).homepage.ok).toBe(false);
    expect(visibilityAnalyzer.scoreOf(record)).toBeNull();
  });

  test("scoreOf returns the result's score", async () => {
    const record = await scanSite(page(), GOOD_ROBOTS);
    expect(visibilityAnalyzer.scoreOf(record)).toBe(record.result!.score);
  });

  test("stored artifacts re-score to the same record without fetching", async () => {
    const context = contextFor({ "https://example.com/": html("https://example.com/", page()), "https://example.com/robots.txt": text("https://example.com/robots.txt", GOOD_ROBOTS) });
    const { record, artifacts } = await visibilityAnalyzer.scan(context);
    const stored = JSON.parse(JSON.stringify(artifacts)) as Artifacts;
    expect(scoreArtifacts("example.com", stored, NOW)).toEqual(record);
  });
});

describe("visibilityAnalyzer.failedRecord", () => {
  test("builds a failed record that validates", () => {
    const record = visibilityAnalyzer.failedRecord("example.com", "The scan did not finish within 60 seconds.", NOW);
    expect(record).toEqual({
      domain: "example.com",
      status: "failed",
      scannedAt: "2025-05-01T12:00:00.000Z",
      result: null,
      offSite: null,
      reason: "The scan did not finish within 60 seconds.",
    });
    expect(Value.Check(visibilityAnalyzer.recordSchema, record)).toBe(true);
  });
});
