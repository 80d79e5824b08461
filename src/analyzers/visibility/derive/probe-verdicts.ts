import type { Artifacts, ProbeArtifact } from "../gather/artifacts.ts";
import { PROBE_MAX_BYTES } from "../gather/probes.ts";
import { type EdgeVendor, edgeVendorOf } from "./edge-vendor.ts";
import { computed } from "../../../lib/computed.ts";

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

/**
 * What one probe's answer proves, finer than `kind` and kept as data so that any audit can read it:
 * "same-page", "smaller-page", "origin-refused" (the site's own server said no), "vendor-refused" (a named
 * CDN or bot-protection vendor said no), "challenged", "priced" (402 with `crawler-price`: Cloudflare's
 * pay-per-crawl), "signature-required" (the edge wants a signed agent, RFC 9421 `Accept-Signature` or
 * Cloudflare's `crawler-error`), "rate-limited" (429) and "no-answer".
 */
export type ProbeOutcome =
  | "same-page"
  | "smaller-page"
  | "origin-refused"
  | "vendor-refused"
  | "challenged"
  | "priced"
  | "signature-required"
  | "rate-limited"
  | "no-answer";

export interface ProbeClassification {
  outcome: ProbeOutcome;
  /** The CDN or bot-protection vendor that answered, when its headers name it. */
  vendor: EdgeVendor | null;
  /** Whether the answer proves what the real crawler gets; an unsigned probe refused at the edge does not. */
  conclusive: boolean;
  /** For an inconclusive answer: what would settle it. */
  settle: string | null;
  /** `crawler-price` of a priced answer, `Retry-After` of a rate-limited one. */
  price: string | null;
  retryAfter: string | null;
}

