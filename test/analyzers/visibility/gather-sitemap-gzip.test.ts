import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import { sitemapValid } from "../../../src/analyzers/visibility/audits/discover/sitemap-valid.ts";
import { gatherArtifacts } from "../../../src/analyzers/visibility/gather/index.ts";
import { sitemapBody } from "../../../src/analyzers/visibility/gather/sitemap-body.ts";
import { CHILD_SITEMAP_MAX_BYTES, SITEMAP_MAX_BYTES } from "../../../src/analyzers/visibility/gather/sitemap.ts";
import type { FetchResult, SafeFetcher } from "../../../src/net/fetch-types.ts";
import { type Canned, fakeFetcher, html, response, text } from "./fake-fetcher.ts";

const origin = "https://example.com";
const entry = (path: string, lastmod?: string) => `<url><loc>${origin}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
const urlset = (entries: string) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`;
const index = (locs: string[]) => `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join("")}</sitemapindex>`;

/** A response whose body is the given bytes, as a server sends a .gz file: no Content-Encoding, so the fetcher leaves it alone. */
function gzipFile(url: string, body: Uint8Array, contentType = "application/gzip", truncated = false): FetchResult {
  return { ...response(url, "", { headers: { "content-type": contentType }, truncated }), body };
}
const gz = (xml: string) => Bun.gzipSync(xml);

function routesWith(sitemapUrl: string, extra: Record<string, Canned>): Record<string, Canned> {
  return {
    [`${origin}/`]: html(`${origin}/`, "<h1>Home</h1>"),
    [`${origin}/robots.txt`]: text(`${origin}/robots.txt`, `User-agent: *\nAllow: /\nSitemap: ${sitemapUrl}\n`),
    ...extra,
  };
}
const gather = (fetcher: SafeFetcher) => gatherArtifacts({ domain: "example.com", fetcher, signal: new AbortController().signal });

