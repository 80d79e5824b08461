/**
 * Content-Usage headers on pages beyond the homepage, as the site-wide crawl keeps them
 * (PageFacts.fetch.contentUsage), read by the usage-policy resolver per path with their URL, and the
 * contradictions the ai-usage-signals audit reports between them and robots.txt. Artifacts built by hand.
 */
import { describe, expect, test } from "bun:test";
import { aiUsageSignals } from "../../../../../src/analyzers/visibility/audits/access/ai-usage-signals.ts";
import { runAudit } from "../../../../../src/analyzers/visibility/audits/run-audit.ts";
import { usagePolicy } from "../../../../../src/analyzers/visibility/derive/usage-policy/usage-policy.ts";
import type { Artifacts } from "../../../../../src/analyzers/visibility/gather/artifacts.ts";
import type { PageFacts, SiteCrawlArtifact } from "../../../../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { ORIGIN, homepage, robots, site } from "../../sample-site.ts";

function page(path: string, contentUsage: string | null, status = 200): PageFacts {
  const url = `${ORIGIN}${path}`;
  return {
    url,
    template: path === "/" ? "/" : path.replace(/[^/]+$/, "<slug>"),
    source: path === "/" ? "homepage" : "sitemap",
    fetch: { ok: true, status, finalUrl: url, redirects: [], contentType: "text/html", bytes: 5000, truncated: false, ms: 20, xRobotsTag: null, contentUsage },
  };
}

function crawl(pages: PageFacts[]): SiteCrawlArtifact {
  return {
    budget: { pages: 50, requests: 200, bytes: 10_000_000 },
    discovered: { total: pages.length, sitemap: pages.length, links: 0, llmsTxt: 0, capped: false },
    templates: [],
    pages,
    politeness: { group: "*", crawlDelaySeconds: null, disallowed: 0 },
    templateProbes: [],
    spent: { requests: pages.length, bytes: 5000 * pages.length, ms: 100 },
    cut: null,
  };
}

const scan = (robotsTxt: string, pages: PageFacts[], homepageHeaders: Record<string, string> = {}): Artifacts =>
  site({ robotsTxt: robots(robotsTxt), homepage: homepage({ headers: { "content-type": "text/html; charset=utf-8", ...homepageHeaders } }), siteCrawl: crawl(pages) });

