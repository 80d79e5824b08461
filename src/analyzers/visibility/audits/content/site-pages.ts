import type { Artifacts } from "../../gather/artifacts.ts";
import type { PageVerdict } from "../../site-record-schema.ts";
import { FINDING_SOURCES } from "../../derive/page-verdict.ts";
import { siteVerdicts } from "../../derive/site-verdicts.ts";
import { type AuditOutcome, type AuditRule, type Fix, notApplicable, passed } from "../audit.ts";
import { counted } from "../wording.ts";
import { inlineCode } from "../fix-code.ts";

/**
 * The pages behind the homepage, template by template (issue 29): pages that fail (an error status,
 * redirects that end in an error, soft 404s, fetch errors), and what the pages that load lack (canonical,
 * title, description, main heading, language, structured data that fits the page's kind, Product offers,
 * article bylines and dates, Open Graph). Reach findings (app shells, robots.txt, noindex) are site-reach's.
 * The homepage is judged by the homepage audits, so its template is left out here. Each template's
 * failures are named with counts and example URLs.
 */
export const sitePages: AuditRule<never> = {
  id: "site-pages",
  title: "The pages behind the homepage load and describe themselves, template by template",
  impact: "high",
  // The crawl's facts, when there are any: a scan without a crawl is not applicable, not unknown.
  requires: [],
  run,
};

/** What site-reach reports: left out here so that one cause is one finding. */
const REACH_IDS = new Set(["app-shell", "robots-disallowed", "noindex", "nosnippet", "agent-directive"]);
/** Each warning a page carries costs it this much of its score, down to WARN_FLOOR: a page that loads is worth more than one that fails. */
const WARN_COST = 0.1;
const WARN_FLOOR = 0.5;
/** A failing page share at or above this makes the audit fail rather than warn. */
const FAILING_SHARE = 0.2;
const EXAMPLES = 3;

/** What each finding means across a template, and how to fix it there. */
const FINDINGS: Record<string, { says: string; fix: string }> = {
  "fetch-error": { says: "could not be fetched", fix: "check that the server answers these URLs (timeouts, TLS or connection errors)" },
  "http-error": { says: "answer an error status", fix: "restore the pages or take their URLs out of the sitemap and links" },
  "redirect-to-error": { says: "redirect to a page that answers an error", fix: `point each old URL's redirect at the page that replaced it, with a 301 (${FINDING_SOURCES.redirects}), or let it answer 410` },
  "redirect-unresolved": { says: "redirect without ending at a page", fix: "end each redirect chain at a page that answers 200" },
  "soft-404": { says: 'answer HTTP 200 but say "not found" (soft 404s)', fix: `answer 404 or 410 for pages that do not exist (${FINDING_SOURCES.softNotFound})` },
  "redirect-chain": { says: "are reached through redirect chains", fix: "link and redirect to the final URL in one hop" },
  "sitemap-redirect": { says: "are listed in the sitemap under URLs that redirect", fix: `list the final URLs in the sitemap (${FINDING_SOURCES.sitemap})` },
  "canonical-missing": { says: "have no canonical link", fix: `add \`<link rel="canonical" href="…">\` with the page's own URL to the template (${FINDING_SOURCES.canonical})` },
  "canonical-other-page": { says: "name another URL as their canonical", fix: "make the canonical link name the page's own URL, unless these pages are duplicates on purpose" },
  "canonical-other-host": { says: "name a page on another host as their canonical", fix: "make the canonical link name the page's own URL on this host" },
  "product-incomplete": { says: "are product pages whose Product markup lacks what Google's merchant listing requires", fix: `add an \`offers\` Offer (price, priceCurrency, availability) and the other required properties to the template's Product markup (${FINDING_SOURCES.merchantListing})` },
  "schema-type-misfit": { says: "declare no structured-data type that fits what they are", fix: "declare the type that says what the template's pages are (Article, Product, FAQPage) in its JSON-LD" },
  "structured-data-errors": { says: "carry structured data that cannot be read", fix: "fix the template's JSON-LD so that it parses (validator.schema.org)" },
  "article-no-author": { says: "are articles without a byline", fix: "show the author's name on the template and add `author` to its Article markup" },
  "article-no-date": { says: "are articles without a publication date", fix: "show the publication date and add `datePublished` to its Article markup" },
  "missing-title": { says: "have no <title>", fix: "give the template a <title> built from each page's own name" },
  "missing-description": { says: 'have no <meta name="description">', fix: "give the template a meta description built from each page's summary" },
  "missing-h1": { says: "have no <h1> in their raw HTML", fix: "render each page's main heading as an <h1> on the server" },
  "missing-lang": { says: "have no lang attribute", fix: 'set `<html lang="…">` in the template' },
  "open-graph-missing": { says: "lack og:title or og:image", fix: "add og:title and og:image to the template's <head>" },
};

