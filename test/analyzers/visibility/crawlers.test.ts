import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import catalogue from "../../../src/analyzers/visibility/ai-crawlers.json";
import { AI_CRAWLERS, ALL_CRAWLER_TOKENS, CATALOGUE_REVIEWED, bindsAgent, crawler, crawlersFor, probedCrawlers } from "../../../src/analyzers/visibility/crawlers.ts";
import { AI_PLATFORMS, WEIGHTING, audienceShare, platformAgents, weightFromInputs } from "../../../src/analyzers/visibility/platforms.ts";
import { PER_SITE_CONCURRENCY } from "../../../src/analyzers/visibility/gather/site-limiter.ts";

const VISIBILITY_DIR = join(import.meta.dir, "../../../src/analyzers/visibility");
const AUDITS_DIR = join(VISIBILITY_DIR, "audits");

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(directory, entry.name)) : entry.name.endsWith(".ts") ? [readFileSync(join(directory, entry.name), "utf8")] : [],
  );
}

/** Words shaped like crawler product tokens: …Bot, …bot, …-User, …-Extended, …-SearchBot, …agent, …Fetcher, …spider. */
const TOKEN_SHAPE = /\b(?:[A-Za-z0-9]+-)*[A-Za-z0-9]*(?:Bot|bot|-User|-Extended|externalagent|ExternalFetcher|spider)\b/g;
/** Words of that shape that are not crawler tokens. */
// "web-bot" is the module of Web Bot Auth (net/web-bot-auth.ts), not an agent.
const NOT_TOKENS = new Set(["robot", "Robot", "bot", "Bot", "chatbot", "robots-ccbot", "web-bot"]);

