import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { jsonLdBlocks } from "../json-ld-blocks.ts";
import { nodesOf } from "../site-identity.ts";
import { pathOf, sitePages } from "../site-pages.ts";

/**
 * Dates show that content is current. Assistants favour recent sources for anything that changes, and
 * read dates from markup (JSON-LD, <time datetime>, article meta tags) and the sitemap's lastmod. The
 * scan's own time (gatheredAt) is the reference, so the audit stays a pure function.
 */
export const contentDates: AuditDefinition = {
  id: "content-dates",
  title: "Content carries publication or update dates, and recent ones",
  pillar: "trust",
  weight: 25,
  impact: "low",
  run,
};

const YEAR_MS = 365 * 24 * 3600 * 1000;

function run(artifacts: Artifacts): AuditOutcome {
  const pages = sitePages(artifacts);
  if (pages.length === 0) return unknownOutcome("No page could be read to look for dates.");
  const dates: { source: string; time: number; text: string }[] = [];
  for (const page of pages) {
    const where = pathOf(page.url);
    for (const block of jsonLdBlocks(page.document)) {
      if (!block.ok) continue;
      for (const node of nodesOf(block.value)) for (const key of ["dateModified", "datePublished"]) if (typeof node[key] === "string") dates.push({ source: `${where}: JSON-LD ${key}`, text: node[key] as string, time: Date.parse(node[key] as string) });
    }
    for (const time of Array.from(page.document.querySelectorAll("time[datetime]"))) dates.push({ source: `${where}: <time>`, text: time.getAttribute("datetime")!, time: Date.parse(time.getAttribute("datetime")!) });
    for (const meta of Array.from(page.document.querySelectorAll('meta[property="article:modified_time"],meta[property="article:published_time"],meta[property="og:updated_time"]'))) {
      dates.push({ source: `${where}: ${meta.getAttribute("property")}`, text: meta.getAttribute("content") ?? "", time: Date.parse(meta.getAttribute("content") ?? "") });
    }
  }
  const sitemap = artifacts.sitemap;
  if (sitemap?.ok && sitemap.newestLastmod) dates.push({ source: "sitemap lastmod", text: sitemap.newestLastmod, time: Date.parse(sitemap.newestLastmod) });
  for (const child of sitemap?.ok ? (sitemap.children ?? []) : []) {
    if (child.ok && child.newestLastmod) dates.push({ source: `sitemap lastmod (${pathOf(child.url)})`, text: child.newestLastmod, time: Date.parse(child.newestLastmod) });
  }
  const valid = dates.filter((date) => !Number.isNaN(date.time));
  const fix = {
    what: "Date your content in markup, and keep it current",
    why: "Assistants prefer sources that are visibly up to date; dates in markup are how crawlers know.",
    how:
      'Show the publication or last-update date on articles and key pages as `<time datetime="2025-01-31">31 January 2025</time>`, add `"datePublished"` and `"dateModified"` to their JSON-LD, ' +
      "and give every sitemap entry a <lastmod>. Update pages whose facts have changed, and the dates with them.",
    effort: "S" as const,
  };
  if (valid.length === 0) {
    return { status: "warn", score: 0.4, detail: "No publication or update date was found in the pages' markup or the sitemap.", evidence: [], fix };
  }
  const newest = valid.reduce((a, b) => (b.time > a.time ? b : a));
  const reference = artifacts.gatheredAt ? Date.parse(artifacts.gatheredAt) : null;
  const evidence = valid.sort((a, b) => b.time - a.time).slice(0, 4).map((date) => `${date.source}: ${date.text}`);
  if (reference === null) return passed(`The newest date found is ${newest.text} (${newest.source}).`, evidence);
  const ageDays = Math.floor((reference - newest.time) / (24 * 3600 * 1000));
  if (reference - newest.time <= YEAR_MS) return passed(`Content is dated, the newest ${Math.max(0, ageDays)} days before the scan (${newest.text}, ${newest.source}).`, evidence);
  return {
    status: "warn",
    score: 0.6,
    detail: `The newest date found is ${newest.text} (${newest.source}), ${Math.floor(ageDays / 30)} months before the scan: the content looks stale.`,
    evidence,
    fix,
  };
}