function run(artifacts: Artifacts): AuditOutcome {
  const site = siteVerdicts(artifacts);
  if (!site) return notApplicable("Only the homepage was scanned: no pages behind it were sampled (an older scan, or a page budget of one).");
  const pages = site.verdicts.filter((page) => page.template !== "/" && page.verdict !== "skipped");
  if (pages.length === 0) return notApplicable("No page behind the homepage was fetched in this scan.");
  const scores = pages.map(pageScore);
  const score = scores.reduce((sum, value) => sum + value, 0) / scores.length;
  const issues = templateIssues(pages);
  if (issues.length === 0) return passed(`All ${counted(pages.length, "sampled page")} behind the homepage load and describe themselves.`, [`${counted(pages.length, "page")} judged in ${counted(new Set(pages.map((page) => page.template)).size, "template")}`]);
  const failed = pages.filter((page) => page.verdict === "failed");
  const wholeTemplateFails = issues.some((issue) => issue.severity === "fail" && issue.urls.length === issue.sampled);
  return {
    status: failed.length / pages.length >= FAILING_SHARE || wholeTemplateFails ? "fail" : "warn",
    score: Math.min(0.99, Math.round(score * 100) / 100),
    detail: `${failed.length > 0 ? `${failed.length} of the ${counted(pages.length, "sampled page")} behind the homepage fail. ` : ""}${issues
      .slice(0, 8)
      .map((issue) => `${issue.template}: ${issue.urls.length} of ${issue.sampled} sampled ${issue.sampled === 1 ? "page" : "pages"} ${FINDINGS[issue.id]?.says ?? issue.id} (e.g. ${issue.urls.slice(0, 2).join(", ")}).`)
      .join(" ")}`,
    evidence: issues.map((issue) => `${issue.template} ${issue.id}: ${issue.urls.length} of ${issue.sampled} — ${issue.urls.slice(0, EXAMPLES).join(", ")}`),
    fix: fixFor(issues),
  };
}

function pageScore(page: PageVerdict): number {
  if (page.verdict === "failed") return 0;
  const warnings = new Set(page.findings.filter((finding) => !REACH_IDS.has(finding.id)).map((finding) => finding.id)).size;
  return Math.max(WARN_FLOOR, 1 - WARN_COST * warnings);
}

interface TemplateIssue {
  template: string;
  id: string;
  severity: "fail" | "warn";
  sampled: number;
  urls: string[];
}

/** Each finding per template, failures first, then the most pages. */
function templateIssues(pages: readonly PageVerdict[]): TemplateIssue[] {
  const issues = new Map<string, TemplateIssue>();
  const sampled = new Map<string, number>();
  for (const page of pages) sampled.set(page.template, (sampled.get(page.template) ?? 0) + 1);
  for (const page of pages) {
    for (const finding of page.findings) {
      if (REACH_IDS.has(finding.id)) continue;
      const key = `${page.template}|${finding.id}`;
      const issue = issues.get(key) ?? { template: page.template, id: finding.id, severity: finding.severity, sampled: sampled.get(page.template)!, urls: [] };
      if (!issue.urls.includes(page.url)) issue.urls.push(page.url);
      if (finding.severity === "fail") issue.severity = "fail";
      issues.set(key, issue);
    }
  }
  return [...issues.values()].sort((a, b) => (a.severity !== b.severity ? (a.severity === "fail" ? -1 : 1) : b.urls.length - a.urls.length));
}

function fixFor(issues: readonly TemplateIssue[]): Fix {
  const steps = issues.slice(0, 10).map((issue) => `- ${inlineCode(issue.template)} (${issue.urls.length} of ${issue.sampled}, e.g. ${issue.urls[0]}): ${FINDINGS[issue.id]?.fix ?? "see the page verdicts"}.`);
  const more = issues.length > 10 ? `\n\n${counted(issues.length - 10, "more finding")} in the pages table.` : "";
  const failing = issues.filter((issue) => issue.severity === "fail");
  return {
    what: failing.length > 0 ? `Repair the failing pages of ${[...new Set(failing.map((issue) => issue.template))].slice(0, 3).join(", ")}` : `Complete the markup of ${[...new Set(issues.map((issue) => issue.template))].slice(0, 3).join(", ")}`,
    why: "Assistants cite the page that answers, not the homepage: a page that errors, or says nothing about what it is, is one they skip or misquote.",
    how: `Each template is fixed once, where it is rendered:\n\n${steps.join("\n")}${more}`,
    effort: failing.length > 0 || issues.length > 4 ? "M" : "S",
  };
}