describe("Content-Usage headers on sampled pages", () => {
  test("each page's header is read with its URL and path; the homepage's entry in the crawl is not read twice", () => {
    const artifacts = scan("User-agent: *\nAllow: /\n", [page("/", "train-ai=n"), page("/blog/bread", "train-ai=n"), page("/shop/rye", "search=y"), page("/gone", "train-ai=n", 404), page("/about", null)], { "content-usage": "train-ai=n" });
    const policy = usagePolicy(artifacts);
    expect(policy.headers.map(({ url, path, value, homepage: home }) => ({ url, path, value, home }))).toEqual([
      { url: `${ORIGIN}/`, path: "/", value: "train-ai=n", home: true },
      { url: `${ORIGIN}/blog/bread`, path: "/blog/bread", value: "train-ai=n", home: false },
      { url: `${ORIGIN}/shop/rye`, path: "/shop/rye", value: "search=y", home: false },
    ]);
    // The 404's header speaks for the error page: not read.
    expect(policy.declarations.map((source) => `${source.where}: ${source.text}`)).toEqual([
      "the homepage's headers: Content-Usage: train-ai=n",
      `the headers of ${ORIGIN}/blog/bread: Content-Usage: train-ai=n`,
      `the headers of ${ORIGIN}/shop/rye: Content-Usage: search=y`,
    ]);
  });

  test("train-ai=n on pages robots.txt opens to GPTBot: one contradiction naming the pages", () => {
    const artifacts = scan("User-agent: *\nAllow: /\n", [page("/", null), page("/blog/a", "train-ai=n"), page("/blog/b", "train-ai=n"), page("/blog/c", "train-ai=n"), page("/blog/d", "train-ai=n")]);
    const contradictions = usagePolicy(artifacts).findings.filter((finding) => finding.kind === "contradiction");
    expect(contradictions).toHaveLength(1);
    expect(contradictions[0]!.text).toStartWith("robots.txt lets Google-Extended, GPTBot,");
    expect(contradictions[0]!.text).toContain(`while the headers of 4 pages (${ORIGIN}/blog/a, ${ORIGIN}/blog/b, ${ORIGIN}/blog/c, …) \`Content-Usage: train-ai=n\` asks that the content not be used for training`);
    expect(contradictions[0]!.fix).toContain("`User-agent: GPTBot` / `Disallow: /`");
    const outcome = runAudit(aiUsageSignals, artifacts);
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("`Content-Usage: train-ai=n` (the headers of 4 pages");
  });

  test("no contradiction when robots.txt keeps the training crawlers off those pages", () => {
    const robotsTxt = "User-agent: GPTBot\nUser-agent: Google-Extended\nUser-agent: ClaudeBot\nUser-agent: meta-externalagent\nUser-agent: Applebot-Extended\nUser-agent: Amazonbot\nUser-agent: CCBot\nUser-agent: Bytespider\nUser-agent: MistralAI-Training\nDisallow: /blog/\n\nUser-agent: *\nAllow: /\n";
    const artifacts = scan(robotsTxt, [page("/", null), page("/blog/a", "train-ai=n")]);
    expect(usagePolicy(artifacts).findings.filter((finding) => finding.kind === "contradiction")).toEqual([]);
    // The same header on a page outside /blog/ is a contradiction again: the verdict is per path.
    const outside = scan(robotsTxt, [page("/", null), page("/shop/rye", "train-ai=n")]);
    expect(usagePolicy(outside).findings.filter((finding) => finding.kind === "contradiction").map((finding) => finding.source.where)).toEqual([`the headers of ${ORIGIN}/shop/rye`]);
  });

  test("a page's train-ai=y under a robots.txt record saying no for its path allows nothing", () => {
    const artifacts = scan("User-agent: *\nContent-Usage: /blog/ train-ai=n\nAllow: /\n", [page("/", null), page("/blog/open", "train-ai=y"), page("/shop/rye", "train-ai=y")]);
    const contradictions = usagePolicy(artifacts).findings.filter((finding) => finding.kind === "contradiction" && finding.text.includes("train-ai=y"));
    expect(contradictions).toHaveLength(1);
    expect(contradictions[0]!.text).toBe(
      `the headers of ${ORIGIN}/blog/open \`Content-Usage: train-ai=y\` says train-ai=y, while robots.txt line 2 (group \`User-agent: *\`) \`Content-Usage: /blog/ train-ai=n\` says no for training on that path. A no wins over a yes when preferences are combined, so the page's yes allows nothing.`,
    );
    // /shop/rye is outside the record's path: its yes stands.
    expect(contradictions[0]!.text).not.toContain("/shop/rye");
  });

  test("the spelling trap in a page's header declares nothing", () => {
    const artifacts = scan("User-agent: *\nAllow: /\n", [page("/", null), page("/blog/a", "ai-train=no"), page("/blog/b", "ai-train=no")]);
    const spelling = usagePolicy(artifacts).findings.filter((finding) => finding.kind === "spelling");
    expect(spelling).toHaveLength(1);
    expect(spelling[0]!.text).toStartWith(`the headers of 2 pages (${ORIGIN}/blog/a, ${ORIGIN}/blog/b) \`Content-Usage: ai-train=no\` uses a Content Signals key in an AIPREF Content-Usage line`);
    expect(spelling[0]!.fix).toBe("Write `Content-Usage: train-ai=n` instead.");
    // It declares nothing, so it contradicts nothing either.
    expect(usagePolicy(artifacts).findings.some((finding) => finding.kind === "contradiction")).toBe(false);
  });

  test("pages that differ from the homepage's header are each their own page's choice, not a contradiction", () => {
    const artifacts = scan("User-agent: GPTBot\nUser-agent: Google-Extended\nUser-agent: ClaudeBot\nUser-agent: meta-externalagent\nUser-agent: Applebot-Extended\nUser-agent: Amazonbot\nUser-agent: CCBot\nUser-agent: Bytespider\nUser-agent: MistralAI-Training\nDisallow: /\n\nUser-agent: *\nAllow: /\n", [page("/", "train-ai=n"), page("/press/kit", "train-ai=y")], { "content-usage": "train-ai=n" });
    expect(usagePolicy(artifacts).findings).toEqual([]);
    expect(runAudit(aiUsageSignals, artifacts).status).toBe("pass");
  });

  test("a scan without the crawl reads the homepage's header alone, as before", () => {
    const { siteCrawl: _dropped, ...older } = scan("User-agent: *\nAllow: /\n", [page("/blog/a", "train-ai=n")], { "content-usage": "search=y" });
    expect(usagePolicy(older as Artifacts).headers.map((header) => header.url)).toEqual([`${ORIGIN}/`]);
  });
});
