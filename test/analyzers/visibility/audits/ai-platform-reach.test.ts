import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { aiPlatformReach } from "../../../../src/analyzers/visibility/audits/access/ai-platform-reach.ts";
import { platformReach } from "../../../../src/analyzers/visibility/derive/platform-reach.ts";
import { AI_PLATFORMS, audienceShare } from "../../../../src/analyzers/visibility/platforms.ts";
import type { Artifacts } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { APP_SHELL, homepage, page, probe, probes, site, siteWithHtml, siteWithRobots } from "../sample-site.ts";

const share = (id: string) => audienceShare(AI_PLATFORMS.find((platform) => platform.id === id)!);
const line = (artifacts: Artifacts, name: string) => runAudit(aiPlatformReach, artifacts).evidence.find((entry) => entry.startsWith(`${name}:`))!;
const status = (artifacts: Artifacts, id: string) => platformReach(artifacts).platforms.find((verdict) => verdict.platform.id === id)!.status;

describe("ai-platform-reach", () => {
  test("passes when every platform can find and read the homepage, with one evidence line per platform", () => {
    const outcome = runAudit(aiPlatformReach, site());
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence).toHaveLength(AI_PLATFORMS.length);
    expect(outcome.evidence[0]).toBe("Google AI Overviews, AI Mode and Gemini: can read — Googlebot may index it and Googlebot gets the browser's page (59% of the AI audience)");
    expect(outcome.reach).toBeUndefined();
  });

  test("an edge 403 for ChatGPT's agents: ChatGPT cannot read, with the status per user agent", () => {
    const artifacts = site({ probes: probes((agent) => (agent === "OAI-SearchBot" || agent === "ChatGPT-User" ? { status: 403, words: 1 } : {})) });
    const outcome = runAudit(aiPlatformReach, artifacts);
    expect(line(artifacts, "ChatGPT")).toBe("ChatGPT: cannot read — OAI-SearchBot gets HTTP 403 at the edge; ChatGPT-User gets HTTP 403 at the edge (31% of the AI audience)");
    expect(outcome.status).toBe("fail");
    expect(outcome.score).toBeCloseTo(1 - share("chatgpt"), 2);
    expect(outcome.reach).toEqual({
      readingShare: expect.closeTo(1 - share("chatgpt"), 4),
      lost: [{ name: "ChatGPT", share: share("chatgpt"), status: "blocked", findable: false, cause: "OAI-SearchBot gets HTTP 403 at the edge", kinds: ["edge"] }],
      unknown: [],
    });
    expect(outcome.fix!.how).toContain("answers OAI-SearchBot with HTTP 403, ChatGPT-User with HTTP 403 while browsers get the page");
  });

  test("an index crawler allowed but the on-demand fetcher refused: limited, counted half", () => {
    const artifacts = site({ probes: probes((agent) => (agent === "ChatGPT-User" ? { status: 403 } : {})) });
    expect(line(artifacts, "ChatGPT")).toBe("ChatGPT: limited — OAI-SearchBot may index it, but ChatGPT-User gets HTTP 403 at the edge (31% of the AI audience)");
    expect(runAudit(aiPlatformReach, artifacts).score).toBeCloseTo(1 - share("chatgpt") / 2, 2);
  });

  test("a different page for AI agents (200, but far fewer words) is a block", () => {
    const artifacts = site({ probes: probes((agent) => (agent.startsWith("Perplexity") ? { words: 4, title: "Welcome, bot" } : {})) });
    expect(line(artifacts, "Perplexity")).toContain(`Perplexity: cannot read — PerplexityBot gets a different page titled "Welcome, bot": 4 words against the browser's 90`);
    expect(runAudit(aiPlatformReach, artifacts).fix!.how).toContain("Serve PerplexityBot, Perplexity-User the same HTML as browsers");
  });

  test("a CDN's bare 403 to a spoofed crawler is unverifiable: the platform still counts, with a note", () => {
    const artifacts = site({ probes: probes((agent) => (agent === "Claude-SearchBot" ? { status: 403, headers: { "cf-ray": "x", server: "cloudflare" } } : {})) });
    expect(status(artifacts, "claude")).toBe("reads");
    expect(line(artifacts, "Claude")).toContain("[Claude-SearchBot: HTTP 403 from Cloudflare (cf-ray: x), unverifiable with a spoofed probe");
  });

  test("noindex for one crawler: a meta tag in its own name, or an agent-prefixed X-Robots-Tag", () => {
    const googlebot = siteWithHtml(page({ head: '<meta name="googlebot" content="noindex">' }));
    expect(line(googlebot, "Google AI Overviews, AI Mode and Gemini")).toBe(
      'Google AI Overviews, AI Mode and Gemini: cannot read — `<meta name="googlebot" content="noindex">` tells Googlebot not to index the homepage (59% of the AI audience)',
    );
    expect(status(googlebot, "chatgpt")).toBe("reads");
    // Meta AI finds the page through Bing's index instead.
    expect(status(googlebot, "meta-ai")).toBe("reads");

    const header = siteWithHtml(page(), { "x-robots-tag": "OAI-SearchBot: noindex" });
    // ChatGPT-User honours no noindex, so ChatGPT still reads the page when a person asks: shut out of its search, not lost.
    expect(line(header, "ChatGPT")).toBe(
      "ChatGPT: limited — `X-Robots-Tag: OAI-SearchBot: noindex` tells OAI-SearchBot not to index the homepage; ChatGPT-User gets the browser's page when a person asks (31% of the AI audience)",
    );
    expect(runAudit(aiPlatformReach, header).reach!.lost).toEqual([expect.objectContaining({ name: "ChatGPT", status: "limited", findable: false })]);
    expect(status(header, "google")).toBe("reads");
    expect(runAudit(aiPlatformReach, header).fix!.how).toContain("Remove `X-Robots-Tag: OAI-SearchBot: noindex`");
    // One step is a sentence, not a numbered list of one.
    expect(runAudit(aiPlatformReach, header).fix!.how).toStartWith("Remove ");
  });

  test("an X-Robots-Tag sent only to crawlers is seen in the live probe's answer", () => {
    const artifacts = site({ probes: probes((agent) => (agent === "Bingbot" ? { headers: { "content-type": "text/html", "x-robots-tag": "noindex" } } : {})) });
    expect(status(artifacts, "copilot")).toBe("blocked");
    expect(line(artifacts, "Microsoft Copilot")).toContain("`X-Robots-Tag: noindex` tells Bingbot not to index the homepage");
  });

  test("nosnippet keeps Google's AI features out, for the agents that honour it; noai is honoured by none", () => {
    const nosnippet = siteWithHtml(page({ head: '<meta name="robots" content="nosnippet">' }));
    expect(status(nosnippet, "google")).toBe("blocked");
    expect(status(nosnippet, "copilot")).toBe("blocked");
    expect(status(nosnippet, "chatgpt")).toBe("reads");
    const noai = siteWithHtml(page({ head: '<meta name="robots" content="noai, noimageai">' }));
    expect(runAudit(aiPlatformReach, noai)).toMatchObject({ status: "pass", score: 1 });
  });

  test("training-only opt-outs, in robots.txt or at the edge, are never punished", () => {
    const robots = siteWithRobots("User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: Applebot-Extended\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n");
    expect(runAudit(aiPlatformReach, robots)).toMatchObject({ status: "pass", score: 1 });
    const edge = site({ probes: [...probes(), probe("GPTBot", { status: 403, words: 1 }), probe("ClaudeBot", { status: 403, words: 1 })] });
    expect(runAudit(aiPlatformReach, edge)).toMatchObject({ status: "pass", score: 1 });
  });

  test("an empty app shell: the crawlers that render JavaScript still read it, the others do not", () => {
    const artifacts = siteWithHtml(APP_SHELL);
    expect(status(artifacts, "google")).toBe("reads");
    expect(status(artifacts, "copilot")).toBe("reads");
    expect(status(artifacts, "chatgpt")).toBe("blocked");
    expect(line(artifacts, "ChatGPT")).toContain("OAI-SearchBot runs no JavaScript and sees an empty app shell");
    expect(runAudit(aiPlatformReach, artifacts).fix).toMatchObject({ effort: "L" });
  });

  test("a login wall keeps every platform out", () => {
    const login = page({ body: '<main><h1>Sign in</h1><form action="/session"><input name="email"><input type="password" name="password"><button>Sign in</button></form></main>' });
    const artifacts = siteWithHtml(login);
    const outcome = runAudit(aiPlatformReach, artifacts);
    expect(outcome.reach!.readingShare).toBe(0);
    expect(line(artifacts, "ChatGPT")).toContain("a sign-in form with");
    expect(outcome.fix!.how).toContain("Serve a public homepage at https://example.com/");
  });

  test("an error homepage blocks every platform, unless the crawlers themselves get the page", () => {
    // Everyone gets the 503: the scanner, the browser probe and every crawler probe.
    const error = site({ homepage: homepage({ status: 503 }), probes: probes().map((answer) => ({ ...answer, status: 503, words: 3 })) });
    expect(runAudit(aiPlatformReach, error).reach!.readingShare).toBe(0);
    expect(line(error, "ChatGPT")).toContain("the homepage answers HTTP 503");
    // The scanner's own fetch was refused, but every crawler probe got the page.
    const scannerOnly = site({ homepage: homepage({ status: 403 }) });
    expect(runAudit(aiPlatformReach, scannerOnly)).toMatchObject({ status: "pass" });
  });

  test("a blanket robots.txt Disallow: nobody reads, and the fix adds the agents' own group", () => {
    const outcome = runAudit(aiPlatformReach, siteWithRobots("User-agent: *\nDisallow: /\n"));
    expect(outcome.status).toBe("fail");
    expect(outcome.reach!.readingShare).toBe(0);
    // Only the user-triggered fetchers whose vendors say robots.txt may not bind them still read it, counted half.
    const fetchOnly = ["chatgpt", "perplexity", "meta-ai"].reduce((sum, id) => sum + share(id), 0);
    expect(outcome.score).toBeCloseTo(fetchOnly / 2, 2);
    expect(line(siteWithRobots("User-agent: *\nDisallow: /\n"), "ChatGPT")).toContain("a request ChatGPT-User may not honour");
    expect(status(siteWithRobots("User-agent: *\nDisallow: /\n"), "claude")).toBe("blocked");
    expect(outcome.fix!.how).toContain("User-agent: OAI-SearchBot\n");
    // Only the agents that decide a platform's reach: no training crawler is asked to be let in.
    expect(outcome.fix!.how).not.toContain("GPTBot\n");
  });

  test("a platform is judged by all of its agents: a PerplexityBot group alone does not lose Perplexity (issue 25)", () => {
    const robots = "User-agent: PerplexityBot\nDisallow: /\n";
    // Perplexity-User was seen reading the page: Perplexity cannot find it but reads it when asked.
    expect(status(siteWithRobots(robots), "perplexity")).toBe("limited");
    // An older scan that did not probe Perplexity-User: unknown, not lost, and left out of the score.
    const unprobed = { ...siteWithRobots(robots), probes: probes().filter((entry) => entry.agent !== "Perplexity-User") };
    expect(status(unprobed, "perplexity")).toBe("unknown");
    const outcome = runAudit(aiPlatformReach, unprobed);
    expect(outcome.reach).toBeUndefined();
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("Not known: Perplexity");
    expect(line(unprobed, "Perplexity")).toContain("Perplexity-User was not seen reading the page live");
    // Perplexity-User refused at the edge as well: now Perplexity is lost.
    const refused = { ...siteWithRobots(robots), probes: probes((agent) => (agent === "Perplexity-User" ? { status: 403 } : {})) };
    expect(status(refused, "perplexity")).toBe("blocked");
  });

  test("a robots.txt answering 5xx is read as each vendor reads it", () => {
    const artifacts = site({ robotsTxt: { ok: true, url: "https://example.com/robots.txt", finalUrl: "https://example.com/robots.txt", status: 503, contentType: "text/plain", text: "", truncated: false, redirects: [] } });
    expect(status(artifacts, "google")).toBe("blocked");
    // The fetchers that robots.txt does not bind read on.
    expect(status(artifacts, "chatgpt")).toBe("limited");
  });

  test("an older scan without probes is judged from robots.txt and the page alone", () => {
    const artifacts = site({ probes: undefined });
    expect(runAudit(aiPlatformReach, artifacts)).toMatchObject({ status: "pass", score: 1 });
    expect(line(artifacts, "ChatGPT")).toContain("[OAI-SearchBot: live probe unavailable");
  });
});
