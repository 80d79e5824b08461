/**
 * Fixture sites for every AI usage signal and carrier, alone and in contradiction, gathered in this
 * process through the real SafeFetcher over loopback (SCAN_CONNECT_TO) and read by the usage-policy
 * resolver and the ai-usage-signals audit: Cloudflare's managed robots.txt, the ai-train/train-ai trap,
 * path-scoped Content-Usage, a Content-Usage header, TDMRep (file and header, in contradiction), RSL
 * licences that answer and that do not, noai, a Content-Signal no AI agent reads, and search=no beside
 * an allowed search crawler.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAudit } from "../../../../../src/analyzers/visibility/audits/run-audit.ts";
import { aiUsageSignals } from "../../../../../src/analyzers/visibility/audits/access/ai-usage-signals.ts";
import { aiPlatformReach } from "../../../../../src/analyzers/visibility/audits/access/ai-platform-reach.ts";
import { robotsAiTraining } from "../../../../../src/analyzers/visibility/audits/access/robots-ai-training.ts";
import { reachOf } from "../../../../../src/analyzers/visibility/derive/platform-reach.ts";
import { type UsePurpose, usagePolicy } from "../../../../../src/analyzers/visibility/derive/usage-policy/usage-policy.ts";
import type { Artifacts } from "../../../../../src/analyzers/visibility/gather/artifacts.ts";
import { gatherArtifacts } from "../../../../../src/analyzers/visibility/gather/index.ts";
import { parseConnectTo } from "../../../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite } from "../../../../helpers/fixture-server.ts";

const PAGE = (head = "") =>
  `<!doctype html><html lang="en"><head><title>Rosewood Bakery</title>${head}</head><body><main><h1>Rosewood Bakery</h1><p>${"Sourdough baked every morning in Lisbon with flour from Alentejo. ".repeat(12)}</p></main></body></html>`;
const html = (body: string, headers: Record<string, string> = {}) => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8", ...headers } });
const text = (body: string, type = "text/plain; charset=utf-8") => () => new Response(body, { headers: { "content-type": type } });

/** Cloudflare's managed robots.txt as it serves it: the preamble, its block with Content-Signal, then the site's own file. */
const CLOUDFLARE_ROBOTS = `# As a condition of accessing this website, you agree to abide by the following
# content signals:
# (a) If a Content-Signal = yes, you may collect content for the corresponding use.
# (b) If a Content-Signal = no, you may not collect content for the corresponding use.
# search: building a search index and providing search results.
# ai-input: inputting content into one or more AI models.
# ai-train: training or fine-tuning AI models.

# BEGIN Cloudflare Managed content

User-agent: *
Content-Signal: search=yes,ai-train=no
Allow: /

User-agent: Amazonbot
Disallow: /

User-agent: Applebot-Extended
Disallow: /

User-agent: Bytespider
Disallow: /

User-agent: CCBot
Disallow: /

User-agent: ClaudeBot
Disallow: /

User-agent: Google-Extended
Disallow: /

User-agent: GPTBot
Disallow: /

User-agent: meta-externalagent
Disallow: /

# END Cloudflare Managed Content

User-agent: GPTBot
Allow: /
`;

const RSL = `<?xml version="1.0" encoding="UTF-8"?>
<rsl xmlns="https://rslstandard.org/rsl">
  <content url="/">
    <license>
      <permits type="usage">search</permits>
      <prohibits type="usage">ai-train</prohibits>
    </license>
  </content>
</rsl>`;

