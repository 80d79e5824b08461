import { describe, expect, test } from "bun:test";
import { robotsAiSearchAccess } from "../../../../src/analyzers/visibility/audits/access/robots-ai-search-access.ts";
import { robotsAiTraining } from "../../../../src/analyzers/visibility/audits/access/robots-ai-training.ts";
import { crawlersFor } from "../../../../src/analyzers/visibility/crawlers.ts";
import { homepage, robots, site, siteWithRobots } from "../sample-site.ts";

/** The search and assistant agents of the catalogue: the audit's denominator. */
const AGENTS = crawlersFor("search", "user").length;

const run = (text: string) => robotsAiSearchAccess.run(siteWithRobots(text));

describe("robots-ai-search-access", () => {
  test("passes when no rule blocks the homepage", () => {
    expect(run("User-agent: *\nDisallow: /admin/\n")).toMatchObject({ status: "pass", score: 1 });
    expect(run("")).toMatchObject({ status: "pass", score: 1 });
  });

  test("blocking some agents fails in proportion, names them and their rule, and is not a gate", () => {
    const outcome = run("User-agent: PerplexityBot\nUser-agent: Perplexity-User\nDisallow: /\n\nUser-agent: *\nAllow: /\n");
    expect(outcome.status).toBe("fail");
    expect(outcome.score).toBeCloseTo((AGENTS - 2) / AGENTS, 5);
    expect(outcome.blocking).toBeUndefined();
    expect(outcome.detail).toContain("PerplexityBot, Perplexity-User");
    expect(outcome.detail).toContain("group `User-agent: PerplexityBot / User-agent: Perplexity-User`, line 3 `Disallow: /`");
    expect(outcome.fix?.how).toContain("delete line 3");
  });

  test("matches product tokens case-insensitively and ignores version suffixes", () => {
    expect(run("user-agent: oai-searchbot/1.0\ndisallow: /\n")).toMatchObject({ status: "fail" });
  });

  test("a blanket Disallow blocks every search and assistant agent: a gate whose fix adds their own group", () => {
    const outcome = run("# keep out\nUser-agent: *\nDisallow: /\n");
    expect(outcome).toMatchObject({ status: "fail", score: 0, blocking: true });
    expect(outcome.detail).toContain("group `User-agent: *`, line 3 `Disallow: /`");
    expect(outcome.fix?.how).toContain("User-agent: Googlebot\n");
    expect(outcome.fix?.how).toEndWith("Allow: /");
  });

  test("judges the path the homepage was finally served from", () => {
    const artifacts = site({ homepage: homepage({ finalUrl: "https://example.com/en/" }), robotsTxt: robots("User-agent: *\nDisallow: /en/\n") });
    expect(robotsAiSearchAccess.run(artifacts)).toMatchObject({ status: "fail", blocking: true });
  });

  test("an allow rule for one agent beats the blanket disallow for that agent only", () => {
    const outcome = run("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n");
    expect(outcome.status).toBe("fail");
    expect(outcome.blocking).toBeUndefined();
    expect(outcome.score).toBeCloseTo(1 / AGENTS, 5);
  });

  test("4xx: no rules, allow all (RFC 9309)", () => {
    for (const status of [401, 403, 404, 410]) {
      expect(robotsAiSearchAccess.run(site({ robotsTxt: robots({ status, text: "User-agent: *\nDisallow: /" }) }))).toMatchObject({ status: "pass" });
    }
  });

  test("5xx and 429: disallow all (RFC 9309), a gate", () => {
    for (const status of [500, 503, 429]) {
      const outcome = robotsAiSearchAccess.run(site({ robotsTxt: robots({ status, text: "" }) }));
      expect(outcome).toMatchObject({ status: "fail", score: 0, blocking: true });
      expect(outcome.detail).toContain(`HTTP ${status}`);
    }
  });

  test("unreachable robots.txt: disallow all; too many redirects: allow all", () => {
    const unreachable = site({ robotsTxt: { ok: false, url: "https://example.com/robots.txt", error: { code: "connect", message: "refused", url: "https://example.com/robots.txt" } } });
    expect(robotsAiSearchAccess.run(unreachable)).toMatchObject({ status: "fail", blocking: true });
    const looping = site({
      robotsTxt: { ok: false, url: "https://example.com/robots.txt", error: { code: "too-many-redirects", message: "loop", url: "https://example.com/robots.txt" } },
    });
    expect(robotsAiSearchAccess.run(looping)).toMatchObject({ status: "pass" });
  });

  test("an HTML page served as robots.txt is a warning that says something intercepts it", () => {
    const outcome = robotsAiSearchAccess.run(site({ robotsTxt: robots({ contentType: "text/html", text: "<!DOCTYPE html><html><body>Just a moment...</body></html>" }) }));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.detail).toContain("intercepts");
  });

  test("a plain-text file with a wrong content type is still read as rules", () => {
    expect(robotsAiSearchAccess.run(site({ robotsTxt: robots({ contentType: "text/html", text: "User-agent: *\nDisallow: /\n" }) }))).toMatchObject({ blocking: true });
  });

  test("unknown when robots.txt was never requested", () => {
    const skipped = site({ robotsTxt: { ok: false, url: "https://example.com/", error: { code: "skipped", message: "not requested", url: "https://example.com/" } } });
    expect(robotsAiSearchAccess.run(skipped)).toMatchObject({ status: "unknown", score: null });
  });
});

describe("robots-ai-training", () => {
  test("is reported but never scored", () => {
    expect(robotsAiTraining.weight).toBe(0);
  });

  test("an opt-out is a choice with full marks, naming the crawlers and their group", () => {
    const outcome = robotsAiTraining.run(siteWithRobots("User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("opt out of AI training for GPTBot, CCBot");
    expect(outcome.detail).toContain("Still allowed: ClaudeBot");
    expect(outcome.detail).toContain("Google-Extended does not remove the site from Google AI Overviews");
    expect(outcome.evidence).toEqual(["line 3 (User-agent: GPTBot / User-agent: CCBot): Disallow: /"]);
  });

  test("allowing training crawlers is a choice too", () => {
    const outcome = robotsAiTraining.run(siteWithRobots("User-agent: *\nAllow: /\n"));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("lets every AI training crawler in");
  });

  test("not applicable when robots.txt is unavailable", () => {
    expect(robotsAiTraining.run(site({ robotsTxt: robots({ status: 503 }) }))).toMatchObject({ status: "na", score: null });
  });
});
