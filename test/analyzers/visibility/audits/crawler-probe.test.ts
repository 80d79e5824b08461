import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { crawlerProbe } from "../../../../src/analyzers/visibility/audits/access/crawler-probe.ts";
import { https } from "../../../../src/analyzers/visibility/audits/access/https.ts";
import { responseTime } from "../../../../src/analyzers/visibility/audits/access/response-time.ts";
import { crawler } from "../../../../src/analyzers/visibility/crawlers.ts";
import { homepage, probe, probes, site } from "../sample-site.ts";

const run = (forCrawler: Parameters<typeof probes>[0]) => runAudit(crawlerProbe, site({ probes: probes(forCrawler) }));
const searchOnly = (answer: Parameters<typeof probes>[0]) => (agent: string) => (crawler(agent).purpose === "training" ? {} : answer!(agent));

describe("crawler-probe", () => {
  test("passes when every crawler gets the browser's page, quoting each answer", () => {
    const outcome = run(() => ({}));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence).toContain("OAI-SearchBot: HTTP 200, 90 words");
  });

  test("on a page longer than a probe reads, the words counted are said to be of that part, not of the page", () => {
    const long = { truncated: true, words: 3_823 };
    const [browser, ...crawlers] = probes(() => long);
    const outcome = runAudit(crawlerProbe, site({ probes: [{ ...browser!, ...long } as typeof browser, ...crawlers] as NonNullable<typeof browser>[] }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("(HTTP 200, 3823 words in its first 256 KiB)");
    expect(outcome.evidence).toContain("OAI-SearchBot: HTTP 200, 3823 words in its first 256 KiB");
  });

  test("403 from the origin to every probed agent fails outright, naming the agents (the gate is ai-platform-reach's)", () => {
    const outcome = run(searchOnly(() => ({ status: 403, words: 1 })));
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.blocking).toBeUndefined();
    expect(outcome.detail).toContain("OAI-SearchBot: HTTP 403");
    expect(outcome.detail).toContain("A browser gets");
    expect(outcome.fix?.how).toContain("OAI-SearchBot (HTTP 403)");
  });

  test("a challenge (cf-mitigated) is a refusal, with the header as evidence", () => {
    const outcome = run(() => ({ status: 403, headers: { "cf-mitigated": "challenge", server: "cloudflare", "cf-ray": "x" } }));
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.detail).toContain("cf-mitigated: challenge");
    expect(outcome.fix?.how).toContain("Verified Bots");
  });

  test("a challenge page recognised in the body counts too", () => {
    expect(run(() => ({ status: 200, words: 30, challengeMarker: "Cloudflare challenge (\"Just a moment...\")" })).detail).toContain("Just a moment");
  });

  test("a vendor's script on an ordinary, full page is no challenge (a real news page embeds DataDome's tags.js)", () => {
    const outcome = run(() => ({ status: 200, words: 1_200, challengeMarker: "DataDome challenge" }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
  });

  test("401, 402 and a priced 402 (pay-per-crawl) are refusals; a 429 is a rate limit, inconclusive", () => {
    expect(run((agent) => (agent === "OAI-SearchBot" ? { status: 402 } : {})).detail).toContain("OAI-SearchBot: HTTP 402 (payment required)");
    const priced = run((agent) => (agent === "OAI-SearchBot" ? { status: 402, headers: { "crawler-price": "USD 0.01" } } : {}));
    expect(priced).toMatchObject({ status: "fail" });
    expect(priced.detail).toContain("pay-per-crawl asks USD 0.01 per page");
    const limited = run((agent) => (agent === "PerplexityBot" ? { status: 429 } : {}));
    expect(limited.status).toBe("warn");
    expect(limited.detail).toContain("HTTP 429 (too many requests)");
    expect(limited.detail).toContain("the real crawler paces itself");
    expect(run((agent) => (agent === "Bingbot" ? { status: 401 } : {})).detail).toContain("HTTP 401 (login required)");
  });

  test("one refused agent costs the audience of the platforms relying on it", () => {
    const perplexity = run((agent) => (agent === "PerplexityBot" ? { status: 403 } : {}));
    expect(perplexity.status).toBe("fail");
    expect(perplexity.blocking).toBeUndefined();
    expect(perplexity.score!).toBeGreaterThan(0.9);
    const googlebot = run((agent) => (agent === "Googlebot" ? { status: 403 } : {}));
    expect(1 - googlebot.score!).toBeGreaterThan(10 * (1 - perplexity.score!));
  });

  test("training crawlers are never judged, even when an older scan probed them and they were refused", () => {
    const artifacts = site({ probes: [...probes(), probe("GPTBot", { status: 403, words: 1 }), probe("ClaudeBot", { status: 403, words: 1 })] });
    const outcome = runAudit(crawlerProbe, artifacts);
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence).toContain("GPTBot: HTTP 403, 1 words (training crawler: not judged)");
  });

  test("a bare 403 from a CDN is inconclusive: a warning, not a block", () => {
    const outcome = run(() => ({ status: 403, headers: { server: "cloudflare", "cf-ray": "8f" } }));
    expect(outcome.status).toBe("warn");
    expect(outcome.blocking).toBeUndefined();
    expect(outcome.detail).toContain("inconclusive");
    expect(outcome.detail).toContain("Cloudflare");
  });

  test("a much smaller page for crawlers is reported", () => {
    const outcome = run(() => ({ words: 3 }));
    expect(outcome.status).toBe("fail");
    expect(outcome.detail).toContain("gets a different page: 3 words against the browser's 90");
    expect(outcome.fix?.what).toContain("OAI-SearchBot");
  });

  test("unknown when the browser itself is refused, or nothing was probed", () => {
    const blocked = site({ probes: [probe("browser", { status: 403 }), probe("GPTBot", { status: 403 })] });
    expect(runAudit(crawlerProbe, blocked)).toMatchObject({ status: "unknown", score: null });
    expect(runAudit(crawlerProbe, blocked).detail).toContain("scanner itself");
    expect(runAudit(crawlerProbe, site({ probes: undefined }))).toMatchObject({ status: "unknown" });
    const failed = { agent: "GPTBot", userAgent: "x", url: "https://example.com/", ok: false as const, error: { code: "timeout" as const, message: "timed out", url: "https://example.com/" } };
    expect(runAudit(crawlerProbe, site({ probes: [probe("browser"), failed] }))).toMatchObject({ status: "unknown" });
  });
});

