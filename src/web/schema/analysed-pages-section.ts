import type { AnalysedPage } from "../../reports/analysed-pages.ts";
import type { StoredScan } from "../../store/scans-repo.ts";
import { html, type SafeHtml } from "../html.ts";
import { pageReportPath, type PageContext } from "../page-context.ts";
import { plural } from "../plural.ts";
import { scanTime } from "../scan-time.ts";

/**
 * The page a schema record belongs to: its key (the URL the scan was queued with, null for the
 * homepage) and the URL to analyse it again with. Rows read without their page (older readers) fall
 * back to the page the record says it fetched.
 */
export function shownPageOf(scan: StoredScan, fetchedUrl: string | null): { page: string | null; rescanUrl: string } {
  if (scan.pageUrl !== undefined) return { page: scan.pageUrl, rescanUrl: scan.pageUrl ?? scan.domain };
  return { page: null, rescanUrl: fetchedUrl ?? scan.domain };
}

/** Near the top of a report: how many pages of the domain have reports, linking to their list below. */
export function pagesJumpLink(domain: string, pages: readonly AnalysedPage[]): SafeHtml {
  if (pages.length < 2) return html``;
  return html`<p class="pages-jump"><a href="#pages-title">${plural(pages.length, "page")} of ${domain} analysed</a>: each keeps its own report.</p>`;
}

/** The domain's analysed pages, most recently scanned first, each linking to its own report; the one shown is marked. */
export function analysedPagesSection(context: PageContext, domain: string, pages: readonly AnalysedPage[], shown: string | null): SafeHtml {
  if (pages.length === 0) return html``;
  return html`<section aria-labelledby="pages-title" class="analysed-pages">
<h2 id="pages-title">Pages analysed on ${domain}</h2>
<p class="muted">Each page keeps its own reports. ${plural(pages.length, "page")}, the most recently analysed first.</p>
<ul class="page-list">${pages.map((page) => {
    const current = page.pageUrl === shown;
    return html`<li${current ? html` class="current"` : ""}><a href="${pageReportPath(domain, page.pageUrl)}"${current ? html` aria-current="page"` : ""}>${page.pageUrl ?? `Homepage of ${domain}`}</a>
<span class="muted"> · ${page.status === "failed" ? "last scan failed, " : ""}analysed ${scanTime(new Date(page.lastScannedAt).toISOString(), context.now)}${page.scans > 1 ? html` · ${plural(page.scans, "scan")}` : ""}</span></li>`;
  })}</ul>
</section>`;
}
