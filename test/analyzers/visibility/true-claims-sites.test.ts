/**
 * Issue 25, "every claim true of the page": fixture sites scanned in this process through the real
 * SafeFetcher over loopback TLS (SCAN_CONNECT_TO's mechanism), off-site services faked on loopback. Each
 * site asserts the exact claim, the fix and where the issue ranks.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { explainFailure } from "../../../src/web/failure-explanation.ts";
import { recordChanges, visibilityFindings } from "../../../src/reports/record-changes.ts";
import { wellPreparedSite } from "../../fixtures/sites/well-prepared.ts";
import { type FixtureHandler, type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";

interface Scanned {
  record: VisibilityRecord;
  artifacts: Artifacts;
}

const running: FixtureSite[] = [];
let offsiteService: FixtureSite;

/** Fake Wikidata, Wikipedia and Common Crawl in the shapes of their documentation: `citing` English articles link to every domain; no Wikidata item. */
function offsiteFake(citing: number) {
  return (request: Request): Response => {
    const url = new URL(request.url);
    if (url.pathname === "/sparql") return Response.json({ head: { vars: ["item", "article"] }, results: { bindings: [] } });
    if (url.pathname === "/w/api.php") return Response.json({ query: { exturlusage: Array.from({ length: citing }, (_, index) => ({ pageid: index + 1, ns: 0, title: `Article ${index + 1}` })) } });
    if (url.pathname === "/collinfo.json") return Response.json([{ id: "CC-MAIN-2026-44", "cdx-api": `http://127.0.0.1:${url.port}/CC-MAIN-2026-44-index` }]);
    if (url.pathname.endsWith("-index")) return new Response(`${JSON.stringify({ urlkey: "test,secure)/", timestamp: "20261101000000", url: "https://example.test/" })}\n`);
    return new Response("not found", { status: 404 });
  };
}

async function scan(domain: string, routes: Record<string, FixtureHandler>, options: { offsite?: boolean; requests?: (requests: FixtureSite["requests"]) => void } = {}): Promise<Scanned> {
  const site = await startFixtureSite(routes, { tls: true });
  running.push(site);
  options.requests?.(site.requests);
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(domain)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)", extraCaPem: testCaPem() });
  const base = offsiteService.url;
  const result = await visibilityAnalyzer.scan({
    domain,
    fetcher,
    signal: AbortSignal.timeout(30_000),
    offsite: options.offsite
      ? { enabled: true, wikidataSparqlUrl: `${base}/sparql`, wikipediaApiUrl: `${base}/w/api.php`, commonCrawlIndexUrl: `${base}/collinfo.json` }
      : { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2026-11-15T00:00:00Z"),
  });
  return { record: result.record, artifacts: result.artifacts as Artifacts };
}

const signal = (record: VisibilityRecord, id: string) => record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id)!;
const rankOf = (record: VisibilityRecord, id: string) => record.result!.topIssues.findIndex((issue) => issue.id === id);

const DEAD_FEED = "dead-feed.secure.test";
let deadFeed: Scanned;
const DOWN = "down-bakery.secure.test";
let down: Scanned;
let downRequests: FixtureSite["requests"];
const FLAKY = "flaky-bakery.secure.test";
let flaky: Scanned;
const GRAPH = "graph-bakery.secure.test";
let graph: Scanned;
const HUGE = "huge-bakery.secure.test";
let huge: Scanned;
const CITED = "cited-bakery.secure.test";
let cited: Scanned;
const STATEMENTS = "rosewood-bakery.secure.test";
let statements: Scanned;

/** The well-prepared homepage with a bakery's complete @graph (address, geo, opening hours nested) and a block whose @vocab lacks its final slash. */
function graphBakery(name: string): Record<string, FixtureHandler> {
  const routes = wellPreparedSite(name);
  const home = routes["/"] as (request: Request) => Response;
  const origin = `https://${name}`;
  const business = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Bakery",
        "@id": `${origin}/#business`,
        name: "Rosewood Bakery",
        url: `${origin}/`,
        address: { "@type": "PostalAddress", streetAddress: "12 Rose Lane", addressLocality: "Bristol", postalCode: "BS1 4DJ", addressCountry: "GB" },
        geo: { "@type": "GeoCoordinates", latitude: 51.45, longitude: -2.59 },
        openingHoursSpecification: [{ "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "07:00", closes: "18:00" }],
      },
      { "@type": "WebSite", "@id": `${origin}/#website`, name: "Rosewood Bakery", url: `${origin}/`, publisher: { "@id": `${origin}/#business` } },
    ],
  };
  const news = { "@context": { "@vocab": "http://schema.org" }, "@type": "NewsArticle", headline: "We open on Sundays", datePublished: "2026-10-01" };
  return {
    ...routes,
    "/": async (request) => {
      const html = (await home(request).text())
        .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>\s*/g, "")
        .replace("</head>", `<script type="application/ld+json">${JSON.stringify(business)}</script>\n<script type="application/ld+json">${JSON.stringify(news)}</script>\n</head>`);
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  };
}

