/**
 * The fixture site whose gaps need a closer look (test/fixtures/sites/problem-sites.ts, sitemapIndexSite),
 * scanned in this process through the real SafeFetcher over loopback TLS: sampling from the sitemap, a
 * sitemap index's children, an article without Article markup, and a heading out of place in llms.txt.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { sitemapIndexSite } from "../../fixtures/sites/problem-sites.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";

const DOMAIN = "sparse.secure.test";
const ORIGIN = `https://${DOMAIN}`;
let site: FixtureSite;
let record: VisibilityRecord;
let artifacts: Artifacts;

beforeAll(async () => {
  site = await startFixtureSite(sitemapIndexSite(DOMAIN), { tls: true });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(DOMAIN)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)", extraCaPem: testCaPem() });
  const scan = await visibilityAnalyzer.scan({
    domain: DOMAIN,
    fetcher,
    signal: AbortSignal.timeout(20_000),
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2026-11-15T00:00:00Z"),
  });
  record = scan.record;
  artifacts = scan.artifacts as Artifacts;
}, 30_000);

afterAll(async () => {
  await site.stop();
});

const signal = (id: string) => record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id)!;

describe("a site with sparse homepage links and a sitemap index", () => {
  test("the sample is filled from the child sitemaps' pages", () => {
    expect(record.status).toBe("ok");
    expect(artifacts.samplePages!.map((page) => [new URL(page.url).pathname, page.role])).toEqual([
      ["/about", "about"],
      ["/contact", "contact"],
      ["/privacy", "privacy"],
      ["/blog/first-post", "content"],
      ["/blog/second-post", "content"],
    ]);
    expect(site.requests.map((request) => request.path)).not.toContain("/blog/third-post");
    expect(artifacts.samplePages!.map((page) => page.source)).toEqual(["homepage", "sitemap", "sitemap", "sitemap", "sitemap"]);
    expect(signal("trust-pages").detail).toContain(`contact page: ${ORIGIN}/contact is in the sitemap but not linked from the homepage`);
  });

  test("lastmod coverage is measured over the child sitemaps' pages", () => {
    const sitemap = signal("sitemap-valid");
    expect(sitemap.status).toBe("warn");
    expect(sitemap.detail).toContain(`${ORIGIN}/sitemap_index.xml (listed in robots.txt) is a sitemap index of 2 sitemaps; the 2 child sitemaps read list 8 pages, but only 5 of them (63%) carry a valid lastmod date`);
  });

  test("the blog post without Article markup is named, with its own block as the fix", () => {
    const fit = signal("schema-type-fit");
    expect(fit.status).toBe("warn");
    expect(fit.detail).toContain("/blog/first-post is an article");
    expect(fit.detail).not.toContain("/blog/second-post is");
    const issue = record.result!.topIssues.find((entry) => entry.id === "schema-type-fit");
    const how = issue?.fix.how ?? "";
    expect(how).toContain(`"headline": "Writing docs people finish"`);
    expect(how).toContain(`"url": "${ORIGIN}/blog/first-post"`);
    expect(how).toContain(`"name": "Ada Example"`);
    expect(how).toContain(`"datePublished": "2026-10-05"`);
  });

  test("llms.txt's heading before the first H2 is reported", () => {
    const llms = signal("llms-txt");
    expect(llms.status).toBe("warn");
    expect(llms.detail).toContain("Rule details-without-headings");
    expect(llms.detail).toContain("line 5 `### Highlights` is a heading in the details before the first H2");
  });
});
