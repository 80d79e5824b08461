import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { type SitemapSummary, summariseSitemap } from "../../../../src/analyzers/visibility/gather/sitemap-summary.ts";
import { growthRatio } from "../../../helpers/growth-ratio.ts";

/** The regular-expression reading this file replaced: the oracle for what a sitemap means, not for its cost. */
function regexSummary(xml: string): SitemapSummary {
  const head = xml.slice(0, 4096);
  const kind = /<(?:\w+:)?urlset\b/i.test(head) ? "urlset" : /<(?:\w+:)?sitemapindex\b/i.test(head) ? "sitemapindex" : null;
  if (kind === null) return { kind, entries: 0, withLastmod: 0, newestLastmod: null, sample: [] };
  const entryTag = kind === "urlset" ? "url" : "sitemap";
  const entryPattern = new RegExp(`<(?:\\w+:)?${entryTag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${entryTag}\\s*>`, "gi");
  let entries = 0;
  let withLastmod = 0;
  let newest: { text: string; time: number } | null = null;
  const sample: string[] = [];
  for (let match = entryPattern.exec(xml); match; match = entryPattern.exec(xml)) {
    entries++;
    const body = match[1]!;
    const loc = /<(?:\w+:)?loc>\s*([\s\S]*?)\s*<\/(?:\w+:)?loc>/i.exec(body)?.[1];
    if (loc && sample.length < 10) sample.push(loc.replace(/&amp;/g, "&").replace(/<!\[CDATA\[|\]\]>/g, "").trim());
    const lastmod = /<(?:\w+:)?lastmod>\s*([^<]*?)\s*<\/(?:\w+:)?lastmod>/i.exec(body)?.[1];
    if (!lastmod) continue;
    const time = Date.parse(lastmod);
    if (Number.isNaN(time)) continue;
    withLastmod++;
    if (!newest || time > newest.time) newest = { text: lastmod, time };
  }
  return { kind, entries, withLastmod, newestLastmod: newest?.text ?? null, sample };
}

const URLSET = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

describe("a sitemap is read in one pass", () => {
  test("entries, lastmod coverage, the newest date and the first URLs, prefixes, CDATA and entities included", () => {
    const xml = `${URLSET}<url><loc> https://example.com/a?x=1&amp;y=2 </loc><lastmod>2026-11-01</lastmod></url>
      <s:url><s:loc><![CDATA[https://example.com/b]]></s:loc><s:lastmod> 2026-11-03T10:00:00+00:00 </s:lastmod></s:url>
      <URL><LOC>https://example.com/c</LOC><lastmod>not a date</lastmod></URL><url><loc>https://example.com/open`;
    expect(summariseSitemap(xml)).toEqual({
      kind: "urlset",
      entries: 3,
      withLastmod: 2,
      newestLastmod: "2026-11-03T10:00:00+00:00",
      sample: ["https://example.com/a?x=1&y=2", "https://example.com/b", "https://example.com/c"],
    });
    expect(summariseSitemap("<sitemapindex><sitemap><loc>https://example.com/s1.xml</loc></sitemap></sitemapindex>")).toMatchObject({ kind: "sitemapindex", entries: 1 });
    expect(summariseSitemap("<html>no</html>")).toMatchObject({ kind: null, entries: 0 });
  });

  test("a lastmod holding markup is passed over for a later text-only one, as before", () => {
    const xml = `${URLSET}<url><loc>https://e.com/</loc><lastmod><b>2026-01-01</b></lastmod><lastmod>2026-02-02</lastmod></url></urlset>`;
    expect(summariseSitemap(xml)).toEqual(regexSummary(xml));
    expect(summariseSitemap(xml).newestLastmod).toBe("2026-02-02");
  });

  test("on generated sitemaps it reads what the regular expressions read", () => {
    const token = fc.constantFrom("<url>", "</url>", "</url >", "<s:url>", "</s:url>", "<loc>", "</loc>", "<lastmod>", "</lastmod>", "2026-01-02", "2025-12-31T08:00:00Z", "https://e.com/x", " ", "\n", "<![CDATA[", "]]>", "&amp;", "<b>", "</b>", "x", "<url a='1'>", "<urlset>", "<", ">");
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
        const xml = URLSET + tokens.join("");
        expect(summariseSitemap(xml)).toEqual(regexSummary(xml));
      }),
      { numRuns: 2000 },
    );
  });

  test("any text is read without throwing, and at most ten URLs are kept", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const summary = summariseSitemap(URLSET + text);
        expect(summary.sample.length).toBeLessThanOrEqual(10);
        expect(summary.withLastmod).toBeLessThanOrEqual(summary.entries);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("hostile sitemaps cost time in proportion to their size (issue 30)", () => {
  // Each input at n and 100·n: a linear reader takes about 100 times as long (up to 300 here, as the large input leaves the caches), a quadratic one 10,000.
  const cases: [string, (n: number) => string][] = [
    ["a <loc> followed by spaces and never closed", (n) => `${URLSET}<url><loc>${" ".repeat(n)}`],
    ["<url> elements never closed", (n) => URLSET + "<url>".repeat(n / 5)],
    ["a <lastmod> followed by spaces and never closed", (n) => `${URLSET}<url><lastmod>${" ".repeat(n)}</url>`],
    ["<lastmod> opened again and again before one close", (n) => `${URLSET}<url>${"<lastmod><".repeat(n / 10)}</lastmod></url>`],
    ["< without >", (n) => URLSET + "<".repeat(n)],
  ];
  for (const [name, make] of cases) {
    test(name, () => {
      const inputs = new Map<number, string>();
      const input = (n: number) => inputs.get(n) ?? (inputs.set(n, make(n)), inputs.get(n)!);
      expect(growthRatio((n) => summariseSitemap(input(n)), 20_000, 100)).toBeLessThan(1000);
    });
  }
});

describe("summariseSitemap's visitor", () => {
  test("is handed every entry's loc, past the sample, decoded as the sample is; an index's too", () => {
    const locs = Array.from({ length: 25 }, (_, index) => `https://a.example/p?x=${index}&amp;y=1`);
    const seen: string[] = [];
    const summary = summariseSitemap(`<urlset>${locs.map((loc) => `<url><loc><![CDATA[${loc}]]></loc></url>`).join("")}<url><loc></loc></url></urlset>`, (loc) => seen.push(loc));
    expect(summary.entries).toBe(26);
    expect(summary.sample).toHaveLength(10);
    expect(seen).toEqual(locs.map((loc) => loc.replace("&amp;", "&")));
    const children: string[] = [];
    expect(summariseSitemap(`<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>`, (loc) => children.push(loc)).kind).toBe("sitemapindex");
    expect(children).toEqual(["https://a.example/s1.xml"]);
  });
});
