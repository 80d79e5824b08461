import type { Artifacts, ProbeArtifact } from "../../gather/artifacts.ts";
import { crawler } from "../../crawlers.ts";
import { type AuditDefinition, type AuditOutcome, type Fix, passed, unknownOutcome } from "../audit.ts";
import { counted } from "../wording.ts";

/**
 * The live probe: the homepage fetched as each major AI crawler and as a browser. It catches what
 * robots.txt does not show: a firewall, bot-protection challenge or server rule that turns AI agents
 * away. A bare 403 behind a CDN is inconclusive: CDNs refuse requests that only claim to be a crawler
 * (the real one is recognised by its IP ranges), so a spoofed probe proves nothing there.
 */
export const crawlerProbe: AuditDefinition = {
  id: "crawler-probe",
  title: "AI crawlers are served the same page as browsers",
  pillar: "access",
  weight: 25,
  impact: "critical",
  run,
};

/** A crawler served less than this share of the browser's visible words is getting a different page. */
const SMALLER_SHARE = 0.3;
const REFUSING = new Set([401, 402, 403, 429]);

type Verdict = { agent: string; kind: "ok" | "refused" | "challenge" | "inconclusive" | "smaller" | "error"; text: string };

function run(artifacts: Artifacts): AuditOutcome {
  const probes = artifacts.probes;
  if (!probes || probes.length === 0) return unknownOutcome("The homepage was not fetched as AI crawlers in this scan.");
  const browser = probes.find((probe) => probe.agent === "browser");
  const crawlers = probes.filter((probe) => probe.agent !== "browser");
  if (!browser || crawlers.length === 0) return unknownOutcome("The live probe is incomplete.");
  if (!browser.ok) return unknownOutcome(`The browser probe could not fetch ${browser.url} (${browser.error.message}), so there is nothing to compare with.`);
  const browserBlocked = browserRefused(browser);
  if (browserBlocked) {
    return unknownOutcome(
      `Even the browser probe was turned away (${browserBlocked}), so the scanner itself is being refused and the crawlers' answers cannot be compared.`,
    );
  }
  const verdicts = crawlers.map((probe) => judge(probe, browser));
  const evidence = [describe(browser), ...crawlers.map(describe)];
  const refused = verdicts.filter((verdict) => verdict.kind === "refused" || verdict.kind === "challenge");
  const inconclusive = verdicts.filter((verdict) => verdict.kind === "inconclusive");
  const smaller = verdicts.filter((verdict) => verdict.kind === "smaller");
  const answered = verdicts.filter((verdict) => verdict.kind !== "error");
  if (answered.length === 0) return unknownOutcome(`None of the crawler probes got an answer (${crawlers[0]!.ok ? "" : crawlers[0]!.error.message}).`);

  if (refused.length === 0 && smaller.length === 0 && inconclusive.length === 0) {
    return passed(`All ${counted(answered.length, "AI crawler probe")} got the same page as the browser (HTTP ${browser.status}, ${browser.words} words).`, evidence);
  }
  const searchRefused = refused.filter((verdict) => crawler(verdict.agent).purpose !== "training");
  const searchProbes = answered.filter((verdict) => crawler(verdict.agent).purpose !== "training");
  const everySearchRefused = searchProbes.length > 0 && searchRefused.length === searchProbes.length;
  const problems = [...refused, ...smaller, ...inconclusive].map((verdict) => `${verdict.agent}: ${verdict.text}`);
  if (refused.length > 0 || smaller.length > 0) {
    const lost = refused.length + smaller.length * 0.5 + inconclusive.length * 0.25;
    return {
      status: "fail",
      score: everySearchRefused ? 0 : Math.max(0, Math.round((1 - lost / answered.length) * 100) / 100),
      blocking: everySearchRefused || undefined,
      detail:
        `A browser gets ${browser.finalUrl} (HTTP ${browser.status}, ${browser.words} words), but ${problems.join("; ")}. ` +
        (everySearchRefused
          ? "Every AI search and assistant agent probed is turned away, whatever robots.txt says: ChatGPT, Claude, Perplexity and others cannot read or cite the site."
          : "Those assistants cannot read the page even where robots.txt allows them."),
      evidence,
      fix: unblockFix(refused, smaller, browser),
    };
  }
  return {
    status: "warn",
    score: Math.max(0.5, 1 - inconclusive.length / answered.length / 2),
    detail:
      `${problems.join("; ")}, while a browser gets the page. The answers come from a CDN that refuses requests claiming to be crawlers from addresses it cannot verify, ` +
      "so this is inconclusive: the real crawlers, recognised by their IP ranges, may be let in.",
    evidence,
    fix: {
      what: "Check the CDN's bot rules for AI crawlers",
      why: "If the CDN also refuses the real AI crawlers, the site is invisible to their assistants whatever robots.txt says.",
      how: `In the CDN's bot-management settings, allow the verified bots ${inconclusive.map((verdict) => verdict.agent).join(", ")} (Cloudflare: Security → Bots → AI crawlers, or a WAF skip rule for "Verified bots"), then check the CDN's logs for their requests.`,
      effort: "S",
    },
  };
}

