import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../../src/analyzers/visibility/audits/run-audit.ts";
import { robotsAiSearchAccess } from "../../../../../src/analyzers/visibility/audits/access/robots-ai-search-access.ts";
import { robotsAiTraining } from "../../../../../src/analyzers/visibility/audits/access/robots-ai-training.ts";
import { robotsSitemap } from "../../../../../src/analyzers/visibility/audits/discover/robots-sitemap.ts";
import { ccBotBlocked } from "../../../../../src/analyzers/visibility/derive/robots/robots-ccbot.ts";
import { comparablePath, comparablePattern } from "../../../../../src/analyzers/visibility/derive/robots/robots-encoding.ts";
import { agentTokens } from "../../../../../src/analyzers/visibility/derive/robots/robots-groups.ts";
import { type RobotsPolicy, cutNotice, multiAgentNotice, robotsPolicy, verdictFor } from "../../../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import { homepage, robots, site, siteWithRobots } from "../../sample-site.ts";

type Rules = Extract<RobotsPolicy, { kind: "rules" }>;

function rulesOf(text: string, truncated = false): Rules {
  const policy = robotsPolicy(site({ robotsTxt: robots({ text, truncated }) }));
  if (policy.kind !== "rules") throw new Error(`expected rules, got ${policy.kind}`);
  return policy;
}

/** The file from issue 11: `Disallow: /private-area` cut by the byte cap after `Disallow: /`. */
const CUT_FILE = "User-agent: *\nDisallow: /private-area\nUser-agent: OAI-SearchBot\nDisallow: /";

describe("a robots.txt cut at the byte cap", () => {
  test("drops the partial last line and says where the cut fell", () => {
    const policy = rulesOf(CUT_FILE, true);
    expect(policy.truncated).toBe(true);
    expect(policy.cut).toEqual({ lastCompleteLine: 3, byteOffset: "User-agent: *\nDisallow: /private-area\nUser-agent: OAI-SearchBot\n".length, partialLine: { line: 4, text: "Disallow: /" } });
    expect(policy.lines).toEqual(["User-agent: *", "Disallow: /private-area", "User-agent: OAI-SearchBot", ""]);
  });

  test("counts the byte offset in UTF-8 bytes and CRLF as one line end", () => {
    const policy = rulesOf("User-agent: *\r\nDisallow: /café\r\nDisallow: /ca", true);
    expect(policy.cut).toEqual({ lastCompleteLine: 2, byteOffset: 33, partialLine: { line: 3, text: "Disallow: /ca" } });
  });

  test("a cut right after a line end drops nothing", () => {
    expect(rulesOf("User-agent: *\nDisallow: /\n", true).cut).toEqual({ lastCompleteLine: 2, byteOffset: 26, partialLine: null });
  });

  test("a file cut inside its first line has no rules", () => {
    const policy = rulesOf("User-agent: *", true);
    expect(policy.cut).toEqual({ lastCompleteLine: 0, byteOffset: 0, partialLine: { line: 1, text: "User-agent: *" } });
    expect(verdictFor(policy, "GPTBot", "/").allowed).toBe(true);
  });

  test("a file read whole has no cut and no notice", () => {
    const policy = rulesOf(CUT_FILE);
    expect(policy.cut).toBeNull();
    expect(cutNotice(policy)).toBeNull();
  });

  test("the notice names the line, the byte and the dropped text", () => {
    expect(cutNotice(rulesOf(CUT_FILE, true))).toBe(
      "https://example.com/robots.txt is larger than the scan reads, so it was cut inside line 4 (byte 64); that partial line (`Disallow: /`) was ignored, " +
        "and rules were read through line 3. Rules after that point were not seen; crawlers only have to read the first 500 KiB (RFC 9309 §2.5), and Google reads no more, so they may not see them either.",
    );
    expect(cutNotice(rulesOf("User-agent: *\nDisallow: /\n", true))).toStartWith("https://example.com/robots.txt is larger than the scan reads, so it was cut after line 2 (byte 26). ");
  });

  test("a cut before the first line ended says that no rule was read, not that rules were read through line 0", () => {
    expect(cutNotice(rulesOf("aaaaaaaaaa", true))).toStartWith(
      "https://example.com/robots.txt is larger than the scan reads, so it was cut inside its first line; that partial line (`aaaaaaaaaa`) was ignored, and no rule was read. ",
    );
    // A body of NULs only, which is read as empty text.
    expect(cutNotice(rulesOf("", true))).toStartWith("https://example.com/robots.txt is larger than the scan reads, so it was cut before the end of its first line, and no rule was read. ");
  });

  test("robots-ai-search-access no longer fails OAI-SearchBot on the fragment, and states the cut", () => {
    const outcome = runAudit(robotsAiSearchAccess, site({ robotsTxt: robots({ text: CUT_FILE, truncated: true }) }));
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toContain("cut inside line 4 (byte 64)");
    expect(outcome.evidence).toContain(cutNotice(rulesOf(CUT_FILE, true))!);
  });

  test("the notice is added to a failing verdict too", () => {
    const outcome = runAudit(robotsAiSearchAccess, site({ robotsTxt: robots({ text: "User-agent: *\nDisallow: /\nDisallow: /a", truncated: true }) }));
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.detail).toContain("cut inside line 3");
    expect(outcome.evidence[0]).toBe("line 2 (User-agent: *): Disallow: /");
  });
});

