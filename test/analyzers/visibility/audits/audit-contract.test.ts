import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audits.ts";
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { AUDITS } from "../../../../src/analyzers/visibility/audits/registry.ts";
import type { Artifacts } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { PILLAR_IDS } from "../../../../src/analyzers/visibility/scoring/pillars.ts";
import { APP_SHELL, homepage, llms, offsite, page, probes, robots, samplePage, site, siteWithHtml, siteWithRobots, sitemap } from "../sample-site.ts";

/** Hand-made sites covering every branch the audits know: good, broken, blocked, missing, odd. */
const SITES: Record<string, Artifacts> = {
  good: site(),
  "app shell": siteWithHtml(APP_SHELL),
  "next data payload": siteWithHtml(page({ body: `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"p":"${"some words here ".repeat(30)}"}</script><script src="/m.js"></script>` })),
  "thin page": siteWithHtml(page({ body: "<p>Hi</p>" })),
  "empty body": siteWithHtml(""),
  "not html": siteWithHtml("%PDF-1.7 binary-ish \u0000 content"),
  "noindex meta": siteWithHtml(page({ head: '<meta name="robots" content="noindex">' })),
  "directives header": siteWithHtml(page(), { "x-robots-tag": "googlebot: nosnippet, max-snippet:20, noai, bingbot: noindex" }),
  "no title, description, lang or json-ld": siteWithHtml(page({ title: null, description: null, lang: null, head: "" })),
  "placeholder title, short description, bad lang": siteWithHtml(page({ title: "Home", description: "Hi", lang: "xx_yy!" })),
  "broken json-ld": siteWithHtml(page({ head: '<script type="application/ld+json">{"a":}</script><script type="application/ld+json">[{"@type":"Thing"}]</script>' })),
  "blocked all": siteWithRobots("User-agent: *\nDisallow: /\n"),
  "blocked some by own group": siteWithRobots("User-agent: PerplexityBot\nDisallow: /\nUser-agent: *\nAllow: /\n"),
  "training opt-out": siteWithRobots("User-agent: GPTBot\nUser-agent: Google-Extended\nDisallow: /\n"),
  "robots 404": site({ robotsTxt: robots({ status: 404, text: "" }) }),
  "robots 503": site({ robotsTxt: robots({ status: 503, text: "" }) }),
  "robots html": site({ robotsTxt: robots({ contentType: "text/html", text: "<html><body>hi</body></html>" }) }),
  "robots timeout": site({ robotsTxt: { ok: false, url: "https://example.com/robots.txt", error: { code: "timeout", message: "timed out", url: "https://example.com/robots.txt" } } }),
  "robots skipped": site({ robotsTxt: { ok: false, url: "https://example.com/", error: { code: "skipped", message: "not requested", url: "https://example.com/" } } }),
  "homepage 500": site({ homepage: homepage({ status: 500 }) }),
  "homepage 403": site({ homepage: homepage({ status: 403 }) }),
  "homepage 3xx": site({ homepage: homepage({ status: 304 }) }),
  "http only": site({ homepage: homepage({ finalUrl: "http://example.com/", requestedUrl: "http://example.com/", failedAttempts: [{ code: "connect", message: "refused", url: "https://example.com/" }] }) }),
  "crawlers refused": site({ probes: probes(() => ({ status: 403 })) }),
  "cdn 403 to crawlers": site({ probes: probes(() => ({ status: 403, headers: { "cf-ray": "x" } })) }),
  "slow, http not redirected": site({ homepage: homepage({ timing: { ttfbMs: 2500, totalMs: 2600 } }), httpRedirect: { ok: true, url: "http://example.com/", status: 200, location: null } }),
  "script-heavy": siteWithHtml(page({ head: `<script>${"x=1;".repeat(20000)}</script>` })),
  "no sitemap, llms.txt, feed or canonical": site({ sitemap: sitemap({ status: 404 }), llmsTxt: [llms("", { status: 404 })], llmsFullTxt: llms("", { status: 404 }) }),
  "broken llms.txt": site({ llmsTxt: [llms("no heading")], llmsLinks: [{ url: "https://example.com/x", ok: true, status: 404 }] }),
  "stale, unlinked, no images alt": site({
    samplePages: [samplePage("content", page({ body: '<h1>A</h1><h3>skip</h3><img src="/x.png">' }))],
    sitemap: sitemap({ newestLastmod: "2020-01-01", withLastmod: 1 }),
  }),
  "hsts short": site({ homepage: homepage({ headers: { "strict-transport-security": "max-age=60" } }) }),
  "not on wikidata, wikipedia or common crawl": site({
    offsite: offsite({ wikidata: { status: "not_found", detail: "no item", url: null }, wikipedia: { status: "not_found", detail: "no article", url: null }, wikipediaCitations: 0, commonCrawl: { status: "not_found", detail: "none", url: null } }),
  }),
  "off-site off": site({ offsite: null }),
  "redirect loop": site({
    homepage: { ok: false, error: { code: "too-many-redirects", message: "loop", url: "https://example.com/" }, failedAttempts: [{ code: "too-many-redirects", message: "loop", url: "https://example.com/" }] },
  }),
};