describe("https and the http redirect", () => {
  test("passes when http redirects to https", () => {
    expect(runAudit(https, site()).detail).toContain("redirects to https://example.com/");
  });
  test("warns when plain http serves the page too", () => {
    const outcome = runAudit(https, site({ httpRedirect: { ok: true, url: "http://example.com/", status: 200, location: null } }));
    expect(outcome).toMatchObject({ status: "warn", score: 0.6 });
    expect(outcome.fix?.how).toContain("https://example.com/");
  });
  test("an http port that does not answer is fine", () => {
    expect(runAudit(https, site({ httpRedirect: { ok: false, url: "http://example.com/", error: { code: "connect", message: "refused", url: "http://example.com/" } } }))).toMatchObject({ status: "pass" });
  });
});

describe("response-time", () => {
  test("fast passes, slow warns, very slow fails", () => {
    expect(runAudit(responseTime, site())).toMatchObject({ status: "pass" });
    expect(runAudit(responseTime, site({ homepage: homepage({ timing: { ttfbMs: 1200, totalMs: 1300 } }) }))).toMatchObject({ status: "warn" });
    expect(runAudit(responseTime, site({ homepage: homepage({ timing: { ttfbMs: 4000, totalMs: 4100 } }) })).detail).toContain("4000 ms");
  });
});
