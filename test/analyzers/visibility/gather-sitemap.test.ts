import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import { sitemapValid } from "../../../src/analyzers/visibility/audits/discover/sitemap-valid.ts";
import { gatherArtifacts } from "../../../src/analyzers/visibility/gather/index.ts";
import { pickSitemapPages, SAMPLE_PAGES_MAX } from "../../../src/analyzers/visibility/gather/sample-pages.ts";
import { PER_SITE_CONCURRENCY } from "../../../src/analyzers/visibility/gather/site-limiter.ts";
import { CHILD_SITEMAP_MAX_BYTES, CHILD_SITEMAPS_READ, childSitemapUrls } from "../../../src/analyzers/visibility/gather/sitemap.ts";
import type { SafeFetcher } from "../../../src/net/fetch-types.ts";
import { type Canned, fakeFetcher, html, response, text } from "./fake-fetcher.ts";
import { homepage } from "./sample-site.ts";

const origin = "https://example.com";
const xml = (url: string, body: string, status = 200) => response(url, body, { status, headers: { "content-type": "application/xml" } });
const urlset = (entries: { loc: string; lastmod?: string }[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.map((entry) => `<url><loc>${entry.loc}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`).join("")}</urlset>`;
const index = (locs: string[]) => `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc><lastmod>2026-11-01</lastmod></sitemap>`).join("")}</sitemapindex>`;

function routesWith(extra: Record<string, Canned>, homeHtml = "<h1>Home</h1>"): Record<string, Canned> {
  return {
    [`${origin}/`]: html(`${origin}/`, homeHtml),
    [`${origin}/robots.txt`]: text(`${origin}/robots.txt`, `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap_index.xml\n`),
    ...extra,
  };
}

const gather = (fetcher: SafeFetcher) => gatherArtifacts({ domain: "example.com", fetcher, signal: new AbortController().signal });

describe("a sitemap index", () => {
  test("its first three child sitemaps on the site are read, byte-capped, and lastmod coverage is measured over their pages", async () => {
    const children = [1, 2, 3, 4].map((n) => `${origin}/sitemap-${n}.xml`);
    const fetcher = fakeFetcher(
      routesWith({
        [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, index(["https://cdn.other.org/sitemap.xml", ...children])),
        [children[0]!]: xml(children[0]!, urlset([{ loc: `${origin}/a`, lastmod: "2026-10-01" }, { loc: `${origin}/b`, lastmod: "2026-10-02" }])),
        [children[1]!]: xml(children[1]!, urlset([{ loc: `${origin}/c` }, { loc: `${origin}/d` }])),
        [children[2]!]: xml(children[2]!, urlset([{ loc: `${origin}/e`, lastmod: "2026-11-03" }])),
      }),
    );
    const artifacts = await gather(fetcher);
    const sitemap = artifacts.sitemap!;
    expect(sitemap).toMatchObject({ ok: true, kind: "sitemapindex", entries: 5 });
    if (!sitemap.ok) throw new Error("unreachable");
    expect(sitemap.children!.map((child) => child.url)).toEqual(children.slice(0, CHILD_SITEMAPS_READ));
    expect(sitemap.children![0]).toMatchObject({ ok: true, kind: "urlset", entries: 2, withLastmod: 2 });
    const calls = fetcher.calls.map((call) => call.url);
    expect(calls).not.toContain("https://cdn.other.org/sitemap.xml");
    expect(calls).not.toContain(children[3]);
    for (const child of children.slice(0, 3)) expect(fetcher.calls.find((call) => call.url === child)!.options?.maxBytes).toBe(CHILD_SITEMAP_MAX_BYTES);

    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("is a sitemap index of 5 sitemaps; the 3 child sitemaps read list 5 pages, but only 3 of them (60%) carry a valid lastmod date");
    expect(outcome.evidence).toContain(`${children[1]}: HTTP 200, urlset with 2 entries, 0 with lastmod`);
  });

  test("child sitemaps are fetched within the per-site concurrency bound", async () => {
    const children = [1, 2, 3].map((n) => `${origin}/sitemap-${n}.xml`);
    const inner = fakeFetcher(
      routesWith({
        [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, index(children)),
        ...Object.fromEntries(children.map((child) => [child, xml(child, urlset([{ loc: `${origin}/x`, lastmod: "2026-10-01" }]))])),
      }),
    );
    let running = 0;
    let peak = 0;
    const slow: SafeFetcher = {
      async fetch(url, options) {
        running++;
        peak = Math.max(peak, running);
        try {
          await Bun.sleep(2);
          return await inner.fetch(url, options);
        } finally {
          running--;
        }
      },
    };
    const artifacts = await gather(slow);
    expect(artifacts.sitemap!.ok && artifacts.sitemap!.children).toHaveLength(3);
    expect(peak).toBeLessThanOrEqual(PER_SITE_CONCURRENCY);
  });

  test("unusable children are named; refused ones leave the coverage unknown", async () => {
    const [good, missing] = [`${origin}/s1.xml`, `${origin}/s2.xml`];
    const artifacts = await gather(
      fakeFetcher(
        routesWith({
          [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, index([good, missing])),
          [good]: xml(good, urlset([{ loc: `${origin}/a`, lastmod: "2026-10-01" }])),
          [missing]: xml(missing, "not found", 404),
        }),
      ),
    );
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome).toMatchObject({ status: "warn", score: 0.7 });
    expect(outcome.detail).toContain(`one child sitemap is unusable: ${missing} (HTTP 404)`);
    expect(outcome.fix!.how).toContain(`Fix or remove these entries of ${origin}/sitemap_index.xml: ${missing} (HTTP 404)`);

    const refused = await gather(
      fakeFetcher(routesWith({ [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, index([good])), [good]: xml(good, "no", 403) })),
    );
    expect(runAudit(sitemapValid, refused)).toMatchObject({ status: "unknown", score: null });

    const allBroken = await gather(
      fakeFetcher(routesWith({ [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, index([good])), [good]: xml(good, "<html>oops</html>") })),
    );
    expect(runAudit(sitemapValid, allBroken)).toMatchObject({ status: "warn", score: 0.3 });
    expect(runAudit(sitemapValid, allBroken).detail).toContain(`none of the 1 child sitemaps read could be used: ${good} (not a <urlset> sitemap)`);
  });

  test("child URLs: the index's host or its www. twin, http(s) only, no repeats, at most three", () => {
    expect(
      childSitemapUrls(["/s1.xml", "https://www.example.com/s2.xml", "https://other.org/s.xml", "ftp://example.com/s.xml", "https://example.com/s1.xml", "https://example.com/s3.xml", "https://example.com/s4.xml"], `${origin}/sitemap_index.xml`),
    ).toEqual(["https://example.com/s1.xml", "https://www.example.com/s2.xml", "https://example.com/s3.xml"]);
  });
});