function judge(probe: ProbeArtifact, browser: Extract<ProbeArtifact, { ok: true }>): Verdict {
  if (!probe.ok) return { agent: probe.agent, kind: "error", text: probe.error.message };
  const challenge = challengeOf(probe);
  if (challenge) return { agent: probe.agent, kind: "challenge", text: `gets a challenge page (${challenge})` };
  if (REFUSING.has(probe.status)) {
    if (probe.status === 403 && behindCdn(probe)) return { agent: probe.agent, kind: "inconclusive", text: `HTTP 403 from the CDN (${cdnOf(probe)})` };
    const meaning = probe.status === 402 ? " (payment required: pay-per-crawl)" : probe.status === 429 ? " (too many requests)" : probe.status === 401 ? " (login required)" : "";
    return { agent: probe.agent, kind: "refused", text: `HTTP ${probe.status}${meaning}` };
  }
  if (probe.status >= 400 && browser.status < 400) return { agent: probe.agent, kind: "refused", text: `HTTP ${probe.status}` };
  if (browser.words >= 50 && probe.words < browser.words * SMALLER_SHARE) {
    return { agent: probe.agent, kind: "smaller", text: `gets ${probe.words} words against the browser's ${browser.words}` };
  }
  return { agent: probe.agent, kind: "ok", text: `HTTP ${probe.status}` };
}

function browserRefused(browser: Extract<ProbeArtifact, { ok: true }>): string | null {
  const challenge = challengeOf(browser);
  if (challenge) return challenge;
  if (REFUSING.has(browser.status)) return `HTTP ${browser.status}`;
  return null;
}

function challengeOf(probe: Extract<ProbeArtifact, { ok: true }>): string | null {
  const mitigated = probe.headers["cf-mitigated"];
  if (mitigated) return `cf-mitigated: ${mitigated}`;
  if (probe.headers["x-datadome"] && probe.status >= 400) return "DataDome";
  return probe.challengeMarker;
}

function behindCdn(probe: Extract<ProbeArtifact, { ok: true }>): boolean {
  return cdnOf(probe) !== null;
}

function cdnOf(probe: Extract<ProbeArtifact, { ok: true }>): string | null {
  const headers = probe.headers;
  if (headers["cf-ray"] || /cloudflare/i.test(headers.server ?? "")) return "Cloudflare";
  if (headers["x-amz-cf-id"] || /cloudfront/i.test(headers.via ?? "")) return "CloudFront";
  if (headers["akamai-grn"] || /akamai/i.test(headers.server ?? "")) return "Akamai";
  if (headers["x-served-by"] && /cache/i.test(headers["x-served-by"])) return "Fastly";
  if (headers["x-sucuri-id"]) return "Sucuri";
  if (headers["x-iinfo"]) return "Imperva";
  return null;
}

function describe(probe: ProbeArtifact): string {
  if (!probe.ok) return `${probe.agent}: ${probe.error.code}`;
  const extra = [probe.headers["cf-mitigated"] ? `cf-mitigated: ${probe.headers["cf-mitigated"]}` : "", probe.challengeMarker ?? ""].filter(Boolean).join(", ");
  return `${probe.agent}: HTTP ${probe.status}, ${probe.words} words${extra ? `, ${extra}` : ""}`;
}

function unblockFix(refused: Verdict[], smaller: Verdict[], browser: Extract<ProbeArtifact, { ok: true }>): Fix {
  const agents = [...refused, ...smaller].map((verdict) => verdict.agent);
  const challenged = refused.some((verdict) => verdict.kind === "challenge");
  return {
    what: `Let ${agents.join(", ")} read the homepage`,
    why: "AI assistants only cite what their agents can fetch; a firewall or bot rule that refuses them hides the site even when robots.txt allows it.",
    how: challenged
      ? `The bot protection in front of ${browser.finalUrl} challenges these agents. Allow verified AI crawlers instead of challenging them ` +
        "(Cloudflare: Security → Bots → turn off \"Block AI bots\" for search agents, or add a WAF skip rule for Verified Bots; other WAFs: allow-list the user agents together with the operators' published IP ranges)."
      : smaller.length > 0 && refused.length === 0
        ? `The server sends these agents a much shorter page than browsers get. Serve them the same HTML as browsers (check user-agent rules in the server, CDN or prerender service for ${browser.finalUrl}).`
        : `Find the rule that answers ${refused.map((verdict) => `${verdict.agent} (${verdict.text})`).join(", ")}: a web-server, CDN or WAF rule matching their user agents. ` +
          "Remove it for AI search and assistant agents (verify them by their published IP ranges if you must); to opt out of AI training, use robots.txt for the training crawlers instead.",
    effort: "S",
  };
}