/** The well-prepared homepage padded to 6 MiB after its content, served with its Content-Length. */
function hugeHomepage(page: (request: Request) => Response): (request: Request) => Promise<Response> {
  return async (request) => {
    const html = await page(request).text();
    const padded = html.replace("</body>", `<!-- ${"x".repeat(6 * 1024 * 1024 - html.length - 20)} --></body>`);
    return new Response(padded, { headers: { "content-type": "text/html; charset=utf-8", "content-length": String(Buffer.byteLength(padded)) } });
  };
}

/** Answers 503 to the scanner's first request for the homepage, then as the page does; the live probes always get the page. */
function flakyOnce(page: (request: Request) => Response): (request: Request) => Response {
  let failed = false;
  return (request) => {
    if (!failed && (request.headers.get("user-agent") ?? "").includes("sightline-test")) {
      failed = true;
      return new Response("busy", { status: 503 });
    }
    return page(request);
  };
}

/** The well-prepared site's homepage with the bakery's statement headings in place of its question headings. */
function statementHeadings(name: string): Record<string, FixtureHandler> {
  const routes = wellPreparedSite(name);
  const home = routes["/"] as (request: Request) => Response;
  return {
    ...routes,
    "/": async (request) => {
      const html = (await home(request).text())
        .replace(/<h2>What does [^<]*\?<\/h2>/, "<h2>What we bake</h2>")
        .replace("<h2>How much does it cost?</h2>", "<h2>How we bake</h2>");
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  };
}

beforeAll(async () => {
  offsiteService = await startFixtureSite(offsiteFake(2));
  const { "/feed.xml": _feed, ...withoutFeed } = wellPreparedSite(DEAD_FEED);
  [deadFeed, statements, cited, down, flaky, graph, huge] = await Promise.all([
    scan(DEAD_FEED, withoutFeed),
    scan(STATEMENTS, statementHeadings(STATEMENTS)),
    scan(CITED, wellPreparedSite(CITED), { offsite: true }),
    scan(DOWN, { ...wellPreparedSite(DOWN), "/": () => new Response("<h1>Service Unavailable</h1>", { status: 503, headers: { "content-type": "text/html" } }) }, { requests: (requests) => (downRequests = requests) }),
    scan(FLAKY, { ...wellPreparedSite(FLAKY), "/": flakyOnce(wellPreparedSite(FLAKY)["/"] as (request: Request) => Response) }),
    scan(GRAPH, graphBakery(GRAPH)),
    scan(HUGE, { ...wellPreparedSite(HUGE), "/": hugeHomepage(wellPreparedSite(HUGE)["/"] as (request: Request) => Response) }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([...running, offsiteService].map((site) => site?.stop()));
});

describe("a feed is fetched before it passes", () => {
  test("the announced /feed.xml answers 404: the gatherer fetched it, the audit fails with what it got", () => {
    expect(deadFeed.artifacts.feed).toMatchObject({ ok: true, url: `https://${DEAD_FEED}/feed.xml`, status: 404, kind: null });
    const feed = signal(deadFeed.record, "feed");
    expect(feed.status).toBe("fail");
    expect(feed.detail).toBe(`The homepage announces a feed at https://${DEAD_FEED}/feed.xml, but it answers HTTP 404: readers and crawlers that follow the link find no feed.`);
    expect(feed.evidence).toContain(`https://${DEAD_FEED}/feed.xml: HTTP 404, text/plain`);
  });

  test("it ranks first on an otherwise well-prepared site, in the understanding stage, costing the feed's whole weight", () => {
    const [issue] = deadFeed.record.result!.topIssues;
    expect(rankOf(deadFeed.record, "feed")).toBe(0);
    // 10 of the discover pillar's 100, a 12-point pillar of the 90 assessed (presence is off): 1.3 points.
    expect(issue).toMatchObject({ stage: "understand", points: 1.3, impact: "medium", status: "fail" });
    expect(issue!.fix.what).toBe("Make the announced feed answer, or remove the link");
    expect(issue!.fix.how).toContain(`Serve the feed at \`https://${DEAD_FEED}/feed.xml\``);
  });

  test("history does not list the dead feed as fixed after a scan that found no feed link", () => {
    const now = visibilityFindings(deadFeed.record);
    const before = now.map((finding) => (finding.id === "feed" ? { ...finding, status: "warn" as const } : finding));
    const changes = recordChanges(before, now);
    expect(changes.fixed.map((change) => change.id)).not.toContain("feed");
    expect(changes.regraded).toContainEqual({ id: "feed", title: "An RSS or Atom feed announces new content", from: "warn", to: "fail" });
  });

  test("the well-prepared site's live feed passes with its kind", async () => {
    const live = await scan("live-feed.secure.test", wellPreparedSite("live-feed.secure.test"));
    expect(signal(live.record, "feed")).toMatchObject({ status: "pass", detail: "The homepage announces an RSS feed at https://live-feed.secure.test/feed.xml, which answers HTTP 200, with no items yet." });
  });
});

describe("a question heading is a question", () => {
  test("\"What we bake\" and \"How we bake\" are statements: no question heading, with the FAQ fix", () => {
    const headings = signal(statements.record, "question-headings");
    expect(headings.status).toBe("warn");
    expect(headings.detail).toBe("None of the 3 pages read has a heading phrased as a question.");
    expect(headings.fix!.what).toBe("Answer the questions people ask, under headings that ask them");
    expect(headings.fix!.how).toContain(`"What does ${STATEMENTS} do?"`);
    // The answers are the owner's to write: no block is offered that could not be proven on the site's markup.
    expect(headings.fix!.how).not.toContain("```");
    expect(headings.fix!.code).toBeUndefined();
  });

  test("it ranks in the understanding stage by its points: 0.5 of 10 in a 15-point pillar of the 90 assessed", () => {
    const issue = statements.record.result!.topIssues.find((candidate) => candidate.id === "question-headings")!;
    expect(issue).toMatchObject({ stage: "understand", points: 0.8, impact: "low", status: "warn" });
    const ranked = statements.record.result!.topIssues;
    expect(ranked.slice(0, rankOf(statements.record, "question-headings")).every((other) => other.stage === "reach" || other.points! >= issue.points!)).toBe(true);
  });
});

describe("Wikipedia cites the site", () => {
  test("two English articles link to the site and no article is about it: a pass that names the stronger state", () => {
    expect(cited.artifacts.offsite).toMatchObject({ wikipediaCitations: 2, wikipedia: { status: "not_found" } });
    const wikipedia = signal(cited.record, "wikipedia-article");
    expect(wikipedia).toMatchObject({ status: "pass", score: 1 });
    expect(wikipedia.detail).toBe(`2 English Wikipedia articles cite ${CITED} (link to it), so Wikipedia cites the site. No article is about the organisation itself: one, linked from its Wikidata item, would be the stronger signal.`);
    expect(cited.record.result!.topIssues.map((issue) => issue.id)).not.toContain("wikipedia-article");
  });

  test("the missing Wikidata item ranks last, in the presence stage, below every fix on the site", () => {
    const issues = cited.record.result!.topIssues;
    const wikidata = rankOf(cited.record, "wikidata-entity");
    expect(wikidata).toBe(issues.length - 1);
    // It costs more points than any fix above it, and still comes after them.
    expect(issues[wikidata]).toMatchObject({ stage: "presence", impact: "low", points: 5.7 });
    expect(Math.max(...issues.slice(0, wikidata).map((issue) => issue.points!))).toBeLessThan(5.7);
    expect(issues.slice(0, wikidata).every((issue) => issue.stage !== "presence")).toBe(true);
  });
});

describe("a homepage that answers 5xx", () => {
  test("is asked once more after a short wait; still 503, the scan is stored failed with the status, not scored", () => {
    const scannerRequests = downRequests.filter((request) => request.path === "/" && (request.headers["user-agent"] ?? "").includes("sightline-test"));
    expect(scannerRequests).toHaveLength(2);
    expect(down.artifacts.homepage).toMatchObject({ ok: true, status: 503, retried: { firstStatus: 503, waitMs: 1500 } });
    expect(down.record).toEqual({
      domain: DOWN,
      status: "failed",
      scannedAt: "2026-11-15T00:00:00.000Z",
      result: null,
      offSite: null,
      reason: `The homepage https://${DOWN}/ answered HTTP 503, and HTTP 503 again when asked once more after 1.5 s: a server error, so the site could not be scanned and was not scored. Scan again once the server answers.`,
    });
    expect(visibilityAnalyzer.scoreOf(down.record)).toBeNull();
    // The report page explains it as an HTTP error and, with no result, offers no badge.
    expect(explainFailure(down.record.reason!, DOWN)).toMatchObject({ cause: "http-status", sentence: `The page on ${DOWN} answered with an HTTP error, so there was nothing to analyse.` });
  });

  test("re-scoring the stored artifacts keeps it failed", async () => {
    const { scoreArtifacts } = await import("../../../src/analyzers/visibility/score-artifacts.ts");
    expect(scoreArtifacts(DOWN, down.artifacts, new Date("2026-11-16T00:00:00Z"))).toMatchObject({ status: "failed", result: null });
  });

  test("a homepage that answers 503 once and then the page is scored from the second answer", () => {
    expect(flaky.artifacts.homepage).toMatchObject({ ok: true, status: 200, retried: { firstStatus: 503, waitMs: 1500 } });
    expect(flaky.record.status).toBe("ok");
    expect(signal(flaky.record, "homepage-status").status).toBe("pass");
  });
});

describe("types a page declares", () => {
  const VOCAB_NOTE = "`@vocab` is `http://schema.org` without its final slash, so JSON-LD reads `http://schema.orgNewsArticle`; Google reads it as NewsArticle. Write `\"@vocab\": \"http://schema.org/\"` (or `\"@context\": \"https://schema.org\"`) so that every reader gets NewsArticle.";

  test("are its top-level types: the address, geo and opening hours nested in the Bakery are values, not declarations", () => {
    const fit = signal(graph.record, "schema-type-fit");
    const home = fit.evidence.find((line) => line.startsWith("/:"))!;
    expect(home).toBe("/: the homepage; declares Bakery, WebSite, NewsArticle");
    for (const nested of ["PostalAddress", "GeoCoordinates", "OpeningHoursSpecification"]) expect(JSON.stringify(fit)).not.toContain(nested);
  });

  test("a slash-less @vocab is named as the term Google reads, with what happened and what to change", () => {
    const present = signal(graph.record, "json-ld-present");
    expect(present.status).toBe("pass");
    expect(present.detail).toBe(`The homepage declares Bakery, WebSite, NewsArticle in JSON-LD. ${VOCAB_NOTE}`);
    expect(present.evidence).toContain("NewsArticle (JSON-LD)");
    const everything = JSON.stringify(graph.record.result);
    expect(everything).not.toMatch(/http:\/\/schema\.orgNewsArticle(?!`)/);
    expect(signal(graph.record, "schema-type-fit").detail).toContain(VOCAB_NOTE);
  });
});

describe("a page over the read cap is a finding of its own", () => {
  test("its size from Content-Length, what Googlebot reads of it, and where the scan cut", () => {
    expect(huge.artifacts.homepage).toMatchObject({ ok: true, truncated: true, bytesRead: 5 * 1024 * 1024 });
    const size = signal(huge.record, "page-size");
    expect(size.status).toBe("fail");
    expect(size.detail).toBe(
      "The homepage's HTML is 6.0 MB (Content-Length). Googlebot reads only the first 2 MB of an HTML file for Google Search (Google's other crawlers and fetchers, 15 MB), so what follows is invisible to Google Search and its AI features; other AI crawlers publish no limit. " +
        "The scan read its first 5.0 MB, the most it reads of one response (FETCH_MAX_BYTES), and judged only that part.",
    );
    expect(size.evidence).toEqual(["read: 5.0 MB (cut)", expect.stringMatching(/^Content-Length: 629\d{4} bytes$/)]);
  });

  test("it ranks first, in the reach stage, with its own fix; the other audits keep a one-sentence cut note", () => {
    const [first] = huge.record.result!.topIssues;
    expect(first).toMatchObject({ id: "page-size", stage: "reach", impact: "high", status: "fail" });
    expect(first!.fix.what).toBe("Make the homepage's HTML smaller");
    expect(signal(huge.record, "raw-html-text").detail).toEndWith("The page was cut at 5.0 MB, the most the scan reads of one response (FETCH_MAX_BYTES): only that part was judged.");
  });

  test("a small page passes, read whole", () => {
    expect(signal(graph.record, "page-size")).toMatchObject({ status: "pass", detail: expect.stringMatching(/^The homepage's HTML is \d+ KB, read whole; Googlebot reads the first 2 MB of an HTML file for Google Search/) });
  });
});