describe("homepage paths beginning with //", () => {
  test("//en/ is judged as a path under Disallow: /", () => {
    const artifacts = site({ homepage: homepage({ finalUrl: "https://example.com//en/" }), robotsTxt: robots("User-agent: *\nDisallow: /\n") });
    expect(runAudit(robotsAiSearchAccess, artifacts)).toMatchObject({ status: "fail", score: 0 });
  });

  test("// is judged, not unknown", () => {
    const artifacts = site({ homepage: homepage({ finalUrl: "https://example.com//" }), robotsTxt: robots("User-agent: *\nDisallow: /\n") });
    expect(runAudit(robotsAiSearchAccess, artifacts)).toMatchObject({ status: "fail", score: 0 });
    expect(ccBotBlocked(artifacts)).toBe("line 2 `Disallow: /` in `User-agent: *`");
  });

  test("//en/ is allowed where only /en/ is disallowed", () => {
    const artifacts = site({ homepage: homepage({ finalUrl: "https://example.com//en/" }), robotsTxt: robots("User-agent: *\nDisallow: /en/\n") });
    expect(runAudit(robotsAiSearchAccess, artifacts)).toMatchObject({ status: "pass" });
  });
});

describe("evidence quotes the site's own lines", () => {
  test("a rule's line and group survive records that do not end the group", () => {
    const policy = rulesOf("# hi\nUser-agent: GPTBot\nSitemap: https://example.com/a.xml\nCrawl-delay: 3\nUser-agent: ClaudeBot\n\nDisallow: /  # all\n");
    expect(verdictFor(policy, "ClaudeBot", "/")).toEqual({ token: "ClaudeBot", allowed: false, rule: { line: 7, text: "Disallow: /  # all", group: "User-agent: GPTBot / User-agent: ClaudeBot" } });
    expect(verdictFor(policy, "GPTBot", "/").rule?.line).toBe(7);
    expect(verdictFor(policy, "PerplexityBot", "/")).toEqual({ token: "PerplexityBot", allowed: true, rule: null });
  });

  test("line numbers count lines as written, with a BOM and CRLF", () => {
    const policy = rulesOf("\uFEFFUser-agent: *\r\nAllow: /public\r\n\r\nDisallow: /\r\n");
    expect(verdictFor(policy, "GPTBot", "/")).toMatchObject({ allowed: false, rule: { line: 4, text: "Disallow: /" } });
    expect(verdictFor(policy, "GPTBot", "/public/a")).toMatchObject({ allowed: true, rule: { line: 2, text: "Allow: /public" } });
  });

  test("sitemaps and crawl-delay are still read after the rewrite", () => {
    const policy = rulesOf("User-agent: GPTBot\nSitemap: https://example.com/a.xml\nCrawl-delay: 5\nUser-agent: ClaudeBot\nDisallow: /x\nSitemap: https://example.com/b.xml\n");
    expect(policy.robot.getSitemaps()).toEqual(["https://example.com/a.xml", "https://example.com/b.xml"]);
    expect(policy.robot.getCrawlDelay("ClaudeBot")).toBe(5);
    expect(runAudit(robotsSitemap, site({ robotsTxt: robots(policy.lines.join("\n")) }))).toMatchObject({ status: "pass", evidence: ["Sitemap: https://example.com/a.xml", "Sitemap: https://example.com/b.xml"] });
  });
});

