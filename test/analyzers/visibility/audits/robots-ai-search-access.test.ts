import { AUDITS } from "../../../../src/analyzers/visibility/scoring/audit-table.ts";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { describe, expect, test } from "bun:test";
import { robotsAiSearchAccess } from "../../../../src/analyzers/visibility/audits/access/robots-ai-search-access.ts";
import { robotsAiTraining } from "../../../../src/analyzers/visibility/audits/access/robots-ai-training.ts";
import { AI_PLATFORMS, audienceShare } from "../../../../src/analyzers/visibility/platforms.ts";
import { homepage, robots, site, siteWithRobots } from "../sample-site.ts";

/** The audience share of one platform of the catalogue. */
const share = (id: string) => audienceShare(AI_PLATFORMS.find((platform) => platform.id === id)!);

const run = (text: string) => runAudit(robotsAiSearchAccess, siteWithRobots(text));

describe("robots-ai-search-access", () => {
  test("passes when no rule blocks the homepage", () => {
    expect(run("User-agent: *\nDisallow: /admin/\n")).toMatchObject({ status: "pass", score: 1 });
    expect(run("")).toMatchObject({ status: "pass", score: 1 });
  });

  test("blocking some agents costs their platforms' audience share, names them and their rule, and is not a gate", () => {
    const outcome = run("User-agent: PerplexityBot\nUser-agent: Perplexity-User\nDisallow: /\n\nUser-agent: *\nAllow: /\n");
    expect(outcome.status).toBe("fail");
    expect(outcome.score).toBeCloseTo(1 - share("perplexity"), 2);
    expect(outcome.blocking).toBeUndefined();
    expect(outcome.detail).toContain(`hold ${Math.round((1 - share("perplexity")) * 100)}% of the AI audience`);
    expect(outcome.detail).toContain("PerplexityBot, Perplexity-User");
    expect(outcome.detail).toContain("group `User-agent: PerplexityBot / User-agent: Perplexity-User`, line 3 `Disallow: /`");
    expect(outcome.fix?.how).toContain("delete line 3");
  });

  test("blocking ChatGPT's agents costs far more than blocking a minor engine's", () => {
    const chatgpt = run("User-agent: OAI-SearchBot\nUser-agent: ChatGPT-User\nDisallow: /\n");
    const mistral = run("User-agent: MistralAI-User\nDisallow: /\n");
    expect(1 - chatgpt.score!).toBeGreaterThan(20 * (1 - mistral.score!));
    expect(chatgpt.score).toBeCloseTo(1 - share("chatgpt"), 2);
    // A blocked on-demand fetcher alone halves its platform: the index crawler still finds the page.
    expect(run("User-agent: ChatGPT-User\nDisallow: /\n").score).toBeCloseTo(1 - share("chatgpt") / 2, 2);
  });

  test("matches product tokens case-insensitively and ignores version suffixes", () => {
    expect(run("user-agent: oai-searchbot/1.0\ndisallow: /\n")).toMatchObject({ status: "fail" });
  });

  test("a blanket Disallow blocks every search and assistant agent; its fix adds their own group (the gate is ai-platform-reach's)", () => {
    const outcome = run("# keep out\nUser-agent: *\nDisallow: /\n");
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.blocking).toBeUndefined();
    expect(outcome.detail).toContain("group `User-agent: *`, line 3 `Disallow: /`");
    expect(outcome.fix?.how).toContain("User-agent: Googlebot\n");
    expect(outcome.fix?.how).toEndWith("Allow: /\n```");
  });

  test("judges the path the homepage was finally served from", () => {
    const artifacts = site({ homepage: homepage({ finalUrl: "https://example.com/en/" }), robotsTxt: robots("User-agent: *\nDisallow: /en/\n") });
    expect(runAudit(robotsAiSearchAccess, artifacts)).toMatchObject({ status: "fail", score: 0 });
  });

  test("an allow rule for one agent beats the blanket disallow for that agent only", () => {
    const outcome = run("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n");
    expect(outcome.status).toBe("fail");
    expect(outcome.blocking).toBeUndefined();
    // Google's AI features, and Meta AI through Google's index (its own fetcher is still disallowed: half).
    expect(outcome.score).toBeCloseTo(share("google") + share("meta-ai") / 2, 2);
  });

  test("4xx: no rules, allow all (RFC 9309)", () => {
    for (const status of [401, 403, 404, 410]) {
      expect(runAudit(robotsAiSearchAccess, site({ robotsTxt: robots({ status, text: "User-agent: *\nDisallow: /" }) }))).toMatchObject({ status: "pass" });
    }
  });

  test("5xx and 429: disallow all (RFC 9309)", () => {
    for (const status of [500, 503, 429]) {
      const outcome = runAudit(robotsAiSearchAccess, site({ robotsTxt: robots({ status, text: "" }) }));
      expect(outcome).toMatchObject({ status: "fail", score: 0 });
      expect(outcome.detail).toContain(`HTTP ${status}`);
    }
  });

  test("unreachable robots.txt: disallow all; too many redirects: allow all", () => {
    const unreachable = site({ robotsTxt: { ok: false, url: "https://example.com/robots.txt", error: { code: "connect", message: "refused", url: "https://example.com/robots.txt" } } });
    expect(runAudit(robotsAiSearchAccess, unreachable)).toMatchObject({ status: "fail", score: 0 });
    const looping = site({
      robotsTxt: { ok: false, url: "https://example.com/robots.txt", error: { code: "too-many-redirects", message: "loop", url: "https://example.com/robots.txt" } },
    });
    expect(runAudit(robotsAiSearchAccess, looping)).toMatchObject({ status: "pass" });
  });

  test("an HTML page served as robots.txt is a warning that says something intercepts it", () => {
    const outcome = runAudit(robotsAiSearchAccess, site({ robotsTxt: robots({ contentType: "text/html", text: "<!DOCTYPE html><html><body>Just a moment...</body></html>" }) }));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.detail).toContain("intercepts");
  });

  test("a plain-text file with a wrong content type is still read as rules", () => {
    expect(runAudit(robotsAiSearchAccess, site({ robotsTxt: robots({ contentType: "text/html", text: "User-agent: *\nDisallow: /\n" }) }))).toMatchObject({ status: "fail", score: 0 });
  });

  test("unknown when robots.txt was never requested", () => {
    const skipped = site({ robotsTxt: { ok: false, url: "https://example.com/", error: { code: "skipped", message: "not requested", url: "https://example.com/" } } });
    expect(runAudit(robotsAiSearchAccess, skipped)).toMatchObject({ status: "unknown", score: null });
  });
});

describe("robots-ai-training", () => {
  test("is reported but never scored", () => {
    expect(AUDITS.find((audit) => audit.id === robotsAiTraining.id)?.weight).toBe(0);
  });

  test("an opt-out is a choice with full marks, naming the crawlers and their group", () => {
    const outcome = runAudit(robotsAiTraining, siteWithRobots("User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("opt out of AI training for GPTBot, CCBot");
    expect(outcome.detail).toContain("Still allowed: ClaudeBot");
    expect(outcome.detail).toContain("Google-Extended does not remove the site from Google AI Overviews");
    expect(outcome.evidence).toEqual(["line 3 (User-agent: GPTBot / User-agent: CCBot): Disallow: /"]);
  });

  test("allowing training crawlers is a choice too", () => {
    const outcome = runAudit(robotsAiTraining, siteWithRobots("User-agent: *\nAllow: /\n"));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("lets every AI training crawler in");
  });

  test("not applicable when robots.txt is unavailable", () => {
    expect(runAudit(robotsAiTraining, site({ robotsTxt: robots({ status: 503 }) }))).toMatchObject({ status: "na", score: null });
  });
});
