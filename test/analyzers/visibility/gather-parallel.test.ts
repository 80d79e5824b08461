import { describe, expect, test } from "bun:test";
import { gatherArtifacts } from "../../../src/analyzers/visibility/gather/index.ts";
import { pickSamplePages } from "../../../src/analyzers/visibility/gather/sample-pages.ts";
import { limitFetcher, PER_SITE_CONCURRENCY } from "../../../src/analyzers/visibility/gather/site-limiter.ts";
import { summariseSitemap as summarise } from "../../../src/analyzers/visibility/gather/sitemap-summary.ts";
import { LLMS_LINKS_CHECKED, siteLinksToCheck } from "../../../src/analyzers/visibility/gather/llms-links.ts";
import { probedCrawlers } from "../../../src/analyzers/visibility/crawlers.ts";
import type { SafeFetcher } from "../../../src/net/fetch-types.ts";
import { fakeFetcher, html, response, text } from "./fake-fetcher.ts";
import { homepage } from "./sample-site.ts";

describe("limitFetcher", () => {
  test("never runs more than the bound at once, and starts queued fetches in call order", async () => {
    let running = 0;
    let peak = 0;
    const started: string[] = [];
    const slow: SafeFetcher = {
      async fetch(url) {
        started.push(url);
        running++;
        peak = Math.max(peak, running);
        await Bun.sleep(5);
        running--;
        return response(url, "");
      },
    };
    const limited = limitFetcher(slow, 3);
    const urls = Array.from({ length: 10 }, (_, index) => `https://example.com/${index}`);
    await Promise.all(urls.map((url) => limited.fetch(url)));
    expect(peak).toBe(3);
    expect(started).toEqual(urls);
    expect(PER_SITE_CONCURRENCY).toBeGreaterThanOrEqual(8);
  });
});

describe("gatherArtifacts in parallel", () => {
  test("site files and probes start before the homepage has answered, and every artifact is gathered", async () => {
    const origin = "https://example.com";
    const routes = {
      [`${origin}/`]: html(`${origin}/`, '<a href="/about">About us</a><a href="/blog/post">Post</a>'),
      [`${origin}/robots.txt`]: text(`${origin}/robots.txt`, `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemaps/main.xml\n`),
      [`${origin}/llms.txt`]: text(`${origin}/llms.txt`, `# Example\n\n## Docs\n\n- [About](${origin}/about): who\n- [Elsewhere](https://other.org/x)\n`),
      [`${origin}/sitemaps/main.xml`]: text(`${origin}/sitemaps/main.xml`, `<urlset><url><loc>${origin}/</loc><lastmod>2026-01-01</lastmod></url></urlset>`),
      [`${origin}/about`]: html(`${origin}/about`, "<h1>About</h1>"),
    };
    const inner = fakeFetcher(routes);
    let homepageDone = false;
    const startedBeforeHomepage: string[] = [];
    const fetcher: SafeFetcher = {
      async fetch(url, options) {
        if (!homepageDone && !(url === `${origin}/` && options?.userAgent === undefined)) startedBeforeHomepage.push(url);
        if (url === `${origin}/` && options?.userAgent === undefined) {
          await Bun.sleep(20);
          homepageDone = true;
        }
        return inner.fetch(url, options);
      },
    };
    const artifacts = await gatherArtifacts({ domain: "example.com", fetcher, signal: new AbortController().signal, now: () => new Date("2026-11-15T00:00:00Z") });
    expect(startedBeforeHomepage).toEqual(expect.arrayContaining([`${origin}/robots.txt`, `${origin}/llms.txt`, `${origin}/sitemap.xml`, `${origin}/llms-full.txt`]));
    expect(artifacts.gatheredAt).toBe("2026-11-15T00:00:00.000Z");
    expect(artifacts.probes!.map((probe) => probe.agent)).toEqual(["browser", ...probedCrawlers().map((crawler) => crawler.token)]);
    expect(inner.calls.filter((call) => call.options?.userAgent !== undefined)).toHaveLength(probedCrawlers().length + 1);
    expect(artifacts.sitemap).toMatchObject({ ok: true, source: "robots", url: `${origin}/sitemaps/main.xml`, entries: 1, withLastmod: 1 });
    // The site's own links first, then the others: an off-site link that does not resolve is a dead link too.
    expect(artifacts.llmsLinks).toEqual([
      { url: `${origin}/about`, ok: true, status: 200 },
      { url: "https://other.org/x", ok: false, error: { code: "dns", message: "other.org does not resolve", url: "https://other.org/x" } },
    ]);
    expect(artifacts.samplePages!.map((page) => [page.url, page.role])).toEqual([
      [`${origin}/about`, "about"],
      [`${origin}/blog/post`, "content"],
    ]);
    expect(artifacts.httpRedirect).toMatchObject({ url: "http://example.com/" });
    expect(artifacts.offsite).toBeUndefined();
  });

  test("speculative site files are fetched again at the origin the homepage moved to", async () => {
    const fetcher = fakeFetcher({
      "https://example.com/": html("https://example.com/", "<p>moved</p>", { finalUrl: "https://www.example.com/" }),
      "https://example.com/llms.txt": text("https://example.com/llms.txt", "stale", { status: 404 }),
      "https://www.example.com/robots.txt": text("https://www.example.com/robots.txt", "User-agent: *\nAllow: /\n"),
    });
    const artifacts = await gatherArtifacts({ domain: "example.com", fetcher, signal: new AbortController().signal });
    expect(artifacts.robotsTxt).toMatchObject({ ok: true, url: "https://www.example.com/robots.txt" });
    expect(artifacts.llmsTxt![0]!.url).toBe("https://www.example.com/llms.txt");
  });
});

