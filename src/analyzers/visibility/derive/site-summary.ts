import type { SiteCrawlArtifact } from "../gather/site-crawl-artifact.ts";
import { AI_PLATFORMS, audienceShare } from "../platforms.ts";
import type { PageVerdict, SiteSummary } from "../site-record-schema.ts";

/**
 * The site beyond the homepage in a few hundred lines of JSON (issue 29): page counts, each template
 * with what is wrong on how many of its sampled pages and up to three examples, and reach by AI platform
 * across the sampled pages and per template, with the cause where a platform cannot read a template's
 * pages. Bounded as SiteSummarySchema says: 50 templates, 10 issues each, 3 examples per issue.
 */

const MAX_TEMPLATES = 50;
const MAX_ISSUES = 10;
const MAX_EXAMPLES = 3;

type TemplateSummary = SiteSummary["templates"][number];
type PlatformSummary = SiteSummary["reach"][number];

export function siteSummary(crawl: SiteCrawlArtifact, verdicts: readonly PageVerdict[]): SiteSummary {
  const byTemplate = groupBy(verdicts, (verdict) => verdict.template);
  const order = [...crawl.templates.map((entry) => entry.template), ...byTemplate.keys()].filter((template, index, all) => all.indexOf(template) === index).slice(0, MAX_TEMPLATES);
  const templates = order.map((template): TemplateSummary => {
    const listed = crawl.templates.find((entry) => entry.template === template);
    const pages = byTemplate.get(template) ?? [];
    return { template, discovered: listed?.discovered ?? pages.length, sampled: listed?.sampled ?? pages.length, sound: pages.filter((page) => page.verdict === "sound").length, issues: issuesOf(pages) };
  });
  return {
    pages: {
      budget: Math.max(1, crawl.budget.pages),
      discovered: crawl.discovered.total,
      sampled: verdicts.length,
      sound: verdicts.filter((verdict) => verdict.verdict === "sound").length,
      withIssues: verdicts.filter((verdict) => verdict.verdict === "issues").length,
      failed: verdicts.filter((verdict) => verdict.verdict === "failed").length,
      skipped: verdicts.filter((verdict) => verdict.verdict === "skipped").length,
    },
    // A page kept out by sightline's own robots.txt group is not a cut of the crawl: it is said per page.
    cut: crawl.cut === "robots" ? null : crawl.cut,
    templates,
    reach: reachOf(order, byTemplate, verdicts),
  };
}

/** Pages whose reach was judged: read as HTML with a usable status (skipped and failed pages are counted apart). */
export function judgedPages(verdicts: readonly PageVerdict[]): PageVerdict[] {
  return verdicts.filter((verdict) => (verdict.verdict === "sound" || verdict.verdict === "issues") && verdict.reach.length > 0);
}

/** Each finding id with the pages it was found on, the pages with failing findings and the most pages first. */
function issuesOf(pages: readonly PageVerdict[]): TemplateSummary["issues"] {
  const found = new Map<string, { severity: "fail" | "warn"; urls: string[] }>();
  for (const page of pages) {
    for (const id of new Set(page.findings.map((finding) => finding.id))) {
      const entry = found.get(id) ?? { severity: "warn", urls: [] };
      if (page.findings.some((finding) => finding.id === id && finding.severity === "fail")) entry.severity = "fail";
      entry.urls.push(page.url);
      found.set(id, entry);
    }
  }
  return [...found.entries()]
    .sort(([, a], [, b]) => (a.severity !== b.severity ? (a.severity === "fail" ? -1 : 1) : b.urls.length - a.urls.length))
    .slice(0, MAX_ISSUES)
    .map(([id, { urls }]) => ({ id, pages: urls.length, examples: urls.slice(0, MAX_EXAMPLES) }));
}

function reachOf(order: readonly string[], byTemplate: Map<string, PageVerdict[]>, verdicts: readonly PageVerdict[]): PlatformSummary[] {
  const judged = judgedPages(verdicts);
  return [...AI_PLATFORMS]
    .sort((a, b) => audienceShare(b) - audienceShare(a))
    .map((platform): PlatformSummary => ({
      platform: platform.id,
      name: platform.name,
      pagesRead: judged.filter((page) => reads(page, platform.id)).length,
      pagesJudged: judged.length,
      templates: order
        .map((template) => {
          const pages = judgedPages(byTemplate.get(template) ?? []);
          const read = pages.filter((page) => reads(page, platform.id)).length;
          return { template, read, judged: pages.length, cause: read < pages.length ? templateCause(pages, platform.id) : null };
        })
        .filter((entry) => entry.judged > 0),
    }));
}

function reads(page: PageVerdict, platform: string): boolean {
  return page.reach.find((entry) => entry.platform === platform)?.status === "reads";
}

/**
 * Why a platform cannot read some of a template's pages, in one sentence: "12 of 12 sampled pages are app
 * shells", "OAI-SearchBot is disallowed by robots.txt line 14 (Disallow: /docs/) on 5 of 5 sampled pages".
 */
function templateCause(pages: readonly PageVerdict[], platform: string): string {
  const losing = pages.filter((page) => !reads(page, platform));
  const of = `${losing.length} of ${pages.length} sampled ${pages.length === 1 ? "page" : "pages"}`;
  const shells = losing.filter((page) => page.facts?.appShell === true).length;
  if (shells === losing.length) return `${of} ${losing.length === 1 ? "is an app shell" : "are app shells"}`;
  // Every agent honouring it reads the same tag: said once, not once per crawler's name.
  if (losing.every((page) => page.findings.some((finding) => finding.id === "noindex"))) return `${of} ${losing.length === 1 ? "is" : "are"} marked noindex`;
  const causes = groupBy(
    losing.filter((page) => page.reach.some((entry) => entry.platform === platform && entry.cause)),
    (page) => page.reach.find((entry) => entry.platform === platform)!.cause!,
  );
  const [cause, withCause] = [...causes.entries()].sort(([, a], [, b]) => b.length - a.length)[0] ?? [null, []];
  if (cause === null) return `${of} cannot be confirmed as readable`;
  return withCause.length === losing.length ? `${cause} on ${of}` : `${cause} on ${withCause.length} of ${pages.length} sampled pages, and others fail on other causes`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}