const SITES: Record<string, Record<string, () => Response>> = {
  "cloudflare.test": { "/": html(PAGE()), "/robots.txt": text(CLOUDFLARE_ROBOTS) },
  "trap.test": { "/": html(PAGE()), "/robots.txt": text("User-agent: *\nContent-Usage: ai-train=no\nAllow: /\n") },
  "scoped.test": { "/": html(PAGE()), "/robots.txt": text("User-agent: *\nContent-Usage: /images/ train-ai=n\nAllow: /\n") },
  "aipref.test": { "/": html(PAGE()), "/robots.txt": text("User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n") },
  "header.test": { "/": html(PAGE(), { "content-usage": "train-ai=n" }), "/robots.txt": text("User-agent: *\nAllow: /\n") },
  "nosearch.test": { "/": html(PAGE()), "/robots.txt": text("User-agent: *\nContent-Signal: search=no, ai-input=no\nAllow: /\n") },
  "orphan.test": { "/": html(PAGE()), "/robots.txt": text("User-agent: Googlebot-Image\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: *\nAllow: /\n") },
  "tdm.test": {
    "/": html(PAGE(), { "tdm-reservation": "0" }),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
    "/.well-known/tdmrep.json": text(JSON.stringify([{ location: "/*", "tdm-reservation": 1, "tdm-policy": "https://tdm.test/policy.json" }]), "application/json"),
  },
  "tdm-alone.test": {
    "/": html(PAGE()),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
    "/.well-known/tdmrep.json": text(JSON.stringify([{ location: "/", "tdm-reservation": 1 }]), "application/json"),
  },
  "rsl.test": { "/": html(PAGE()), "/robots.txt": text("License: http://rsl.test/license.xml\n\nUser-agent: *\nAllow: /\n"), "/license.xml": text(RSL, "application/rsl+xml") },
  "rsl-dead.test": { "/": html(PAGE(), { link: '</licence.xml>; rel="license"; type="application/rsl+xml"' }), "/robots.txt": text("User-agent: *\nAllow: /\n") },
  "rsl-html.test": { "/": html(PAGE('<link rel="license" type="application/rsl+xml" href="/terms.xml">')), "/robots.txt": text("User-agent: *\nAllow: /\n"), "/terms.xml": text("<html><body>Our terms</body></html>", "text/html") },
  "noai.test": { "/": html(PAGE('<meta name="robots" content="noai, noimageai">').replace("<main>", '<main><p data-nosnippet>Prices change daily.</p>')), "/robots.txt": text("User-agent: *\nAllow: /\n") },
  "dead-token.test": { "/": html(PAGE()), "/robots.txt": text("User-agent: GeminiBot\nDisallow: /\n\nUser-agent: anthropic-ai\nDisallow: /\n\nUser-agent: *\nAllow: /\n") },
};

let server: FixtureSite;
const scanned = new Map<string, Artifacts>();

beforeAll(async () => {
  server = await startFixtureSite((request) => {
    const host = (request.headers.get("host") ?? "").replace(/:\d+$/, "");
    const handler = SITES[host]?.[new URL(request.url).pathname];
    return handler ? handler() : new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  });
  // https to a plain-HTTP server fails its handshake, so the homepage falls back to http, as a site without TLS does.
  const connectTo = Object.keys(SITES).flatMap((host) => [server.connectTo(host, 80), server.connectTo(host, 443)]);
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo(connectTo), timeoutMs: 5000, maxBytes: 2 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)" });
  await Promise.all(
    Object.keys(SITES).map(async (domain) => {
      scanned.set(domain, await gatherArtifacts({ domain, fetcher, signal: AbortSignal.timeout(30_000) }));
    }),
  );
}, 60_000);

afterAll(async () => {
  await server.stop();
});

const artifactsOf = (domain: string) => scanned.get(domain)!;
const decision = (domain: string, platformId: string, purpose: UsePurpose) =>
  usagePolicy(artifactsOf(domain)).platforms.find((entry) => entry.platform.id === platformId)!.decisions.find((entry) => entry.purpose === purpose)!;
const findings = (domain: string) => usagePolicy(artifactsOf(domain)).findings;