describe("gather helpers", () => {
  test("a sitemap is summarised: kind, entries, lastmod coverage and the newest date", () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://example.com/</loc><lastmod>2026-10-01</lastmod></url>
      <url><loc>https://example.com/a?x=1&amp;y=2</loc><lastmod>2026-11-02T10:00:00+00:00</lastmod></url>
      <url><loc>https://example.com/b</loc></url></urlset>`;
    expect(summarise(xml)).toEqual({ kind: "urlset", entries: 3, withLastmod: 2, newestLastmod: "2026-11-02T10:00:00+00:00", sample: ["https://example.com/", "https://example.com/a?x=1&y=2", "https://example.com/b"] });
    expect(summarise("<sitemapindex><sitemap><loc>https://example.com/s1.xml</loc></sitemap></sitemapindex>")).toMatchObject({ kind: "sitemapindex", entries: 1 });
    expect(summarise("<html>no</html>")).toMatchObject({ kind: null, entries: 0 });
  });

  test("sample pages: about, contact and privacy first (by path or link text), then two others, same host only", () => {
    const page = homepage({
      html: '<a href="/">Home</a><a href="/company">About</a><a href="/kontakt">x</a><a href="/legal/privacy-policy">Privacy</a><a href="/a">A</a><a href="/b#top">B</a><a href="/c">C</a><a href="https://other.org/about">Other</a><a href="/doc.pdf">PDF</a><a href="mailto:x@y">Mail</a>',
    });
    expect(pickSamplePages(page)).toEqual([
      { url: "https://example.com/company", role: "about" },
      { url: "https://example.com/kontakt", role: "contact" },
      { url: "https://example.com/legal/privacy-policy", role: "privacy" },
      { url: "https://example.com/a", role: "content" },
      { url: "https://example.com/b", role: "content" },
    ]);
  });

  test("llms.txt links checked: the site's own first, then the others, at most LLMS_LINKS_CHECKED", () => {
    const text = "# X\n- [a](/a)\n- [b](https://www.example.com/b)\n- [c](https://other.org/c)\n- [d](/d)\n- [e](/e)\n";
    expect(siteLinksToCheck(text, "https://example.com/llms.txt", "example.com")).toEqual(["https://example.com/a", "https://www.example.com/b", "https://example.com/d", "https://example.com/e", "https://other.org/c"]);
    const many = `# X\n${Array.from({ length: 50 }, (_, index) => `- [p${index}](/p${index})`).join("\n")}\n`;
    expect(siteLinksToCheck(many, "https://example.com/llms.txt", "example.com")).toHaveLength(LLMS_LINKS_CHECKED);
  });
});
