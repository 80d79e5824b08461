import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import catalogue from "../../../src/analyzers/visibility/ai-crawlers.json";
import { AI_CRAWLERS, crawler, probedCrawlers } from "../../../src/analyzers/visibility/crawlers.ts";

const AUDITS_DIR = join(import.meta.dir, "../../../src/analyzers/visibility/audits");

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(directory, entry.name)) : entry.name.endsWith(".ts") ? [readFileSync(join(directory, entry.name), "utf8")] : [],
  );
}

/** Words shaped like crawler product tokens: …Bot, …bot, …-User, …-Extended, …-SearchBot, …agent, …Fetcher, …spider. */
const TOKEN_SHAPE = /\b(?:[A-Za-z0-9]+-)*[A-Za-z0-9]*(?:Bot|bot|-User|-Extended|externalagent|ExternalFetcher|spider)\b/g;
/** Words of that shape that are not crawler tokens. */
const NOT_TOKENS = new Set(["robot", "Robot", "bot", "Bot", "chatbot", "robots-ccbot"]);

describe("the AI crawler catalogue", () => {
  test("is a data file with operator, purpose, probing user agent and documentation for every token", () => {
    expect(catalogue.length).toBe(AI_CRAWLERS.length);
    const tokens = AI_CRAWLERS.map((entry) => entry.token.toLowerCase());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const entry of AI_CRAWLERS) {
      expect(entry.token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(entry.operator.length).toBeGreaterThan(0);
      expect(["search", "user", "training"]).toContain(entry.purpose);
      if (entry.userAgent !== null) expect(entry.userAgent.toLowerCase()).toContain(entry.token.toLowerCase());
      if (entry.probe) expect(entry.userAgent).not.toBeNull();
      if (entry.docs !== null) expect(entry.docs).toMatch(/^https:\/\//);
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

  test("the live probe impersonates the major search, assistant and training crawlers", () => {
    const probed = probedCrawlers().map((entry) => entry.token);
    expect(probed).toEqual(expect.arrayContaining(["OAI-SearchBot", "ChatGPT-User", "GPTBot", "Claude-SearchBot", "ClaudeBot", "PerplexityBot", "Googlebot", "Bingbot"]));
  });
});
