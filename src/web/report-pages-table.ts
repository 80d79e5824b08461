import { AI_PLATFORMS } from "../analyzers/visibility/platforms.ts";
import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";
import { parsePagesQuery, type PagesQueryValue } from "../reports/page-verdict-query.ts";
import { pageVerdictsOfScan, VERDICT_WORDS, type PageVerdictFilters, type PageVerdictsPage } from "../reports/page-verdicts.ts";
import type { Db } from "../store/database.ts";
import { html, safeUrl, type SafeHtml } from "./html.ts";
import { reportPath } from "./page-context.ts";
import { reportFold } from "./visibility/report-fold.ts";

/**
 * The report's table of the verdict on each page a site-wide scan sampled: template, URL, verdict,
 * HTTP status, the AI platforms that cannot find or read it, and its findings; filtered by template,
 * status and platform through the query string (the names pages.json takes), a page of rows at a time.
 * Every URL, title and finding comes from the scanned site: all of it is escaped, links go through
 * safeUrl. At phone width the rows become cards (site.css), so the page never scrolls sideways.
 */

/** Rows per page of the table. */
const ROWS = 25;
const QUERY_NAMES = ["template", "status", "platform", "offset"] as const;
const PLATFORM_NAMES = new Map(AI_PLATFORMS.map((platform) => [platform.id, platform.name]));
const VERDICT_CLASSES: Record<string, string> = { sound: "pass", issues: "warn", failed: "fail", skipped: "unknown" };

export interface PagesTableView {
  page: PageVerdictsPage;
  filters: PageVerdictFilters;
  /** Why the filters asked for were ignored (a bad value in the query string), or null. */
  ignored: string | null;
}

/** The table's rows for the report's scan and query string; null when the record has no per-page verdicts. */
export async function readPagesTable(db: Db, scan: { id: number; scannedAt: number }, search: URLSearchParams): Promise<PagesTableView | null> {
  const asked = new URLSearchParams();
  for (const name of QUERY_NAMES) {
    const value = search.get(name);
    if (value !== null && value !== "") asked.set(name, value);
  }
  const parsed = parsePagesQuery(asked);
  const value: PagesQueryValue = parsed.ok ? parsed.value : { offset: 0, limit: ROWS };
  const filters: PageVerdictFilters = {
    ...(value.template !== undefined ? { template: value.template } : {}),
    ...(value.status !== undefined ? { status: value.status } : {}),
    ...(value.platform !== undefined ? { platform: value.platform } : {}),
  };
  const page = await pageVerdictsOfScan(db, scan, { ...filters, offset: value.offset, limit: ROWS });
  if (!page.siteWide) return null;
  return { page, filters, ignored: parsed.ok ? null : parsed.error };
}

export function reportPagesTable(domain: string, view: PagesTableView): SafeHtml {
  const { page, filters } = view;
  const rows = page.pagesJson.map((json) => JSON.parse(json) as PageVerdict);
  const filtered = filters.template !== undefined || filters.status !== undefined || filters.platform !== undefined;
  // Folded like the report's other sections (issue 28), and open when the reader filtered or paged it.
  const open = filtered || page.offset > 0 || view.ignored !== null;
  const templates = page.templates.length;
  return reportFold("site-pages", "Pages of the site", `${page.templates.reduce((sum, entry) => sum + entry.pages, 0)} pages from ${templates} ${templates === 1 ? "template" : "templates"}`, html`<p class="muted">The verdict on each page the scan sampled across the site's templates, the homepage first. <a href="/api/report/${encodeURIComponent(domain)}/pages.json">As JSON</a>.</p>
${filterForm(domain, page, filters)}
${view.ignored ? html`<p class="notice warn" role="status">Filters ignored: ${view.ignored}</p>` : ""}
${rows.length === 0
    ? html`<p>${filtered ? "No sampled page matches these filters." : "No pages were sampled."}</p>`
    : html`<p class="muted" role="status">${rangeText(page, rows.length)}</p>
<div class="table-scroll site-pages-scroll"><table class="site-pages-table">
<thead><tr><th scope="col">Template</th><th scope="col">Page</th><th scope="col">Verdict</th><th scope="col">Status</th><th scope="col">Cannot read it</th><th scope="col">Findings</th></tr></thead>
<tbody>${rows.map(row)}</tbody>
</table></div>
${pager(domain, page, filters)}`}`, { open });
}