describe("every audit keeps the audit contract on every hand-made site", () => {
  for (const audit of AUDITS) {
    test(audit.id, () => {
      for (const [name, artifacts] of Object.entries(SITES)) {
        const outcome = runAudit(audit, artifacts);
        const where = `${audit.id} on "${name}": ${JSON.stringify(outcome)}`;
        expect(outcome.detail.length, where).toBeGreaterThan(0);
        expect(Array.isArray(outcome.evidence), where).toBe(true);
        if (outcome.status === "na" || outcome.status === "unknown") {
          expect(outcome.score, where).toBeNull();
          continue;
        }
        expect(outcome.score, where).not.toBeNull();
        expect(outcome.score!, where).toBeGreaterThanOrEqual(0);
        expect(outcome.score!, where).toBeLessThanOrEqual(1);
        if (outcome.status === "pass") expect(outcome.score, where).toBe(1);
        else expect(outcome.score!, where).toBeLessThan(1);
        if (outcome.score! < 1) {
          expect(outcome.fix, where).toBeDefined();
          expect(outcome.fix!.what.length, where).toBeGreaterThan(0);
          expect(outcome.fix!.why.length, where).toBeGreaterThan(0);
          expect(outcome.fix!.how.length, where).toBeGreaterThan(0);
          expect(["S", "M", "L"], where).toContain(outcome.fix!.effort);
        }
        if (outcome.blocking) expect(outcome.status, where).toBe("fail");
      }
    });
  }

  test("the hand-made sites exercise every status that matters", () => {
    const statuses = new Set(AUDITS.flatMap((audit) => Object.values(SITES).map((artifacts) => runAudit(audit, artifacts).status)));
    expect([...statuses].sort()).toEqual(["fail", "na", "pass", "unknown", "warn"]);
    const belowOne = AUDITS.filter((audit) => Object.values(SITES).some((artifacts) => (runAudit(audit, artifacts).score ?? 1) < 1)).map((audit) => audit.id);
    // Every scored audit can find a problem on at least one hand-made site, so its fix was checked above.
    expect(belowOne.sort()).toEqual(AUDITS.filter((audit) => audit.weight > 0).map((audit) => audit.id).sort());
  });
});

describe("the audit registry", () => {
  test("the weights of each pillar's audits sum to 100", () => {
    for (const pillar of PILLAR_IDS) expect(AUDITS.filter((audit) => audit.pillar === pillar).reduce((sum, audit) => sum + audit.weight, 0), pillar).toBe(100);
  });

  test("ids are stable kebab-case, unique, and match the file that defines them", () => {
    const ids = AUDITS.map((audit) => audit.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const audit of AUDITS) {
      expect(audit.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(PILLAR_IDS).toContain(audit.pillar);
      expect(audit.weight).toBeGreaterThanOrEqual(0);
      expect(audit.title.length).toBeGreaterThan(0);
    }
  });

  test("lists every audit file under audits/<pillar>/", () => {
    const root = join(import.meta.dir, "../../../../src/analyzers/visibility/audits");
    const files = PILLAR_IDS.flatMap((pillar) => {
      try {
        return readdirSync(join(root, pillar))
          .filter((file) => file.endsWith(".ts"))
          .map((file) => `${pillar}/${file.slice(0, -3)}`);
      } catch {
        return [];
      }
    });
    expect(AUDITS.map((audit) => `${audit.pillar}/${audit.id}`).sort()).toEqual(files.sort());
  });
});