describe("gzipped sitemaps", () => {
  test("sitemap.xml.gz is decompressed and judged like the XML it holds", async () => {
    const url = `${origin}/sitemap.xml.gz`;
    const artifacts = await gather(fakeFetcher(routesWith(url, { [url]: gzipFile(url, gz(urlset(entry("/a", "2026-10-01") + entry("/b", "2026-10-02")))) })));
    expect(artifacts.sitemap).toMatchObject({ ok: true, kind: "urlset", entries: 2, withLastmod: 2, gzipped: true, truncated: false, sample: [`${origin}/a`, `${origin}/b`] });
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toBe(`${url} (listed in robots.txt) is a gzipped sitemap with 2 entries, 100% of them with a lastmod date.`);
    expect(outcome.evidence[0]).toBe(`${url}: HTTP 200, application/gzip, gzip file decompressed`);
  });

  test("a plain sitemap keeps its artifact shape (no gzip fields)", async () => {
    const url = `${origin}/sitemap.xml`;
    const artifacts = await gather(fakeFetcher(routesWith(url, { [url]: response(url, urlset(entry("/a", "2026-10-01")), { headers: { "content-type": "application/xml" } }) })));
    expect(artifacts.sitemap).toMatchObject({ ok: true, kind: "urlset", entries: 1 });
    expect(artifacts.sitemap).not.toHaveProperty("gzipped");
    expect(artifacts.sitemap).not.toHaveProperty("decodeError");
  });

  test("a gzipped child sitemap of an index (.xml.gz, application/x-gzip) counts its pages", async () => {
    const indexUrl = `${origin}/sitemap_index.xml`;
    const [gzChild, plainChild] = [`${origin}/pages.xml.gz`, `${origin}/posts.xml`];
    const artifacts = await gather(
      fakeFetcher(
        routesWith(indexUrl, {
          [indexUrl]: response(indexUrl, index([gzChild, plainChild]), { headers: { "content-type": "application/xml" } }),
          [gzChild]: gzipFile(gzChild, gz(urlset(entry("/a", "2026-10-01") + entry("/b", "2026-10-02") + entry("/c", "2026-10-03"))), "application/x-gzip"),
          [plainChild]: response(plainChild, urlset(entry("/d", "2026-10-04")), { headers: { "content-type": "application/xml" } }),
        }),
      ),
    );
    const sitemap = artifacts.sitemap!;
    if (!sitemap.ok) throw new Error(sitemap.error.message);
    expect(sitemap.children![0]).toMatchObject({ ok: true, url: gzChild, kind: "urlset", entries: 3, withLastmod: 3, gzipped: true });
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toContain("the 2 child sitemaps read list 4 pages, 100% of them with a lastmod date");
    expect(outcome.evidence).toContain(`${gzChild}: HTTP 200, gzipped urlset with 3 entries, 3 with lastmod`);
  });

  test("a gzip bomb sitemap is inflated only up to the byte cap, and the cut is reported", async () => {
    const url = `${origin}/sitemap.xml.gz`;
    const one = entry("/archive/page", "2026-01-01");
    const inflated = urlset(one.repeat(Math.ceil((4 * SITEMAP_MAX_BYTES) / one.length)));
    const bomb = gz(inflated);
    expect(bomb.byteLength).toBeLessThan(inflated.length / 100); // it is a bomb: tiny on the wire
    const artifacts = await gather(fakeFetcher(routesWith(url, { [url]: gzipFile(url, bomb) })));
    const sitemap = artifacts.sitemap!;
    if (!sitemap.ok) throw new Error(sitemap.error.message);
    expect(sitemap).toMatchObject({ kind: "urlset", truncated: true, gzipped: true });
    // Every entry that fits in the cap, and none past it.
    expect(sitemap.entries).toBe(Math.floor((SITEMAP_MAX_BYTES - urlset("").length + "</urlset>".length) / one.length));
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toContain(`is a gzipped sitemap with ${sitemap.entries} entries (it inflates past 4 MiB: the first 4 MiB read)`);
  });

  test("sitemapBody never holds more than the cap of inflated text, whatever the ratio", async () => {
    const zeros = Bun.gzipSync(new Uint8Array(64 * 1024 * 1024)); // 64 MiB of zeros in about 64 KiB
    const body = await sitemapBody({ body: zeros, headers: { "content-type": "application/gzip" }, truncated: false }, CHILD_SITEMAP_MAX_BYTES);
    expect(body).toMatchObject({ gzipped: true, truncated: true });
    expect(body.decodeError).toBeUndefined();
    expect(body.text.length).toBe(CHILD_SITEMAP_MAX_BYTES);
  });

  test("a gzip bomb of zeros as a child sitemap is named as unusable, with the cap", async () => {
    const indexUrl = `${origin}/sitemap_index.xml`;
    const [good, bombUrl] = [`${origin}/s1.xml`, `${origin}/bomb.xml.gz`];
    const artifacts = await gather(
      fakeFetcher(
        routesWith(indexUrl, {
          [indexUrl]: response(indexUrl, index([good, bombUrl]), { headers: { "content-type": "application/xml" } }),
          [good]: response(good, urlset(entry("/a", "2026-10-01")), { headers: { "content-type": "application/xml" } }),
          [bombUrl]: gzipFile(bombUrl, Bun.gzipSync(new Uint8Array(32 * 1024 * 1024))),
        }),
      ),
    );
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome).toMatchObject({ status: "warn", score: 0.7 });
    expect(outcome.detail).toContain(`one child sitemap is unusable: ${bombUrl} (a gzip file that inflates past the 2 MiB the scan reads, with no <urlset> or <sitemapindex> at its start)`);
  });

  test("corrupt gzip is reported as such, not as 'not a sitemap'", async () => {
    const url = `${origin}/sitemap.xml.gz`;
    const corrupt = gz(urlset(entry("/a", "2026-10-01")));
    corrupt.fill(0x55, 10); // keep the gzip header, garble the deflate stream
    const artifacts = await gather(fakeFetcher(routesWith(url, { [url]: gzipFile(url, corrupt) })));
    const sitemap = artifacts.sitemap!;
    expect(sitemap).toMatchObject({ ok: true, kind: null, gzipped: true });
    expect(sitemap.ok && sitemap.decodeError).toBeString();
    const outcome = runAudit(sitemapValid, artifacts);
    expect(outcome.status).toBe("fail");
    expect(outcome.detail).toStartWith(`${url} (listed in robots.txt) is a gzip file that could not be decompressed (`);
    expect(outcome.fix!.how).toContain("A gzipped sitemap must be one complete gzip file");
  });

  test("a .gz URL whose body is plain XML (the server already decoded it) is read as it is", async () => {
    const url = `${origin}/sitemap.xml.gz`;
    const artifacts = await gather(fakeFetcher(routesWith(url, { [url]: response(url, urlset(entry("/a", "2026-10-01")), { headers: { "content-type": "application/x-gzip" } }) })));
    expect(artifacts.sitemap).toMatchObject({ ok: true, kind: "urlset", entries: 1 });
    expect(artifacts.sitemap).not.toHaveProperty("gzipped");
  });

  test("a gzip file cut by the fetch cap keeps the entries inflated before the cut", async () => {
    const url = `${origin}/sitemap.xml.gz`;
    const whole = gz(urlset(Array.from({ length: 2000 }, (_, n) => entry(`/p/${n * 7919}`, "2026-10-01")).join("")));
    const artifacts = await gather(fakeFetcher(routesWith(url, { [url]: gzipFile(url, whole.subarray(0, Math.floor(whole.byteLength / 2)), "application/gzip", true) })));
    const sitemap = artifacts.sitemap!;
    if (!sitemap.ok) throw new Error(sitemap.error.message);
    expect(sitemap).toMatchObject({ kind: "urlset", truncated: true, gzipped: true });
    expect(sitemap.entries).toBeGreaterThan(100);
    expect(sitemap.entries).toBeLessThan(2000);
  });
});
