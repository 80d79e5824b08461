import type { Artifacts, ProbeArtifact } from "../gather/artifacts.ts";
import { PROBE_MAX_BYTES } from "../gather/probes.ts";

/**
 * How each live probe compares with the browser's answer: shared by crawler-probe (which reports the
 * answers) and the platform reach (which decides per platform whether it can read the homepage).
 */

export type ProbeAnswer = Extract<ProbeArtifact, { ok: true }>;

/**
 * "ok": the same page as the browser; "refused": an error status for the agent only; "challenge": a
 * bot-protection page; "inconclusive": a bare 403 from a CDN, which refuses requests that only claim to
 * be a crawler (the real one is recognised by its IP ranges); "smaller": a different, much shorter page;
 * "error": the probe got no answer.
 */
export type ProbeKind = "ok" | "refused" | "challenge" | "inconclusive" | "smaller" | "error";

export interface ProbeVerdict {
  agent: string;
  kind: ProbeKind;
  /** What the agent got, in a few words: "HTTP 403", "gets a challenge page (cf-mitigated: challenge)". */
  text: string;
  probe: ProbeArtifact;
}

export type ProbeComparison =
  | { ok: true; browser: ProbeAnswer; verdicts: ProbeVerdict[] }
  | { ok: false; reason: string };

/** A crawler served less than this share of the browser's visible words is getting a different page. */
export const SMALLER_SHARE = 0.3;
const REFUSING = new Set([401, 402, 403, 429]);

const comparisons = new WeakMap<ProbeArtifact[], ProbeComparison>();

/** Every crawler probe judged against the browser's, once per scan however many audits ask. */
export function compareProbes(artifacts: Artifacts): ProbeComparison {
  const probes = artifacts.probes;
  if (!probes || probes.length === 0) return { ok: false, reason: "The homepage was not fetched as AI crawlers in this scan." };
  let comparison = comparisons.get(probes);
  if (!comparison) {
    comparison = compare(probes);
    comparisons.set(probes, comparison);
  }
  return comparison;
}

function compare(probes: ProbeArtifact[]): ProbeComparison {
  const browser = probes.find((probe) => probe.agent === "browser");
  const crawlers = probes.filter((probe) => probe.agent !== "browser");
  if (!browser || crawlers.length === 0) return { ok: false, reason: "The live probe is incomplete." };
  if (!browser.ok) return { ok: false, reason: `The browser probe could not fetch ${browser.url} (${browser.error.message}), so there is nothing to compare with.` };
  const refused = browserRefused(browser);
  if (refused) {
    return {
      ok: false,
      reason: `Even the browser probe was turned away (${refused}), so the scanner itself is being refused and the crawlers' answers cannot be compared.`,
    };
  }
  return { ok: true, browser, verdicts: crawlers.map((probe) => judge(probe, browser)) };
}

function judge(probe: ProbeArtifact, browser: ProbeAnswer): ProbeVerdict {
  const verdict = (kind: ProbeKind, text: string): ProbeVerdict => ({ agent: probe.agent, kind, text, probe });
  if (!probe.ok) return verdict("error", probe.error.message);
  const challenge = challengeOf(probe);
  if (challenge) return verdict("challenge", `gets a challenge page (${challenge})`);
  if (REFUSING.has(probe.status)) {
    if (probe.status === 403 && cdnOf(probe) !== null) return verdict("inconclusive", `HTTP 403 from the CDN (${cdnOf(probe)})`);
    const meaning = probe.status === 402 ? " (payment required: pay-per-crawl)" : probe.status === 429 ? " (too many requests)" : probe.status === 401 ? " (login required)" : "";
    return verdict("refused", `HTTP ${probe.status}${meaning}`);
  }
  if (probe.status >= 400 && browser.status < 400) return verdict("refused", `HTTP ${probe.status}`);
  if (browser.words >= 50 && probe.words < browser.words * SMALLER_SHARE) {
    const title = probe.title && probe.title !== browser.title ? ` titled "${probe.title.slice(0, 60)}"` : "";
    return verdict("smaller", `gets a different page${title}: ${wordsRead(probe)} against the browser's ${wordsRead(browser)}`);
  }
  return verdict("ok", `HTTP ${probe.status}`);
}

function browserRefused(browser: ProbeAnswer): string | null {
  const challenge = challengeOf(browser);
  if (challenge) return challenge;
  if (REFUSING.has(browser.status)) return `HTTP ${browser.status}`;
  return null;
}

/**
 * An interstitial has a few dozen words. Bot-protection vendors' scripts (Cloudflare's
 * /cdn-cgi/challenge-platform/, DataDome's tags.js) also sit on ordinary pages that they let through, so a
 * marker found in the body counts as a challenge only on a page this short.
 */
const CHALLENGE_MAX_WORDS = 200;

function challengeOf(probe: ProbeAnswer): string | null {
  const mitigated = probe.headers["cf-mitigated"];
  if (mitigated) return `cf-mitigated: ${mitigated}`;
  if (probe.headers["x-datadome"] && probe.status >= 400) return "DataDome";
  return probe.challengeMarker !== null && probe.words < CHALLENGE_MAX_WORDS ? probe.challengeMarker : null;
}

/** The CDN that answered, recognised by its headers, or null. */
export function cdnOf(probe: ProbeAnswer): string | null {
  const headers = probe.headers;
  if (headers["cf-ray"] || /cloudflare/i.test(headers.server ?? "")) return "Cloudflare";
  if (headers["x-amz-cf-id"] || /cloudfront/i.test(headers.via ?? "")) return "CloudFront";
  if (headers["akamai-grn"] || /akamai/i.test(headers.server ?? "")) return "Akamai";
  if (headers["x-served-by"] && /cache/i.test(headers["x-served-by"])) return "Fastly";
  if (headers["x-sucuri-id"]) return "Sucuri";
  if (headers["x-iinfo"]) return "Imperva";
  return null;
}

/** "OAI-SearchBot: HTTP 403, 1 words, cf-mitigated: challenge": one probe answer, for evidence. */
export function describeProbe(probe: ProbeArtifact): string {
  if (!probe.ok) return `${probe.agent}: ${probe.error.code}`;
  const extra = [probe.headers["cf-mitigated"] ? `cf-mitigated: ${probe.headers["cf-mitigated"]}` : "", probe.challengeMarker ?? ""].filter(Boolean).join(", ");
  return `${probe.agent}: HTTP ${probe.status}, ${wordsRead(probe)}${extra ? `, ${extra}` : ""}`;
}

/**
 * "3823 words in its first 256 KiB": a probe reads at most PROBE_MAX_BYTES, so on a longer page its count
 * is of that part only, and saying so keeps it from reading as the page's word count.
 */
export function wordsRead(probe: ProbeAnswer): string {
  return `${probe.words} words${probe.truncated ? ` in its first ${PROBE_MAX_BYTES / 1024} KiB` : ""}`;
}
