import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";
import { BAKERY, bakerySite } from "./advice-sites.ts";
import { PLACED_AUDITS, roundTripProblems } from "./fix-round-trip.ts";

/**
 * The bakery of issue 25 scanned end to end: its pages served on loopback (reached through SCAN_CONNECT_TO
 * rules), Wikidata and Wikipedia faked in the shapes their APIs answer, knowing the bakery's item Q888888
 * and its article. The record's sameAs fix names what the off-site checks found, on the bakery's own
 * `#business`, and every placed fix of the scan passes the round trip.
 */
const HOST = "rosewood-bakery.secure.test";
const ORIGIN = `https://${HOST}`;
const served = bakerySite();
const pages = new Map<string, string>([
  ["/", (served.homepage as Extract<Artifacts["homepage"], { ok: true }>).html],
  ...(served.samplePages ?? []).flatMap((page) => (page.ok ? [[new URL(page.url).pathname, page.html] as [string, string]] : [])),
]);

let site: FixtureSite;
let plain: FixtureSite;
let offsite: FixtureSite;
let record: VisibilityRecord;
let artifacts: Artifacts;

beforeAll(async () => {
  site = await startFixtureSite((request) => {
    const path = new URL(request.url).pathname;
    const html = pages.get(path);
    if (html !== undefined) return new Response(html.replaceAll(BAKERY, ORIGIN), { headers: { "content-type": "text/html; charset=utf-8" } });
    if (path === "/robots.txt") return new Response("User-agent: *\nAllow: /\n", { headers: { "content-type": "text/plain" } });
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  }, { tls: true });
  plain = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `${ORIGIN}${new URL(request.url).pathname}` } }));
  offsite = await startFixtureSite((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/sparql") return Response.json({ head: { vars: ["item", "article"] }, results: { bindings: [{ item: { type: "uri", value: "http://www.wikidata.org/entity/Q888888" }, article: { type: "uri", value: "https://en.wikipedia.org/wiki/Rosewood_Bakery" } }] } });
    if (url.pathname === "/w/api.php") return Response.json({ batchcomplete: "", query: { exturlusage: [{ pageid: 1, ns: 0, title: "Portland, Oregon" }, { pageid: 2, ns: 0, title: "Rosewood Bakery" }] } });
    if (url.pathname === "/collinfo.json") return Response.json([]);
    return new Response("not found", { status: 404 });
  });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(HOST), plain.connectTo(HOST, 80)]), timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)", extraCaPem: testCaPem() });
  const scanned = await visibilityAnalyzer.scan({
    domain: HOST,
    fetcher,
    signal: AbortSignal.timeout(60_000),
    offsite: { enabled: true, wikidataSparqlUrl: `${offsite.url}/sparql`, wikipediaApiUrl: `${offsite.url}/w/api.php`, commonCrawlIndexUrl: offsite.url },
    now: () => new Date("2026-11-15T12:00:00Z"),
  });
  record = scanned.record;
  artifacts = scanned.artifacts as Artifacts;
}, 90_000);

afterAll(async () => {
  await Promise.all([site.stop(), plain.stop(), offsite.stop()]);
});

describe("the bakery, scanned", () => {
  test("the sameAs fix in the record extends #business with Q888888 and the article, placed on the homepage", () => {
    expect(record.offSite?.wikidata).toMatchObject({ status: "found", url: "https://www.wikidata.org/wiki/Q888888" });
    const signal = record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === "organization-identity")!;
    expect(signal.status).toBe("warn");
    const code = `<script type="application/ld+json">\n${JSON.stringify({ "@context": "https://schema.org", "@type": "Bakery", "@id": `${ORIGIN}/#business`, sameAs: ["https://www.wikidata.org/wiki/Q888888", "https://en.wikipedia.org/wiki/Rosewood_Bakery"] }, null, 2)}\n</script>`;
    expect(signal.fix!.code).toEqual([{ where: { kind: "head", url: `${ORIGIN}/` }, language: "html", code }]);
    expect(signal.fix!.how).toContain(code);
    expect(signal.fix!.how).not.toContain("<your item>");
  });

  test("no fix in the record refers to #organization or adds an Organization beside the Bakery", () => {
    const fixes = record.result!.pillars.flatMap((pillar) => pillar.signals).flatMap((entry) => (entry.fix ? [entry.fix.how] : []));
    expect(fixes.length).toBeGreaterThan(0);
    for (const how of fixes) {
      expect(how).not.toContain("#organization");
      expect(how).not.toContain('"@type": "Organization"');
    }
  });

  test("every placed fix of the scan passes the round trip on the gathered artifacts", () => {
    for (const id of PLACED_AUDITS) expect({ id, problems: roundTripProblems(artifacts, id) }).toEqual({ id, problems: [] });
  });
});
