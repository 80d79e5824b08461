import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { siteOriginOf } from "../site-identity.ts";

/** A sitemap that parses and dates its pages tells crawlers what exists and what changed, so fresh pages get re-read. */
export const sitemapValid: AuditDefinition = {
  id: "sitemap-valid",
  title: "The XML sitemap parses and dates its pages",
  pillar: "discover",
  weight: 25,
  impact: "medium",
  run,
};

/** Below this share of entries with a lastmod, crawlers cannot tell fresh pages from old ones. */
const LASTMOD_COVERAGE = 0.8;
/** Answers that refuse the scanner rather than say there is no file. */
const REFUSED = new Set([401, 403, 429]);

function run(artifacts: Artifacts): AuditOutcome {
  const sitemap = artifacts.sitemap;
  if (!sitemap) return unknownOutcome("The sitemap was not requested in this scan.");
  const origin = siteOriginOf(artifacts);
  const generate = {
    what: "Publish an XML sitemap with lastmod dates",
    why: "A sitemap lists every page you want found; lastmod dates tell AI search crawlers which pages changed and need re-reading.",
    how:
      `Generate ${origin}/sitemap.xml with your CMS or framework (WordPress, Next.js, Astro, Hugo… all have one), give every <url> a <lastmod> in W3C date format, and list it in robots.txt:\n` +
      `Sitemap: ${origin}/sitemap.xml\n\n<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${origin}/</loc><lastmod>2025-01-31</lastmod></url>\n</urlset>`,
    effort: "S" as const,
  };
  if (!sitemap.ok) {
    if (sitemap.error.code === "aborted" || sitemap.error.code === "internal") return unknownOutcome(`${sitemap.url} could not be fetched (${sitemap.error.message}).`);
    return { status: "fail", score: 0, detail: `The sitemap ${sitemap.url} could not be fetched (${sitemap.error.message}).`, evidence: [`${sitemap.url}: ${sitemap.error.code}`], fix: generate };
  }
  const where = sitemap.source === "robots" ? `${sitemap.url} (listed in robots.txt)` : sitemap.url;
  const evidence = [`${sitemap.url}: HTTP ${sitemap.status}, ${sitemap.contentType ?? "no Content-Type"}`];
  if (REFUSED.has(sitemap.status) || sitemap.status >= 500) return unknownOutcome(`${sitemap.url} answered HTTP ${sitemap.status}: the scanner was refused, so whether a sitemap exists is unknown.`);
  if (sitemap.status !== 200 || sitemap.kind === null) {
    return {
      status: "fail",
      score: 0,
      detail: sitemap.status !== 200 ? `There is no sitemap: ${where} answered HTTP ${sitemap.status}.` : `${where} is not an XML sitemap (no <urlset> or <sitemapindex>).`,
      evidence,
      fix: generate,
    };
  }
  evidence.push(`${sitemap.kind} with ${sitemap.entries} entries, ${sitemap.withLastmod} with lastmod${sitemap.newestLastmod ? `, newest ${sitemap.newestLastmod}` : ""}`, ...sitemap.sample.slice(0, 3));
  if (sitemap.entries === 0) return { status: "fail", score: 0.2, detail: `${where} parses but lists no pages.`, evidence, fix: generate };
  const coverage = sitemap.withLastmod / sitemap.entries;
  const listed = `${where} is a ${sitemap.kind === "urlset" ? "sitemap" : "sitemap index"} with ${sitemap.entries} entries${sitemap.truncated ? " (the first few MB read)" : ""}`;
  if (coverage >= LASTMOD_COVERAGE) return passed(`${listed}, ${Math.round(coverage * 100)}% of them with a lastmod date.`, evidence);
  return {
    status: "warn",
    score: 0.5 + 0.4 * coverage,
    detail: `${listed}, but only ${sitemap.withLastmod} of them (${Math.round(coverage * 100)}%) carry a valid lastmod date.`,
    evidence,
    fix: {
      what: "Add lastmod dates to the sitemap",
      why: "Without lastmod, crawlers cannot tell which pages changed, so updated content is re-read late or not at all.",
      how: `Have the generator of ${sitemap.url} write <lastmod>YYYY-MM-DD</lastmod> (the date the page's content last changed, not the build date) in every <url> entry.`,
      effort: "S",
    },
  };
}