function filterForm(domain: string, page: PageVerdictsPage, filters: PageVerdictFilters): SafeHtml {
  const status = filters.status === undefined ? "" : String(filters.status);
  return html`<form class="site-pages-filters" method="get" action="${reportPath(domain)}#site-pages">
<label>Template <select name="template"><option value="">All templates</option>${page.templates.map((entry) => html`<option value="${entry.template}"${entry.template === filters.template ? html` selected` : ""}>${entry.template} (${entry.pages})</option>`)}</select></label>
<label>Status <select name="status"><option value="">Any</option>${VERDICT_WORDS.map((word) => html`<option value="${word}"${word === status ? html` selected` : ""}>${word}</option>`)}${typeof filters.status === "number" ? html`<option value="${status}" selected>HTTP ${status}</option>` : ""}</select></label>
<label>Cannot be read by <select name="platform"><option value="">Any platform</option>${AI_PLATFORMS.map((platform) => html`<option value="${platform.id}"${platform.id === filters.platform ? html` selected` : ""}>${platform.name}</option>`)}</select></label>
<button class="button small" type="submit">Filter</button>
<a href="${reportPath(domain)}#site-pages">Clear</a>
</form>`;
}

function row(verdict: PageVerdict): SafeHtml {
  const unreached = verdict.reach.filter((reach) => reach.status === "blocked" || reach.status === "limited");
  return html`<tr>
<td data-label="Template"><code>${verdict.template}</code></td>
<td data-label="Page" class="url-cell"><a href="${safeUrl(verdict.url)}" rel="nofollow noopener noreferrer">${verdict.url}</a>${verdict.facts?.title ? html`<br><span class="muted">${verdict.facts.title}</span>` : ""}</td>
<td data-label="Verdict"><span class="status status-${VERDICT_CLASSES[verdict.verdict] ?? "unknown"}">${verdict.verdict}</span>${verdict.skipped ? html` <span class="muted">(${verdict.skipped})</span>` : ""}</td>
<td data-label="Status">${verdict.status === null ? html`<span class="muted">not fetched</span>` : `HTTP ${verdict.status}`}${verdict.redirects.length > 0 ? html`<br><span class="muted">after ${verdict.redirects.length} ${verdict.redirects.length === 1 ? "redirect" : "redirects"}</span>` : ""}</td>
<td data-label="Cannot read it">${unreached.length === 0 ? html`<span class="muted">none</span>` : html`<ul class="site-pages-list">${unreached.map((reach) => html`<li><strong>${PLATFORM_NAMES.get(reach.platform) ?? reach.platform}</strong>${reach.status === "limited" ? " (limited)" : ""}${reach.cause ? html`: ${reach.cause}` : ""}</li>`)}</ul>`}</td>
<td data-label="Findings">${verdict.findings.length === 0 ? html`<span class="muted">none</span>` : html`<ul class="site-pages-list">${verdict.findings.map((finding) => html`<li><span class="status status-${finding.severity}">${finding.severity}</span> ${finding.text}</li>`)}</ul>`}${verdict.error ? html`<p class="muted">${verdict.error}</p>` : ""}</td>
</tr>`;
}

function rangeText(page: PageVerdictsPage, shown: number): string {
  const pages = page.total === 1 ? "page" : "pages";
  return `Showing ${page.offset + 1}–${page.offset + shown} of ${page.total} ${pages}.`;
}

function pager(domain: string, page: PageVerdictsPage, filters: PageVerdictFilters): SafeHtml | "" {
  const previous = page.offset > 0 ? Math.max(0, page.offset - ROWS) : null;
  const next = page.offset + ROWS < page.total ? page.offset + ROWS : null;
  if (previous === null && next === null) return "";
  return html`<nav class="site-pages-pager" aria-label="Pages of the table">${previous !== null ? html`<a href="${pageHref(domain, filters, previous)}" rel="prev">Previous ${ROWS}</a>` : ""}${next !== null ? html` <a href="${pageHref(domain, filters, next)}" rel="next">Next ${Math.min(ROWS, page.total - next)}</a>` : ""}</nav>`;
}

function pageHref(domain: string, filters: PageVerdictFilters, offset: number): string {
  const search = new URLSearchParams();
  if (filters.template !== undefined) search.set("template", filters.template);
  if (filters.status !== undefined) search.set("status", String(filters.status));
  if (filters.platform !== undefined) search.set("platform", filters.platform);
  if (offset > 0) search.set("offset", String(offset));
  const query = search.toString();
  return `${reportPath(domain)}${query ? `?${query}` : ""}#site-pages`;
}
