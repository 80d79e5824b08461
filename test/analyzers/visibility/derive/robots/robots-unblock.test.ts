import { describe, expect, test } from "bun:test";
import { robotsPolicy } from "../../../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import { robotsUnblock } from "../../../../../src/analyzers/visibility/derive/robots/robots-unblock.ts";
import { robots, site, siteWithRobots } from "../../sample-site.ts";

const rules = (text: string, truncated = false) => {
  const policy = robotsPolicy(truncated ? site({ robotsTxt: robots({ text, truncated }) }) : siteWithRobots(text));
  if (policy.kind !== "rules") throw new Error(policy.kind);
  return policy;
};

describe("robotsUnblock: the site's robots.txt with the agents let in and nothing else changed", () => {
  test("agents that follow `*` get a group of their own, appended, with `*`'s rules less the one that blocked the homepage", () => {
    expect(robotsUnblock(rules("User-agent: *\nDisallow: /\nDisallow: /cart\nCrawl-delay: 2\n"), ["OAI-SearchBot", "PerplexityBot"], "/")).toEqual({
      placement: "lines",
      code: "User-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nDisallow: /cart\nCrawl-delay: 2",
      changes: ["add a group for OAI-SearchBot, PerplexityBot with the rules they had, less those that kept them off the homepage"],
    });
  });

  test("an agent named beside a training crawler leaves that group, which keeps its rule for the crawler", () => {
    const unblock = robotsUnblock(rules("User-agent: GPTBot\nUser-agent: oai-searchbot\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n"), ["OAI-SearchBot"], "/")!;
    expect(unblock.placement).toBe("file");
    expect(unblock.code).toBe("User-agent: GPTBot\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n\nUser-agent: OAI-SearchBot\nAllow: /");
    expect(unblock.changes[0]).toBe("delete line 2 `User-agent: oai-searchbot`");
  });

  test("an agent in two groups reads them merged: its new group keeps the other group's rules", () => {
    const unblock = robotsUnblock(rules("User-agent: PerplexityBot\nDisallow: /search\n\nUser-agent: PerplexityBot\nDisallow: /\n"), ["PerplexityBot"], "/")!;
    expect(unblock.code).toBe("User-agent: PerplexityBot\nDisallow: /search");
  });

  test("the groups go before a last group that has no rules, which would otherwise take their User-agent lines", () => {
    const unblock = robotsUnblock(rules("User-agent: *\nDisallow: /\n\nUser-agent: Bingbot\n"), ["PerplexityBot"], "/")!;
    expect(unblock).toMatchObject({ placement: "file", code: "User-agent: *\nDisallow: /\n\nUser-agent: PerplexityBot\nAllow: /\n\nUser-agent: Bingbot" });
  });

  test("a file cut at the scan's cap gives no code: the rest of it is unknown", () => {
    expect(robotsUnblock(rules("User-agent: *\nDisallow: /\nDisallow: /priv", true), ["PerplexityBot"], "/")).toBeNull();
  });

  test("the longest match decides: an Allow as long as a Disallow wins the tie and ends the lifting", () => {
    expect(robotsUnblock(rules("User-agent: *\nDisallow: /$\nDisallow: /\nAllow: /\nDisallow: /x\n"), ["PerplexityBot"], "/")!.code).toBe("User-agent: PerplexityBot\nDisallow: /\nAllow: /\nDisallow: /x");
  });

  test("hostile input: thousands of rules against the homepage are lifted in one pass", () => {
    const text = `User-agent: *\n${"Disallow: /\n".repeat(20_000)}Disallow: /private\n`;
    expect(robotsUnblock(rules(text), ["PerplexityBot"], "/")!.code).toBe("User-agent: PerplexityBot\nDisallow: /private");
  });
});