describe("sample pages from the sitemap", () => {
  test("when the homepage links to too few pages, the sitemap fills the sample (same host, roles by path)", async () => {
    const fetcher = fakeFetcher(
      routesWith(
        {
          [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, index([`${origin}/pages.xml`])),
          [`${origin}/pages.xml`]: xml(
            `${origin}/pages.xml`,
            urlset([`${origin}/`, `${origin}/guide`, "https://other.org/blog/x", `${origin}/about-us`, `${origin}/blog/a`, `${origin}/blog/b`, `${origin}/blog/c`, `${origin}/contact`].map((loc) => ({ loc }))),
          ),
          ...Object.fromEntries([`${origin}/guide`, `${origin}/blog/a`, `${origin}/about-us`, `${origin}/contact`].map((url) => [url, html(url, "<h1>Page</h1>")])),
        },
        '<h1>Home</h1><a href="/guide">Guide</a>',
      ),
    );
    const artifacts = await gather(fetcher);
    expect(artifacts.samplePages!.map((page) => [page.url, page.role, page.ok])).toEqual([
      [`${origin}/guide`, "content", true],
      [`${origin}/about-us`, "about", true],
      [`${origin}/blog/a`, "content", true],
      [`${origin}/contact`, "contact", true],
    ]);
    const calls = fetcher.calls.map((call) => call.url);
    expect(calls).not.toContain("https://other.org/blog/x");
    expect(calls).not.toContain(`${origin}/blog/b`);
  });

  test("when the homepage fills the sample, the sitemap's pages are not fetched", async () => {
    const links = ["/about", "/contact", "/privacy", "/a", "/b"].map((path) => `<a href="${path}">${path}</a>`).join("");
    const fetcher = fakeFetcher(
      routesWith({ [`${origin}/sitemap_index.xml`]: xml(`${origin}/sitemap_index.xml`, urlset([{ loc: `${origin}/from-sitemap` }])) }, `<h1>Home</h1>${links}`),
    );
    const artifacts = await gather(fetcher);
    expect(artifacts.samplePages).toHaveLength(SAMPLE_PAGES_MAX);
    expect(fetcher.calls.map((call) => call.url)).not.toContain(`${origin}/from-sitemap`);
  });

  test("pickSitemapPages never repeats a page, never takes the homepage or another host, and stops at the sample size", () => {
    const home = homepage();
    const picked = [{ url: `${origin}/about`, role: "about" as const }];
    const urls = [`${origin}/`, `${origin}/about`, `${origin}/about/team`, "https://www.example.com/x", `${origin}/feed.xml`, `${origin}/privacy`, `${origin}/p1`, `${origin}/p2`, `${origin}/p3`, `${origin}/impressum`, "not a url"];
    expect(pickSitemapPages(home, picked, urls)).toEqual([
      { url: `${origin}/privacy`, role: "privacy" },
      { url: `${origin}/p1`, role: "content" },
      { url: `${origin}/p2`, role: "content" },
      { url: `${origin}/impressum`, role: "contact" },
    ]);
    const full = ["/about", "/contact", "/privacy", "/a", "/b"].map((path) => ({ url: `${origin}${path}`, role: "content" as const }));
    expect(pickSitemapPages(home, full, [`${origin}/c`])).toEqual([]);
  });
});
