/**
 * The fixture site that publishes gzipped sitemaps (test/fixtures/sites/problem-sites.ts, gzippedSitemapSite),
 * gathered in this process through the real SafeFetcher over loopback TLS: the .gz files arrive as gzip
 * bytes without Content-Encoding, and the bomb among the child sitemaps is cut at the child cap.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import { sitemapValid } from "../../../src/analyzers/visibility/audits/discover/sitemap-valid.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import { gatherArtifacts } from "../../../src/analyzers/visibility/gather/index.ts";
import { CHILD_SITEMAP_MAX_BYTES } from "../../../src/analyzers/visibility/gather/sitemap.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { gzippedSitemapSite } from "../../fixtures/sites/problem-sites.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";

const DOMAIN = "gzipped.secure.test";
const ORIGIN = `https://${DOMAIN}`;
let site: FixtureSite;
let artifacts: Artifacts;

beforeAll(async () => {
  site = await startFixtureSite(gzippedSitemapSite(DOMAIN), { tls: true });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(DOMAIN)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)", extraCaPem: testCaPem() });
  artifacts = await gatherArtifacts({ domain: DOMAIN, fetcher, signal: AbortSignal.timeout(20_000) });
}, 30_000);

afterAll(async () => {
  await site.stop();
});

describe("a site with gzipped sitemaps", () => {
  test("the gzipped index and its gzipped child are read; the bomb child is cut at the cap", () => {
    const sitemap = artifacts.sitemap!;
    if (!sitemap.ok) throw new Error(sitemap.error.message);
    expect(sitemap).toMatchObject({ url: `${ORIGIN}/sitemap_index.xml.gz`, source: "robots", kind: "sitemapindex", entries: 3, gzipped: true, contentType: "application/gzip" });
    const [pages, posts, bomb] = sitemap.children!;
    expect(pages).toMatchObject({ ok: true, url: `${ORIGIN}/sitemaps/pages.xml.gz`, kind: "urlset", entries: 3, withLastmod: 3, gzipped: true, truncated: false });
    expect(posts).toMatchObject({ ok: true, kind: "urlset", entries: 1 });
    expect(posts).not.toHaveProperty("gzipped");
    expect(bomb).toMatchObject({ ok: true, url: `${ORIGIN}/sitemaps/bomb.xml.gz`, kind: "urlset", gzipped: true, truncated: true });
    // Only what fits in the child cap was inflated: the 32 MiB bomb holds about 16 times as many entries.
    const entryBytes = `<url><loc>${ORIGIN}/archive/page</loc><lastmod>2026-01-01</lastmod></url>`.length;
    expect(bomb!.ok && bomb!.entries).toBeLessThanOrEqual(CHILD_SITEMAP_MAX_BYTES / entryBytes);
    expect(bomb!.ok && bomb!.entries).toBeGreaterThan(CHILD_SITEMAP_MAX_BYTES / entryBytes - 10);
  });

  test("the audit measures coverage over the children and says the bomb was cut", () => {
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toContain(`${ORIGIN}/sitemap_index.xml.gz (listed in robots.txt) is a sitemap index of 3 sitemaps; the 3 child sitemaps read list`);
    expect(outcome.detail).toContain("(the first few MB of each read, decompressed)");
    expect(outcome.evidence).toContain(`${ORIGIN}/sitemaps/pages.xml.gz: HTTP 200, gzipped urlset with 3 entries, 3 with lastmod`);
    expect(outcome.evidence.find((line) => line.startsWith(`${ORIGIN}/sitemaps/bomb.xml.gz: `))).toEndWith("(it inflates past 2 MiB: the first 2 MiB read)");
  });
});