describe("the AI crawler catalogue", () => {
  test("is a data file with operator, purpose, probing user agent and documentation for every token", () => {
    expect(catalogue.agents.length).toBe(ALL_CRAWLER_TOKENS.length);
    const tokens = ALL_CRAWLER_TOKENS.map((entry) => entry.token.toLowerCase());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const entry of AI_CRAWLERS) {
      expect(entry.token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(entry.operator.length).toBeGreaterThan(0);
      expect(["search", "user", "training", "agent"]).toContain(entry.purpose);
      if (entry.userAgent !== null) expect(entry.userAgent.toLowerCase()).toContain(entry.token.toLowerCase());
      if (entry.probe) expect(entry.userAgent).not.toBeNull();
      // A control token is read by another crawler; it fetches nothing and cannot be probed.
      expect(entry.controlToken).toBe(entry.userAgent === null);
      for (const directive of entry.honours) expect(["noindex", "nosnippet", "max-snippet", "noarchive"]).toContain(directive);
    }
  });

  test("provenance: every entry names the page it was checked against and a check date no older than the catalogue's review", () => {
    expect(CATALOGUE_REVIEWED).toMatch(/^20\d\d-\d\d-\d\d$/);
    for (const entry of ALL_CRAWLER_TOKENS) {
      expect(entry.docs, entry.token).toMatch(/^https:\/\/[^\s]+$/);
      expect(entry.checked, entry.token).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(entry.checked >= CATALOGUE_REVIEWED, `${entry.token} checked ${entry.checked}, before the review of ${CATALOGUE_REVIEWED}`).toBe(true);
      expect(["honours", "may-not-apply", "generally-ignores", "unverified"]).toContain(entry.robotsTxt.rule);
      expect(["rfc-9309", "crawls-on", "unverified"]).toContain(entry.robotsTxt.whenUnavailable);
      // The vendor's words, or a statement that they could not be read: never an empty claim.
      expect(entry.robotsTxt.words.length, entry.token).toBeGreaterThan(30);
      if (entry.robotsTxt.rule === "unverified") expect(entry.robotsTxt.words, entry.token).toMatch(/not (?:verified|stated)|no (?:web )?crawler|no longer listed|names no|documents no|publishes no/i);
      if (entry.ipList !== null) expect(entry.ipList, entry.token).toMatch(/^https:\/\//);
      expect(["yes", "not-documented"]).toContain(entry.signs);
      expect(["active", "legacy", "never-existed"]).toContain(entry.status);
      if (entry.platform !== null) expect(AI_PLATFORMS.map((platform) => platform.id), entry.token).toContain(entry.platform);
    }
  });

  test("the 2026 agents are in, with each vendor's semantics", () => {
    for (const token of ["ClaudeBot", "Claude-SearchBot", "Claude-User", "Amzn-SearchBot", "Amzn-User", "Amazonbot", "meta-webindexer", "MistralAI-Index", "MistralAI-Training", "Google-Agent"]) {
      expect(crawler(token).status, token).toBe("active");
    }
    expect(crawler("ChatGPT-User").robotsTxt).toMatchObject({ rule: "may-not-apply" });
    expect(crawler("ChatGPT-User").robotsTxt.words).toContain("may not apply");
    expect(bindsAgent(crawler("ChatGPT-User"))).toBe(false);
    expect(bindsAgent(crawler("Perplexity-User"))).toBe(false);
    expect(bindsAgent(crawler("OAI-SearchBot"))).toBe(true);
    expect(crawler("Amazonbot").robotsTxt.whenUnavailable).toBe("crawls-on");
    expect(crawler("Google-Agent")).toMatchObject({ signs: "yes", purpose: "agent" });
    expect(crawler("Google-Agent").robotsTxt.words).toContain("generally ignore robots.txt rules");
  });

  test("retired and never-existing tokens are recognised but never judged, probed or counted", () => {
    for (const token of ["Claude-Web", "anthropic-ai"]) expect(crawler(token).status, token).toBe("legacy");
    for (const token of ["GeminiBot", "DeepSeek-AI", "cohere-ai"]) expect(crawler(token).status, token).toBe("never-existed");
    const active = new Set(AI_CRAWLERS.map((entry) => entry.token));
    for (const token of ["Claude-Web", "anthropic-ai", "GeminiBot", "DeepSeek-AI", "cohere-ai"]) {
      expect(active.has(token)).toBe(false);
      expect(crawlersFor("training", "search", "user").map((entry) => entry.token)).not.toContain(token);
    }
  });

  test("Google-Extended and Applebot-Extended are training-control tokens, not fetchers", () => {
    for (const token of ["Google-Extended", "Applebot-Extended"]) {
      expect(crawler(token)).toMatchObject({ purpose: "training", controlToken: true, userAgent: null, probe: false });
      expect(crawler(token).note).toContain("not a crawler");
    }
  });

  test("groups the crawlers the issue names by purpose", () => {
    const purposeOf = (token: string) => crawler(token).purpose;
    for (const token of ["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot", "Googlebot", "Bingbot", "Applebot"]) expect(purposeOf(token)).toBe("search");
    for (const token of ["ChatGPT-User", "Claude-User", "Perplexity-User", "DuckAssistBot"]) expect(purposeOf(token)).toBe("user");
    for (const token of ["GPTBot", "ClaudeBot", "CCBot", "Google-Extended", "Applebot-Extended", "meta-externalagent", "Bytespider"]) expect(purposeOf(token)).toBe("training");
    expect(() => crawler("NoSuchBot")).toThrow("not in the AI crawler catalogue");
  });

  test("every crawler token named in an audit is in the catalogue", () => {
    const known = new Set(AI_CRAWLERS.map((entry) => entry.token.toLowerCase()));
    const named = new Set(sources(AUDITS_DIR).flatMap((text) => text.match(TOKEN_SHAPE) ?? []).filter((word) => !NOT_TOKENS.has(word)));
    expect(named.size).toBeGreaterThan(5);
    const unknown = [...named].filter((word) => !known.has(word.toLowerCase()));
    expect(unknown).toEqual([]);
  });

  test("the live probe impersonates at least one agent of every platform, never a training crawler, within one round of the per-site bound", () => {
    const probed = probedCrawlers().map((entry) => entry.token);
    for (const platform of AI_PLATFORMS) expect([...platform.index, ...platform.fetchers].some((token) => probed.includes(token)), platform.id).toBe(true);
    expect(probed).toEqual(expect.arrayContaining(["OAI-SearchBot", "ChatGPT-User", "Claude-SearchBot", "Claude-User", "PerplexityBot", "Perplexity-User", "Googlebot", "Bingbot"]));
    expect(probedCrawlers().filter((entry) => entry.purpose === "training")).toEqual([]);
    // The browser's probe too: all of them fit the per-site concurrency bound at once.
    expect(probed.length + 1).toBeLessThanOrEqual(PER_SITE_CONCURRENCY);
  });
});

describe("the AI platform catalogue", () => {
  const SOURCED = [WEIGHTING.split, WEIGHTING.searchShares, WEIGHTING.assistantShares];

  test("names the answer engines people use, each with the agents it relies on, all in the crawler catalogue", () => {
    const ids = AI_PLATFORMS.map((platform) => platform.id);
    expect(ids).toEqual(expect.arrayContaining(["chatgpt", "google", "copilot", "perplexity", "claude", "meta-ai", "apple", "duckduckgo", "mistral", "amazon"]));
    expect(new Set(ids).size).toBe(ids.length);
    for (const platform of AI_PLATFORMS) {
      expect(() => platformAgents(platform), platform.id).not.toThrow();
      expect(platform.index.length + platform.fetchers.length, platform.id).toBeGreaterThan(0);
      for (const token of platform.index) expect(crawler(token).purpose, `${platform.id} index ${token}`).toBe("search");
      for (const token of platform.fetchers) expect(crawler(token).purpose, `${platform.id} fetcher ${token}`).toBe("user");
      for (const token of platform.training) expect(crawler(token).purpose, `${platform.id} training ${token}`).toBe("training");
      expect(platform.docs).toMatch(/^https:\/\//);
      expect(platform.how.length).toBeGreaterThan(20);
    }
  });

  test("the classic search crawlers count where a platform answers from a search index", () => {
    const platform = (id: string) => AI_PLATFORMS.find((entry) => entry.id === id)!;
    expect(platform("google").index).toEqual(["Googlebot"]);
    expect(platform("google").training).toEqual(["Google-Extended"]);
    expect(platform("copilot").index).toEqual(["Bingbot"]);
    expect(platform("chatgpt")).toMatchObject({ index: ["OAI-SearchBot"], fetchers: ["ChatGPT-User"], training: ["GPTBot"] });
  });

  test("every search and on-demand agent belongs to a platform, so each one counts toward reach", () => {
    const used = new Set(AI_PLATFORMS.flatMap((platform) => [...platform.index, ...platform.fetchers]));
    const orphans = AI_CRAWLERS.filter((entry) => (entry.purpose === "search" || entry.purpose === "user") && !used.has(entry.token)).map((entry) => entry.token);
    expect(orphans).toEqual([]);
  });

  test("weights are documented: each source has a citation, a URL and a date, and each weight follows from its published inputs", () => {
    for (const source of SOURCED) {
      expect(source.source.length).toBeGreaterThan(40);
      expect(source.url).toMatch(/^https:\/\//);
      expect(source.date).toMatch(/^20\d\d-\d\d(?:-\d\d)?$/);
    }
    expect(WEIGHTING.split.search + WEIGHTING.split.assistants).toBeCloseTo(1, 5);
    expect(WEIGHTING.precision).toContain("Coarse");
    for (const platform of AI_PLATFORMS) {
      expect(platform.weight, platform.id).toBe(weightFromInputs(platform));
      expect(platform.weight, platform.id).toBeGreaterThan(0);
      if (platform.audience.basis === "measured") {
        expect(platform.audience.searchShare + platform.audience.assistantShare, platform.id).toBeGreaterThan(0);
        // The shares quoted in the data are the ones the sources state.
        if (platform.audience.assistantShare > 0) expect(WEIGHTING.assistantShares.source).toContain(`${platform.audience.assistantShare}%`);
      } else {
        expect(platform.audience.note.length, platform.id).toBeGreaterThan(20);
      }
    }
  });

  test("shares sum to 1 and rank ChatGPT and Google's AI features far above minor engines", () => {
    expect(AI_PLATFORMS.reduce((sum, platform) => sum + audienceShare(platform), 0)).toBeCloseTo(1, 10);
    const share = (id: string) => audienceShare(AI_PLATFORMS.find((entry) => entry.id === id)!);
    expect(share("google")).toBeGreaterThan(0.5);
    expect(share("chatgpt")).toBeGreaterThan(0.25);
    expect(share("chatgpt")).toBeGreaterThan(20 * share("mistral"));
  });

  test("every crawler token named in the visibility code outside the audits is in the catalogue too", () => {
    const files = ["crawlers.ts", "platforms.ts", "gather/probes.ts", "scoring/gates.ts"].map((file) => readFileSync(join(VISIBILITY_DIR, file), "utf8"));
    const known = new Set(AI_CRAWLERS.map((entry) => entry.token.toLowerCase()));
    const named = files.flatMap((text) => text.match(TOKEN_SHAPE) ?? []).filter((word) => !NOT_TOKENS.has(word));
    expect(named.filter((word) => !known.has(word.toLowerCase()))).toEqual([]);
  });
});