describe("User-agent values with several tokens", () => {
  test("name each product token; other values name their leading token", () => {
    expect(agentTokens("GPTBot ClaudeBot")).toEqual(["GPTBot", "ClaudeBot"]);
    expect(agentTokens("GPTBot,ClaudeBot, CCBot")).toEqual(["GPTBot", "ClaudeBot", "CCBot"]);
    expect(agentTokens("GPTBot/1.1 ClaudeBot")).toEqual(["GPTBot", "ClaudeBot"]);
    expect(agentTokens("GPTBot")).toEqual(["GPTBot"]);
    expect(agentTokens("img2dataset")).toEqual(["img2dataset"]);
    expect(agentTokens("Mozilla/5.0 (compatible; GPTBot/1.1)")).toEqual(["Mozilla"]);
    expect(agentTokens("*")).toEqual(["*"]);
    expect(agentTokens("* all robots")).toEqual(["*"]);
    expect(agentTokens("(none)")).toEqual([]);
  });

  test("the training audit lists both agents of one line as opted out", () => {
    const outcome = runAudit(robotsAiTraining, siteWithRobots("User-agent: GPTBot CCBot\nDisallow: /\n"));
    expect(outcome.detail).toContain("opt out of AI training for GPTBot, CCBot");
    expect(outcome.evidence).toEqual(["line 2 (User-agent: GPTBot CCBot): Disallow: /"]);
  });

  test("the fix for an agent named in a multi-token line edits that line's group", () => {
    const outcome = runAudit(robotsAiSearchAccess, siteWithRobots("User-agent: OAI-SearchBot ChatGPT-User\nDisallow: /\n"));
    expect(outcome.detail).toContain("group `User-agent: OAI-SearchBot ChatGPT-User`, line 2 `Disallow: /` blocks OAI-SearchBot, ChatGPT-User");
    expect(outcome.fix?.how).toContain("delete line 2");
    expect(outcome.fix?.how).not.toContain("Add a group of their own");
  });

  test("a group without a usable token applies to no one and does not join the previous group", () => {
    const policy = rulesOf("User-agent: GPTBot\nDisallow: /a\n\nUser-agent: (none)\nDisallow: /\n");
    expect(verdictFor(policy, "GPTBot", "/").allowed).toBe(true);
    expect(verdictFor(policy, "GPTBot", "/a").allowed).toBe(false);
  });

  test("the notice quotes the lines and advises one token per line", () => {
    const policy = rulesOf("User-agent: GPTBot ClaudeBot\nDisallow: /\n");
    expect(policy.multiAgentLines).toEqual([{ line: 1, value: "GPTBot ClaudeBot", agents: ["GPTBot", "ClaudeBot"] }]);
    expect(multiAgentNotice(policy)).toBe(
      "line 1 `User-agent: GPTBot ClaudeBot` names several agents in one line. This scan applies the group to each of them, but RFC 9309 allows one product token per line " +
        "and Google's parser reads only the first (GPTBot), so some crawlers ignore the others: give each agent its own line (`User-agent: GPTBot`, `User-agent: ClaudeBot`).",
    );
    expect(multiAgentNotice(rulesOf("User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n"))).toBeNull();
  });
});

describe("one spelling for paths and patterns", () => {
  test("is stable: spelling a spelt path or pattern again changes nothing", () => {
    for (const text of ["/caf%c3%a9/ツ?q=a b&x='1'", "/%7Euser/%2f[x]|^{}", "/a*b$", "/100%", "/emoji/😀"]) {
      expect(comparablePath(comparablePath(text))).toBe(comparablePath(text));
      expect(comparablePattern(comparablePattern(text))).toBe(comparablePattern(text));
    }
  });

  test("encodes what needs encoding and decodes only unreserved escapes", () => {
    expect(comparablePath("/caf%c3%a9/ツ")).toBe("/caf%C3%A9/%E3%83%84");
    expect(comparablePath("/%7Euser/%2f/%41")).toBe("/~user/%2F/A");
    expect(comparablePath("/a*b$")).toBe("/a%2Ab%24");
    expect(comparablePattern("/a*b$")).toBe("/a*b$");
    expect(comparablePattern("/a$b")).toBe("/a%24b");
    expect(comparablePath("/emoji/😀")).toBe("/emoji/%F0%9F%98%80");
  });
});
