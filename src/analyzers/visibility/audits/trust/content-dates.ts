import { parseDateText } from "../../derive/date-text.ts";
import { pageDates } from "../../derive/published-date.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { pathOf, sitePages } from "../../derive/site-pages.ts";

/**
 * Dates show that content is current. Assistants favour recent sources for anything that changes, and
 * read dates from markup (JSON-LD, Microdata, article and Dublin Core meta tags, <time>), from what the
 * page shows people ("Stand: 09.10.2017", the date under the headline) and from the sitemap's lastmod.
 * The verdict says which date it read, and where. The scan's own time (gatheredAt) is the reference, so the audit stays a pure function.
 */
export const contentDates: AuditRule<"readable-pages"> = {
  id: "content-dates",
  title: "Content carries publication or update dates, and recent ones",
  impact: "low",
  requires: ["readable-pages"],
  notes: ["pages-cut"],
  run,
};

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
const MAX_EVIDENCE = 4;

interface FoundDate {
  source: string;
  text: string;
  time: number;
  /** "the visible dateline "Stand: 09.10.2017" on /", "meta name="date" ("2026-10-20") on /". */
  readFrom: string;
}

function run(artifacts: Artifacts): AuditOutcome {
  const pages = sitePages(artifacts);
  const dates: FoundDate[] = pages.flatMap((page) =>
    pageDates(page).map((date) => ({
      source: `${pathOf(page.url)}: ${date.source}`,
      text: date.text,
      time: date.time,
      // A visible date's source quotes the text already; markup's names the tag, and the value follows.
      readFrom: `${date.source.startsWith("the ") ? date.source : `${date.source} ("${date.text}")`} on ${pathOf(page.url)}`,
    })),
  );
  dates.push(...sitemapDates(artifacts));
  const fix = {
    what: "Date your content in markup, and keep it current",
    why: "Assistants prefer sources that are visibly up to date; dates in markup are how crawlers know.",
    how:
      'Show the publication or last-update date on articles and key pages as `<time datetime="2025-01-31">31 January 2025</time>`, add `"datePublished"` and `"dateModified"` to their JSON-LD, ' +
      "and give every sitemap entry a `<lastmod>`. Update pages whose facts have changed, and the dates with them.",
    effort: "S" as const,
  };
  if (dates.length === 0) {
    return { status: "warn", score: 0.4, detail: "No publication or update date was found in the pages' markup, in the dates they show as text, or in the sitemap.", evidence: [], fix };
  }
  const reference = artifacts.gatheredAt ? Date.parse(artifacts.gatheredAt) : null;
  // A date after the scan (an upcoming event, a placeholder year) says nothing about how current the content is.
  const past = reference === null ? dates : dates.filter((date) => date.time <= reference + DAY_MS);
  const newest = (past.length > 0 ? past : dates).reduce((a, b) => (b.time > a.time ? b : a));
  const evidence = [...dates].sort((a, b) => b.time - a.time).slice(0, MAX_EVIDENCE).map((date) => `${date.source}: ${date.text}`);
  if (reference === null) return passed(`The newest date found is ${newest.text} (date read from ${newest.readFrom}).`, evidence);
  const ageDays = Math.floor((reference - newest.time) / DAY_MS);
  if (reference - newest.time <= YEAR_MS) return passed(`Content is dated, the newest ${Math.max(0, ageDays)} days before the scan (date read from ${newest.readFrom}).`, evidence);
  return {
    status: "warn",
    score: 0.6,
    detail: `The newest date found is ${newest.text} (date read from ${newest.readFrom}), ${Math.floor(ageDays / 30)} months before the scan: the content looks stale.`,
    evidence,
    fix,
  };
}

/** The newest lastmod of the sitemap and of each child sitemap read. */
function sitemapDates(artifacts: Artifacts): FoundDate[] {
  const sitemap = artifacts.sitemap;
  if (!sitemap?.ok) return [];
  const found: FoundDate[] = [];
  const add = (text: string | null | undefined, source: string) => {
    const parsed = text ? parseDateText(text) : null;
    if (text && parsed) found.push({ source, text, time: parsed.time, readFrom: `${source} ("${text}")` });
  };
  add(sitemap.newestLastmod, "sitemap lastmod");
  for (const child of sitemap.children ?? []) if (child.ok) add(child.newestLastmod, `sitemap lastmod (${pathOf(child.url)})`);
  return found;
}