export interface ProbeVerdict {
  agent: string;
  kind: ProbeKind;
  classification: ProbeClassification;
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

const comparisonOf = computed(compare);

/** Every crawler probe judged against the browser's, once per scan however many audits ask. */
export function compareProbes(artifacts: Artifacts): ProbeComparison {
  const probes = artifacts.probes;
  if (!probes || probes.length === 0) return { ok: false, reason: "The homepage was not fetched as AI crawlers in this scan." };
  return compareProbeList(probes);
}

/** The same for any one page's probes (the site crawl probes a page of each template), once per list. */
export function compareProbeList(probes: ProbeArtifact[]): ProbeComparison {
  if (probes.length === 0) return { ok: false, reason: "The page was not fetched as AI crawlers in this scan." };
  return comparisonOf(probes);
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
  if (!probe.ok) return { agent: probe.agent, kind: "error", text: probe.error.message, probe, classification: classified("no-answer", null, true) };
  const vendor = edgeVendorOf(probe.headers);
  const verdict = (kind: ProbeKind, outcome: ProbeOutcome, text: string, extra: Partial<ProbeClassification> = {}): ProbeVerdict => ({
    agent: probe.agent,
    kind,
    text,
    probe,
    classification: { ...classified(outcome, vendor, kind !== "inconclusive", probe.agent, probe.signed === true), ...extra },
  });
  const challenge = challengeOf(probe);
  if (challenge) return verdict("challenge", "challenged", `gets a challenge page (${challenge})`);
  const price = probe.headers["crawler-price"];
  if (probe.status === 402 && price) return verdict("refused", "priced", `HTTP 402: pay-per-crawl asks ${price.slice(0, 40)} per page (crawler-price)`, { price });
  const signature = signatureDemand(probe);
  if (signature) return verdict("inconclusive", "signature-required", `HTTP ${probe.status}: the edge asks for a signed agent (${signature})`);
  if (probe.status === 429) {
    const retryAfter = probe.headers["retry-after"] ?? null;
    return verdict("inconclusive", "rate-limited", `HTTP 429 (too many requests${retryAfter ? `, Retry-After: ${retryAfter.slice(0, 40)}` : ""})`, { retryAfter });
  }
  if (REFUSING.has(probe.status)) {
    if (vendor && (probe.status === 403 || vendor.mitigation)) {
      return verdict("inconclusive", "vendor-refused", `HTTP ${probe.status} from ${vendor.name} (${vendor.mitigation ?? vendor.evidence})`);
    }
    const meaning = probe.status === 402 ? " (payment required)" : probe.status === 401 ? " (login required)" : "";
    return verdict("refused", "origin-refused", `HTTP ${probe.status}${meaning}`);
  }
  if (probe.status >= 400 && browser.status < 400) return verdict("refused", "origin-refused", `HTTP ${probe.status}`);
  if (browser.words >= 50 && probe.words < browser.words * SMALLER_SHARE) {
    const title = probe.title && probe.title !== browser.title ? ` titled "${probe.title.slice(0, 60)}"` : "";
    return verdict("smaller", "smaller-page", `gets a different page${title}: ${wordsRead(probe)} against the browser's ${wordsRead(browser)}`);
  }
  return verdict("ok", "same-page", `HTTP ${probe.status}`);
}

function classified(outcome: ProbeOutcome, vendor: EdgeVendor | null, conclusive: boolean, agent = "", signed = false): ProbeClassification {
  return { outcome, vendor, conclusive, settle: conclusive ? null : settleWith(outcome, vendor, agent, signed), price: null, retryAfter: null };
}

/**
 * What would show what the real crawler gets: the edge recognises real crawlers by their published IP
 * ranges or their signatures, which a probe from the scanner's address cannot carry.
 */
function settleWith(outcome: ProbeOutcome, vendor: EdgeVendor | null, agent: string, signed: boolean): string {
  const edge = vendor?.name ?? "the CDN";
  // A signed probe was refused all the same: the edge does not trust sightline's key yet, or refuses signed agents too.
  if (signed && outcome !== "rate-limited") return `${edge}'s verified-bot setting for ${agent}, ${edge}'s logs for ${agent}'s requests, or telling ${edge} to trust the scanner's signing key (its key directory is named in the probe's Signature-Agent)`;
  if (outcome === "rate-limited") return `the server's or ${edge}'s logs for ${agent}'s own requests: a rate limit answers the scanner's burst, and the real crawler paces itself`;
  if (outcome === "signature-required") return `a signed probe (SIGNED_PROBES=on) whose key ${edge} is told to trust, or ${edge}'s logs for ${agent}'s requests`;
  return `${edge}'s verified-bot setting for ${agent}, ${edge}'s logs for ${agent}'s requests, or a signed probe (SIGNED_PROBES=on) that ${edge} is told to let through`;
}

/**
 * An edge asking for an HTTP message signature: RFC 9421 section 5.1's `Accept-Signature`, a
 * `WWW-Authenticate` challenge naming signatures, or Cloudflare's pay-per-crawl errors StrongAuthRequired
 * and InvalidSignature (developers.cloudflare.com/ai-crawl-control/features/pay-per-crawl/use-pay-per-crawl-as-ai-owner/error-codes/).
 */
function signatureDemand(probe: ProbeAnswer): string | null {
  if (probe.status < 400) return null;
  if (probe.headers["accept-signature"]) return `accept-signature: ${probe.headers["accept-signature"].slice(0, 60)}`;
  if (/signature/i.test(probe.headers["www-authenticate"] ?? "")) return `www-authenticate: ${probe.headers["www-authenticate"]!.slice(0, 60)}`;
  if (/^(StrongAuthRequired|InvalidSignature)$/i.test(probe.headers["crawler-error"] ?? "")) return `crawler-error: ${probe.headers["crawler-error"]}`;
  return null;
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
  // Vercel's firewall marks its challenges; its "deny" is a refusal, judged below.
  if (/challenge/i.test(probe.headers["x-vercel-mitigated"] ?? "")) return `Vercel, x-vercel-mitigated: ${probe.headers["x-vercel-mitigated"]}`;
  // AWS WAF: "challenge" with HTTP 202, "captcha" with HTTP 405.
  if (/^(challenge|captcha)$/i.test(probe.headers["x-amzn-waf-action"] ?? "")) return `AWS WAF, x-amzn-waf-action: ${probe.headers["x-amzn-waf-action"]}`;
  if ((probe.headers["x-datadome"] || probe.headers["x-dd-b"]) && probe.status >= 400) return "DataDome";
  return probe.challengeMarker !== null && probe.words < CHALLENGE_MAX_WORDS ? probe.challengeMarker : null;
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