describe("the usage-policy resolver on fixture sites", () => {
  test("Cloudflare's managed robots.txt is recognised and named, with what it overrode", () => {
    const policy = usagePolicy(artifactsOf("cloudflare.test"));
    expect(policy.cloudflare).toMatchObject({ begin: 9, preambleLine: 1 });
    expect(policy.cloudflare!.end).toBe(39);
    expect(policy.cloudflare!.disallowed.map((entry) => entry.token).sort()).toEqual(["Amazonbot", "Applebot-Extended", "Bytespider", "CCBot", "ClaudeBot", "GPTBot", "Google-Extended", "meta-externalagent"].sort());
    const gptbot = policy.cloudflare!.disallowed.find((entry) => entry.token === "GPTBot")!;
    expect(gptbot.ownRule).toBe("the site's own file lets GPTBot in (its own `User-agent: GPTBot` group)");
    expect(policy.cloudflare!.disallowed.find((entry) => entry.token === "CCBot")!.ownRule).toBe("the site's own file lets CCBot in (its `User-agent: *` rules)");
    // Training for Claude is disallowed by Cloudflare's line; search stays allowed.
    expect(decision("cloudflare.test", "claude", "training")).toMatchObject({ state: "disallowed", source: { carrier: "robots.txt" } });
    expect(decision("cloudflare.test", "claude", "search").state).toBe("allowed");
    // The Content-Signal line sits in the `*` group, read by every agent without a group of its own.
    expect(policy.declarations[0]).toMatchObject({ carrier: "Content-Signal", where: "robots.txt line 12 (group `User-agent: *`)", text: "Content-Signal: search=yes,ai-train=no" });
    const outcome = runAudit(aiUsageSignals, artifactsOf("cloudflare.test"));
    expect(outcome.detail).toContain("Cloudflare's managed block (lines 9–39)");
    expect(outcome.detail).toContain("GPTBot (line 34; the site's own file lets GPTBot in (its own `User-agent: GPTBot` group))");
    // Cloudflare's block disallows every training crawler but Mistral's, which Mistral documents as obeying robots.txt (docs.mistral.ai/en/robots): ai-train=no contradicts that one alone.
    expect(findings("cloudflare.test").filter((finding) => finding.kind === "contradiction").map((finding) => finding.text)).toEqual([
      "robots.txt lets MistralAI-Training in, while robots.txt line 12 (group `User-agent: *`) `Content-Signal: search=yes,ai-train=no` asks that the content not be used for training. This crawler is documented to obey robots.txt, not Content Signals, so the two say different things.",
    ]);
  });

  test("the spelling trap: Content-Usage: ai-train=no declares nothing", () => {
    const [trap] = findings("trap.test");
    expect(trap).toMatchObject({ kind: "spelling", fix: "Write `Content-Usage: train-ai=n` instead." });
    expect(trap!.text).toContain("robots.txt line 2 (group `User-agent: *`) `Content-Usage: ai-train=no` uses a Content Signals key in an AIPREF Content-Usage line");
    expect(decision("trap.test", "chatgpt", "training").state).toBe("allowed");
    const outcome = runAudit(aiUsageSignals, artifactsOf("trap.test"));
    expect(outcome).toMatchObject({ status: "warn", fix: { how: "Write `Content-Usage: train-ai=n` instead." } });
  });

  test("path-scoped Content-Usage applies to its path only; unscoped train-ai=n is the site's request, contradicting robots.txt", () => {
    expect(decision("scoped.test", "chatgpt", "training").state).toBe("allowed");
    expect(usagePolicy(artifactsOf("scoped.test")).declarations[0]!.text).toBe("Content-Usage: /images/ train-ai=n");
    const training = decision("aipref.test", "chatgpt", "training");
    expect(training).toMatchObject({ state: "asked-not", source: { carrier: "Content-Usage", text: "Content-Usage: train-ai=n, search=y" } });
    expect(training.honouring).toContain("OpenAI has not said");
    const contradiction = findings("aipref.test").find((finding) => finding.kind === "contradiction")!;
    expect(contradiction.text).toStartWith("robots.txt lets Google-Extended, GPTBot, ClaudeBot, meta-externalagent, Applebot-Extended, Amazonbot, MistralAI-Training in, while");
    expect(contradiction.text).toContain("asks that the content not be used for training");
    // Training choices never cost points.
    expect(runAudit(aiUsageSignals, artifactsOf("aipref.test")).status).toBe("warn");
    expect(runAudit(robotsAiTraining, artifactsOf("aipref.test")).score).toBe(1);
  });

  test("a Content-Usage header on the homepage is read", () => {
    expect(decision("header.test", "claude", "training")).toMatchObject({ state: "asked-not", source: { carrier: "Content-Usage header", text: "Content-Usage: train-ai=n" } });
  });

  test("search=no beside an allowed search crawler: a contradiction, and the site's request with the state of honouring per platform", () => {
    const search = decision("nosearch.test", "chatgpt", "search");
    expect(search).toMatchObject({ state: "asked-not", source: { carrier: "Content-Signal" } });
    expect(search.honouring).toBe("Cloudflare's crawl endpoint enforces Content Signals (the `use=` key included, 2026). OpenAI has not said it honours Content Signals or AIPREF.");
    expect(decision("nosearch.test", "chatgpt", "answers").state).toBe("asked-not");
    expect(decision("nosearch.test", "chatgpt", "user-fetch").state).toBe("asked-not");
    expect(findings("nosearch.test").some((finding) => finding.kind === "contradiction" && finding.text.includes("not be used for search"))).toBe(true);
    // No platform documents honouring it, so reach is not lowered: the platforms still read the page,
    // and the request is said beside each platform with who honours it.
    const outcome = runAudit(aiPlatformReach, artifactsOf("nosearch.test"));
    expect(outcome.status).toBe("pass");
    expect(outcome.evidence.find((line) => line.startsWith("ChatGPT:"))).toContain(
      "robots.txt line 2 (group `User-agent: *`) `Content-Signal: search=no, ai-input=no` asks not to be used for search: the site's request (Cloudflare's crawl endpoint enforces Content Signals",
    );
  });

  test("a declared no lowers reach for a platform documented to honour it, and only for it", () => {
    const honoursOnlyPerplexity = (platformId: string, vocabulary: string, purpose: string) => platformId === "perplexity" && vocabulary === "content-signal" && purpose === "answers";
    const reach = reachOf(artifactsOf("nosearch.test"), honoursOnlyPerplexity);
    const perplexity = reach.platforms.find((verdict) => verdict.platform.id === "perplexity")!;
    expect(perplexity.status).toBe("blocked");
    expect(perplexity.causes).toEqual([expect.objectContaining({ kind: "declared", text: expect.stringContaining("asks not to be used for AI answers, which Perplexity honours") })]);
    expect(reach.platforms.filter((verdict) => verdict.status !== "reads").map((verdict) => verdict.platform.id)).toEqual(["perplexity"]);
    // Nothing declared, nothing lowered, whoever honours what.
    expect(reachOf(artifactsOf("scoped.test"), () => true).platforms.every((verdict) => verdict.status === "reads")).toBe(true);
  });

  test("a Content-Signal in a group no AI agent reads", () => {
    expect(findings("orphan.test")).toEqual([expect.objectContaining({ kind: "no-ai-reader" })]);
    expect(findings("orphan.test")[0]!.text).toContain("in a group no AI agent reads (User-agent: Googlebot-Image)");
  });

  test("TDMRep: the well-known file alone reserves training; a header saying otherwise is a contradiction", () => {
    expect(decision("tdm-alone.test", "google", "training")).toMatchObject({ state: "asked-not", source: { carrier: "TDMRep", where: "/.well-known/tdmrep.json" } });
    expect(findings("tdm-alone.test")).toEqual([]);
    const disagreement = findings("tdm.test").find((finding) => finding.kind === "contradiction")!;
    expect(disagreement.text).toContain("TDMRep declarations disagree");
    expect(usagePolicy(artifactsOf("tdm.test")).tdm.declarations.map((entry) => [entry.carrier, entry.reserved])).toEqual([
      ["HTTP header", false],
      ["tdmrep.json", true],
    ]);
  });

  test("an RSL licence that answers and parses; one that does not answer; one that is not RSL", () => {
    const rsl = usagePolicy(artifactsOf("rsl.test")).rsl;
    expect(rsl.pointers).toEqual([{ url: "http://rsl.test/license.xml", route: "robots.txt License", text: "line 1 `License: http://rsl.test/license.xml`" }]);
    expect(rsl.validation).toMatchObject({ ok: true, contents: 1, permits: ["search"], prohibits: ["ai-train"] });
    expect(decision("rsl.test", "chatgpt", "training")).toMatchObject({ state: "asked-not", source: { carrier: "RSL" } });
    expect(findings("rsl.test")).toEqual([]);
    const dead = findings("rsl-dead.test");
    expect(dead).toEqual([expect.objectContaining({ kind: "rsl" })]);
    expect(dead[0]!.text).toContain("(Link header: http://rsl-dead.test/licence.xml) does not hold: it answers HTTP 404");
    expect(findings("rsl-html.test")[0]!.text).toContain("it is not RSL XML (its first element is <html>, not <rsl>)");
  });

  test("noai in meta robots is a training request", () => {
    expect(decision("noai.test", "apple", "training")).toMatchObject({ state: "asked-not", source: { carrier: "meta robots" } });
    // data-nosnippet keeps part of the page out of answers: reported, the page stays quotable.
    expect(usagePolicy(artifactsOf("noai.test")).declarations.map((source) => source.carrier)).toEqual(["meta robots", "data-nosnippet"]);
    expect(decision("noai.test", "google", "answers").state).toBe("allowed");
  });

  test("groups naming retired or never-existing tokens are named as such", () => {
    const dead = findings("dead-token.test").filter((finding) => finding.kind === "dead-token");
    expect(dead.map((finding) => finding.source.text)).toEqual(["User-agent: GeminiBot", "User-agent: anthropic-ai"]);
    expect(dead[0]!.text).toContain("a token no crawler uses");
    expect(dead[1]!.text).toContain("a retired token");
  });
});
