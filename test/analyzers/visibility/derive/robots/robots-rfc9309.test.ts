/**
 * robots.txt as RFC 9309 reads it, and where the RFC leaves room, as Google's reference parser
 * (github.com/google/robotstxt) does; rows where we read a file differently from Google say so.
 * Each row: the file (and how it was served), the agent, the path asked about, and whether it may fetch.
 */
import { describe, expect, test } from "bun:test";
import type { RobotsTxtArtifact } from "../../../../../src/analyzers/visibility/gather/artifacts.ts";
import { mayFetch, robotsPolicy } from "../../../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import { robots, site } from "../../sample-site.ts";

interface Row {
  why: string;
  robots: string;
  agent: string;
  path: string;
  allowed: boolean;
  served?: Partial<Extract<RobotsTxtArtifact, { ok: true }>>;
}

const STAR_PRIVATE = "User-agent: *\nDisallow: /private\n";
const GPTBOT_OWN_GROUP = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n";

const ROWS: Row[] = [
  // Group matching: product tokens compare case-insensitively; a named group replaces `*` entirely.
  { why: "a named group applies to its agent", robots: GPTBOT_OWN_GROUP, agent: "GPTBot", path: "/", allowed: false },
  { why: "other agents take the * group", robots: GPTBOT_OWN_GROUP, agent: "ClaudeBot", path: "/", allowed: true },
  { why: "product tokens are case-insensitive", robots: "user-agent: gptbot\ndisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "keys are case-insensitive", robots: "USER-AGENT: GPTBOT\nDISALLOW: /\n", agent: "gptbot", path: "/", allowed: false },
  { why: "a version after the token is ignored", robots: "User-agent: GPTBot/1.1\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "a token is not a prefix match", robots: "User-agent: GPTBot-News\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "the named group replaces *, it is not combined with it", robots: "User-agent: GPTBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "a last named group without rules allows everything", robots: "User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "groups naming the same agent are merged (first)", robots: "User-agent: GPTBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: gptbot\nDisallow: /b\n", agent: "GPTBot", path: "/a/1", allowed: false },
  { why: "groups naming the same agent are merged (second)", robots: "User-agent: GPTBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: gptbot\nDisallow: /b\n", agent: "GPTBot", path: "/b/1", allowed: false },
  { why: "a merged group still allows what neither disallows", robots: "User-agent: GPTBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: gptbot\nDisallow: /b\n", agent: "GPTBot", path: "/c", allowed: true },

  // The * group.
  { why: "* applies to an agent without a group", robots: STAR_PRIVATE, agent: "OAI-SearchBot", path: "/private/x", allowed: false },
  { why: "* disallows only what it lists", robots: STAR_PRIVATE, agent: "OAI-SearchBot", path: "/public", allowed: true },
  { why: "no matching group and no *: no rules apply", robots: "User-agent: OtherBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "a file of comments only has no rules", robots: "# nothing here\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "Google reads `* ` followed by text as *", robots: "User-agent: * everyone\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },

  // Longest match wins, whatever the order; Allow wins a tie.
  { why: "the longer Disallow beats the shorter Allow (RFC 9309 §5.2)", robots: "User-agent: *\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n", agent: "GPTBot", path: "/example/page/disallowed.gif", allowed: false },
  { why: "the longer Allow beats the shorter Disallow", robots: "User-agent: *\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n", agent: "GPTBot", path: "/example/page/other", allowed: true },
  { why: "longest match does not depend on order", robots: "User-agent: *\nDisallow: /a/b\nAllow: /a\n", agent: "GPTBot", path: "/a/b/c", allowed: false },
  { why: "Allow: /public overrides Disallow: /", robots: "User-agent: *\nDisallow: /\nAllow: /public\n", agent: "GPTBot", path: "/public/x", allowed: true },
  { why: "Allow wins on equal length", robots: "User-agent: *\nDisallow: /page\nAllow: /page\n", agent: "GPTBot", path: "/page", allowed: true },
  { why: "Allow wins on equal length, either order", robots: "User-agent: *\nAllow: /page\nDisallow: /page\n", agent: "GPTBot", path: "/page", allowed: true },
  { why: "length counts the pattern as written, wildcards included", robots: "User-agent: *\nDisallow: /a.html\nAllow: /*.html\n", agent: "GPTBot", path: "/a.html", allowed: true },

  // Wildcards: * is any run of characters, $ anchors the end (only as the last character).
  { why: "*.gif$ matches a path ending in .gif", robots: "User-agent: *\nDisallow: /*.gif$\n", agent: "GPTBot", path: "/images/a.gif", allowed: false },
  { why: "$ means the path must end there", robots: "User-agent: *\nDisallow: /*.gif$\n", agent: "GPTBot", path: "/images/a.gif?size=2", allowed: true },
  { why: "$ is not a prefix match", robots: "User-agent: *\nDisallow: /*.gif$\n", agent: "GPTBot", path: "/a.gifx", allowed: true },
  { why: "* inside a pattern", robots: "User-agent: *\nDisallow: /private*/\n", agent: "GPTBot", path: "/private-area/x", allowed: false },
  { why: "* needs the rest of the pattern to match", robots: "User-agent: *\nDisallow: /private*/\n", agent: "GPTBot", path: "/private", allowed: true },
  { why: "query strings are part of the path", robots: "User-agent: *\nDisallow: /*?lang=\n", agent: "GPTBot", path: "/?lang=en", allowed: false },
  { why: "a trailing * changes nothing", robots: "User-agent: *\nDisallow: /fish*\n", agent: "GPTBot", path: "/fish.html", allowed: false },
  { why: "$ alone on / blocks only the homepage", robots: "User-agent: *\nDisallow: /$\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "$ alone on / leaves other pages", robots: "User-agent: *\nDisallow: /$\n", agent: "GPTBot", path: "/about", allowed: true },
  { why: "a $ inside a pattern is a literal character", robots: "User-agent: *\nDisallow: /price$list\n", agent: "GPTBot", path: "/price$list", allowed: false },

  // Percent-encoding (RFC 9309 §2.2.2, §2.2.3): paths compare as encoded octets.
  { why: "a UTF-8 rule matches the encoded path", robots: "User-agent: *\nDisallow: /café\n", agent: "GPTBot", path: "/caf%C3%A9", allowed: false },
  { why: "an encoded rule matches the UTF-8 path", robots: "User-agent: *\nDisallow: /caf%C3%A9\n", agent: "GPTBot", path: "/café", allowed: false },
  { why: "hex digits compare case-insensitively", robots: "User-agent: *\nDisallow: /caf%c3%a9\n", agent: "GPTBot", path: "/caf%C3%A9", allowed: false },
  { why: "RFC table: /foo/bar/ツ", robots: "User-agent: *\nDisallow: /foo/bar/ツ\n", agent: "GPTBot", path: "/foo/bar/%E3%83%84", allowed: false },
  { why: "escaped unreserved characters equal the characters (rule)", robots: "User-agent: *\nDisallow: /foo/bar/%62%61%7A\n", agent: "GPTBot", path: "/foo/bar/baz", allowed: false },
  { why: "escaped unreserved characters equal the characters (path)", robots: "User-agent: *\nDisallow: /foo/bar/baz\n", agent: "GPTBot", path: "/foo/bar/%62%61%7a", allowed: false },
  { why: "an escaped reserved character is not the character", robots: "User-agent: *\nDisallow: /a%2Fb\n", agent: "GPTBot", path: "/a/b", allowed: true },
  { why: "%2A in a rule matches a literal * (RFC 9309 §2.2.3)", robots: "User-agent: *\nDisallow: /path/file-with-a-%2A.html\n", agent: "GPTBot", path: "/path/file-with-a-*.html", allowed: false },
  { why: "%2A is not a wildcard", robots: "User-agent: *\nDisallow: /path/file-with-a-%2A.html\n", agent: "GPTBot", path: "/path/file-with-a-b.html", allowed: true },
  { why: "%24 in a rule matches a literal $ (RFC 9309 §2.2.3)", robots: "User-agent: *\nDisallow: /path/foo-%24\n", agent: "GPTBot", path: "/path/foo-$", allowed: false },
  { why: "brackets and pipes compare as written", robots: "User-agent: *\nDisallow: /a[1]|b\n", agent: "GPTBot", path: "/a[1]|b", allowed: false },
  { why: "a space in a rule matches %20", robots: "User-agent: *\nDisallow: /my page\n", agent: "GPTBot", path: "/my%20page", allowed: false },

  // An empty Disallow disallows nothing.
  { why: "empty Disallow allows all", robots: "User-agent: *\nDisallow:\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "an agent's empty Disallow beats a blocking *", robots: "User-agent: GPTBot\nDisallow:\n\nUser-agent: *\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "empty Allow changes nothing", robots: "User-agent: *\nDisallow: /\nAllow:\n", agent: "GPTBot", path: "/", allowed: false },

  // Lines without a colon and unknown keys: ignored, and they do not end a group (RFC 9309 §2.2.4).
  { why: "a line without a colon sets no rule (Google would read `Disallow /`)", robots: "User-agent: *\nDisallow /\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "a garbage line before the groups is ignored", robots: "this is not a robots line\nUser-agent: *\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "an unknown key between user-agent lines keeps one group", robots: "User-agent: GPTBot\nFoo: bar\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "Sitemap does not end a group (RFC 9309 §2.2.4)", robots: "User-agent: GPTBot\nSitemap: https://example.com/sitemap.xml\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "Crawl-delay does not end a group", robots: "User-agent: GPTBot\nCrawl-delay: 5\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "an unknown key between rules keeps the group", robots: "User-agent: GPTBot\nDisallow: /a\nNoindex: /b\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "a misspelt key is unknown", robots: "User-agent: *\nDissallow: /\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "comments end a line's value", robots: "User-agent: * # everyone\nDisallow: /private # not the rest\n", agent: "GPTBot", path: "/private", allowed: false },
  { why: "a commented-out rule is no rule", robots: "User-agent: *\n# Disallow: /\n", agent: "GPTBot", path: "/", allowed: true },

  // Byte order mark and line ends.
  { why: "a UTF-8 BOM before the first line is skipped", robots: "\uFEFFUser-agent: *\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "CRLF line ends", robots: "User-agent: *\r\nDisallow: /private\r\n", agent: "GPTBot", path: "/private", allowed: false },
  { why: "CRLF: the rule does not swallow the next line", robots: "User-agent: *\r\nDisallow: /private\r\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "CR-only line ends", robots: "User-agent: *\rDisallow: /private\r", agent: "GPTBot", path: "/private/x", allowed: false },
  { why: "mixed line ends", robots: "User-agent: GPTBot\r\nDisallow: /a\rUser-agent: *\nDisallow: /\n", agent: "GPTBot", path: "/b", allowed: true },

  // Several User-agent lines head one group; blank lines between them do not split it.
  { why: "every agent of a multi-line group (first)", robots: "User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "every agent of a multi-line group (second)", robots: "User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "ClaudeBot", path: "/", allowed: false },
  { why: "an agent not in the group", robots: "User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "PerplexityBot", path: "/", allowed: true },
  { why: "blank lines between user-agent lines", robots: "User-agent: GPTBot\n\nUser-agent: ClaudeBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },

  // Several tokens in one User-agent value name each of them (Google reads only the first; see agentTokens).
  { why: "space-separated tokens: the first", robots: "User-agent: GPTBot ClaudeBot\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: false },
  { why: "space-separated tokens: the second", robots: "User-agent: GPTBot ClaudeBot\nDisallow: /\n", agent: "ClaudeBot", path: "/", allowed: false },
  { why: "space-separated tokens: not others", robots: "User-agent: GPTBot ClaudeBot\nDisallow: /\n", agent: "PerplexityBot", path: "/", allowed: true },
  { why: "comma-separated tokens", robots: "User-agent: GPTBot, ClaudeBot\nDisallow: /\n", agent: "ClaudeBot", path: "/", allowed: false },
  { why: "tokens with versions", robots: "User-agent: GPTBot/1.1 ClaudeBot/1.0\nDisallow: /\n", agent: "ClaudeBot", path: "/", allowed: false },
  { why: "a full browser-style user agent names only its first product", robots: "User-agent: Mozilla/5.0 (compatible; GPTBot/1.1)\nDisallow: /\n", agent: "GPTBot", path: "/", allowed: true },

  // Rules before any user-agent line belong to no group.
  { why: "a rule before the first user-agent is ignored", robots: "Disallow: /\nUser-agent: *\nAllow: /x\n", agent: "GPTBot", path: "/", allowed: true },
  { why: "a file of rules without user-agent has no rules", robots: "Disallow: /\n", agent: "GPTBot", path: "/", allowed: true },

  // How robots.txt was served (RFC 9309 §2.3.1): 4xx = no rules; 5xx, 429 and no answer = disallow all.
  { why: "404: allow all", robots: "User-agent: *\nDisallow: /\n", served: { status: 404 }, agent: "GPTBot", path: "/", allowed: true },
  { why: "403: allow all", robots: "User-agent: *\nDisallow: /\n", served: { status: 403 }, agent: "GPTBot", path: "/", allowed: true },
  { why: "500: disallow all", robots: "", served: { status: 500 }, agent: "GPTBot", path: "/", allowed: false },
  { why: "503: disallow all", robots: "", served: { status: 503 }, agent: "GPTBot", path: "/", allowed: false },
  { why: "429: disallow all, as Google does", robots: "", served: { status: 429 }, agent: "GPTBot", path: "/", allowed: false },
  { why: "an HTML page holds no rules", robots: "<!DOCTYPE html><html><body>Disallow: /</body></html>", served: { contentType: "text/html" }, agent: "GPTBot", path: "/", allowed: true },

  // Paths beginning with // are paths, not hosts.
  { why: "//en/ under Disallow: /", robots: "User-agent: *\nDisallow: /\n", agent: "GPTBot", path: "//en/", allowed: false },
  { why: "// under Disallow: /", robots: "User-agent: *\nDisallow: /\n", agent: "GPTBot", path: "//", allowed: false },
  { why: "//en/ is not /en/", robots: "User-agent: *\nDisallow: /en/\n", agent: "GPTBot", path: "//en/", allowed: true },
  { why: "a // rule matches a // path", robots: "User-agent: *\nDisallow: //\n", agent: "GPTBot", path: "//en/", allowed: false },

  // A file cut at the byte cap: the partial last line is dropped, complete lines are kept.
  { why: "cut file: `Disallow: /private-area` cut to `Disallow: /` sets no rule", robots: "User-agent: *\nDisallow: /private-area\nUser-agent: OAI-SearchBot\nDisallow: /", served: { truncated: true }, agent: "OAI-SearchBot", path: "/", allowed: true },
  { why: "cut file: complete lines still count", robots: "User-agent: *\nDisallow: /private-area\nUser-agent: OAI-SearchBot\nDisallow: /", served: { truncated: true }, agent: "GPTBot", path: "/private-area", allowed: false },
  { why: "cut right after a line break: the last line is complete", robots: "User-agent: *\nDisallow: /\n", served: { truncated: true }, agent: "GPTBot", path: "/", allowed: false },
  { why: "a file that was not cut keeps an unterminated last line", robots: "User-agent: *\nDisallow: /", agent: "GPTBot", path: "/", allowed: false },
];

describe("robots.txt per RFC 9309", () => {
  test.each(ROWS.map((row) => [row.why, row] as const))("%s", (_why, row) => {
    const policy = robotsPolicy(site({ robotsTxt: robots({ text: row.robots, ...row.served }) }));
    expect(mayFetch(policy, row.agent, row.path)).toBe(row.allowed);
  });

  test("unknown when robots.txt was not requested", () => {
    const skipped = site({ robotsTxt: { ok: false, url: "https://example.com/", error: { code: "skipped", message: "not requested", url: "https://example.com/" } } });
    expect(mayFetch(robotsPolicy(skipped), "GPTBot", "/")).toBeNull();
  });
});
