import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { siteSummary } from "../../../../src/analyzers/visibility/derive/site-summary.ts";
import type { SiteCrawlArtifact } from "../../../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { type PageVerdict, SiteSummarySchema } from "../../../../src/analyzers/visibility/site-record-schema.ts";
import { AI_PLATFORMS } from "../../../../src/analyzers/visibility/platforms.ts";

function crawl(overrides: Partial<SiteCrawlArtifact> = {}): SiteCrawlArtifact {
  return {
    budget: { pages: 100, requests: 1000, bytes: 1e8 },
    discovered: { total: 5000, sitemap: 4000, links: 1000, llmsTxt: 0, capped: true },
    templates: [],
    pages: [],
    politeness: { group: "*", crawlDelaySeconds: null, disallowed: 0 },
    templateProbes: [],
    spent: { requests: 0, bytes: 0, ms: 0 },
    cut: null,
    ...overrides,
  };
}

function verdict(url: string, template: string, findings: string[], readsAll = true): PageVerdict {
  return {
    url,
    template,
    source: "sitemap",
    verdict: findings.length > 0 ? "issues" : "sound",
    status: 200,
    finalUrl: url,
    redirects: [],
    canonical: "self",
    reach: AI_PLATFORMS.map((platform) => ({ platform: platform.id, status: readsAll ? "reads" : "blocked", cause: readsAll ? null : `${platform.index[0] ?? platform.fetchers[0]} gets HTTP 403 at the edge` })),
    findings: findings.map((id) => ({ id, severity: "warn", text: id })),
    facts: null,
  };
}

describe("siteSummary", () => {
  test("bounded as the schema says: 50 templates, 10 issues each, 3 examples per issue", () => {
    const verdicts: PageVerdict[] = [];
    for (let t = 0; t < 60; t++) for (let p = 0; p < 5; p++) verdicts.push(verdict(`https://a.example/t${t}/p${p}`, `/t${t}/<slug>`, Array.from({ length: 12 }, (_, index) => `finding-${index}`)));
    const summary = siteSummary(crawl(), verdicts);
    expect(summary.templates).toHaveLength(50);
    expect(summary.templates.every((entry) => entry.issues.length === 10 && entry.issues.every((issue) => issue.pages === 5 && issue.examples.length === 3))).toBe(true);
    expect(summary.reach.every((platform) => platform.templates.length <= 50 && platform.pagesRead === 300 && platform.pagesJudged === 300)).toBe(true);
    expect(Value.Check(SiteSummarySchema, summary)).toBe(true);
    expect(JSON.stringify(summary).length).toBeLessThan(400_000);
  });

  test("counts by verdict; a crawl cut by robots.txt is not a cut; causes per template when a platform cannot read", () => {
    const verdicts = [verdict("https://a.example/", "/", []), verdict("https://a.example/x/1", "/x/<id>", [], false), verdict("https://a.example/x/2", "/x/<id>", [], false)];
    verdicts.push({ ...verdict("https://a.example/y/1", "/y/<id>", []), verdict: "skipped", reach: [], skipped: "requests" });
    const summary = siteSummary(crawl({ cut: "robots", templates: [{ template: "/x/<id>", discovered: 40, sampled: 2, examples: [] }] }), verdicts);
    expect(summary.cut).toBeNull();
    expect(summary.pages).toEqual({ budget: 100, discovered: 5000, sampled: 4, sound: 3, withIssues: 0, failed: 0, skipped: 1 });
    expect(summary.templates.map((entry) => [entry.template, entry.discovered, entry.sampled])).toEqual([["/x/<id>", 40, 2], ["/", 1, 1], ["/y/<id>", 1, 1]]);
    const chatgpt = summary.reach.find((entry) => entry.platform === "chatgpt")!;
    expect(chatgpt).toMatchObject({ name: "ChatGPT", pagesRead: 1, pagesJudged: 3 });
    expect(chatgpt.templates).toEqual([
      { template: "/x/<id>", read: 0, judged: 2, cause: "OAI-SearchBot gets HTTP 403 at the edge on 2 of 2 sampled pages" },
      { template: "/", read: 1, judged: 1, cause: null },
    ]);
  });
});
