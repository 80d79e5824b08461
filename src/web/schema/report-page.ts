import type { SchemaRecord } from "../../analyzers/schema/record-schema.ts";
import type { StoredScan } from "../../store/scans-repo.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { absoluteUrl, pageReportPath, reportJsonPath, reportPath, type PageContext } from "../page-context.ts";
import { scanForm } from "../scan-form.ts";
import { scanTime } from "../scan-time.ts";
import { generatedSection, itemsSection, limitsSection, problemsSection } from "./result-sections.ts";
import { nounFor, plural } from "../plural.ts";
import { explainFailure } from "../failure-explanation.ts";
import { failureCard } from "../failure-card.ts";
import type { ReportExtras, ReportPageParts } from "../service-web.ts";
import { analysedPagesSection, pagesJumpLink, shownPageOf } from "./analysed-pages-section.ts";

/**
 * The schema report page. Everything in the record may come from the scanned page (types, property
 * names, values quoted in messages, the items' JSON, the generated JSON-LD), so all of it goes through
 * `html` escaping and every link through `safeUrl`.
 */

type LooseRecord = Partial<SchemaRecord> & { domain: string; status: "ok" | "failed"; scannedAt: string };
type Result = NonNullable<SchemaRecord["result"]>;

export function renderSchemaReport(context: PageContext, scan: StoredScan, scanRunning: boolean, extras?: ReportExtras): ReportPageParts {
  const record = JSON.parse(scan.recordJson) as LooseRecord;
  const domain = record.domain || scan.domain;
  // Records are kept per page: this record's own address (`?url=`) is the canonical one.
  const shown = shownPageOf(scan, record.result?.page.url ?? null);
  const canonical = extras?.pages ? pageReportPath(domain, shown.page) : reportPath(domain);
  const result = record.status === "ok" ? (record.result ?? null) : null;
  const summary = result
    ? `${domain}: ${plural(result.summary.items, "structured data item")}, ${plural(result.summary.errors, "error")}, ${plural(result.summary.eligible, "rich result")} eligible`
    : `${domain}: the structured data scan failed`;
  const description = result ? `Structured data of ${result.page.finalUrl}: errors, rich-result eligibility and suggested JSON-LD.` : (record.reason ?? "The page could not be analysed.");

  const head = html`<meta property="og:type" content="website">
<meta property="og:site_name" content="${context.siteName}">
<meta property="og:title" content="${summary}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${absoluteUrl(context, canonical)}">
<link rel="canonical" href="${absoluteUrl(context, canonical)}">
<link rel="alternate" type="application/json" href="${reportJsonPath(domain)}">
${scanRunning ? html`<meta http-equiv="refresh" content="5">` : ""}`;

  const body = html`${hero(context, domain, record, result, shown.rescanUrl, extras?.pages ? canonical : undefined)}
${extras?.pages ? pagesJumpLink(domain, extras.pages) : ""}
${scanRunning ? html`<div class="notice info running-note"><p>A new scan of ${domain} is running. This page reloads every few seconds and shows the new report when it is stored.</p></div>` : ""}
${result ? html`${limitsSection(result.limits ?? [])}${problemsSection(result.problems ?? [])}
${itemsSection({ items: result.items ?? [], rules: result.rules, summary: result.summary }, "page", { page: extras?.itemsPage ?? 1, hrefOf: (n) => itemsPageHref(canonical, n) })}
${generatedSection(result.generated ?? [], "page")}` : ""}
${extras?.pages ? analysedPagesSection(context, domain, extras.pages, shown.page) : ""}`;

  return { title: `${summary} · ${context.siteName}`, description, head, body };
}

/** The report's own address with the page of items; the first page is the address itself. */
function itemsPageHref(canonical: string, page: number): string {
  if (page <= 1) return `${canonical}#items-title`;
  return `${canonical}${canonical.includes("?") ? "&" : "?"}items=${page}#items-title`;
}

function hero(context: PageContext, domain: string, record: LooseRecord, result: Result | null, rescanUrl: string, pagePath: string | undefined): SafeHtml {
  const actions = html`<div class="actions">
${scanForm({ mode: "rescan", domain: rescanUrl, buttonLabel: "Analyse this page", ...(pagePath ? { reportPath: pagePath } : {}) }, context.challenge, "rescan")}
<a class="button secondary" href="${reportJsonPath(domain)}" download="${domain}-structured-data.json" type="application/json">Download JSON</a>
<button class="button secondary" type="button" data-print hidden>Print or save as PDF</button>
</div>`;
  if (!result) {
    const reason = record.reason ?? "The page could not be analysed.";
    const failure = explainFailure(reason, domain);
    return html`<section class="report-hero grade-none" aria-labelledby="report-title">
<div><p class="eyebrow">Structured data report</p>
<h1 class="domain-title" id="report-title">The scan of ${domain} failed</h1>
<p class="failed-reason" data-cause="${failure.cause}">${failure.sentence}</p>
<p class="meta-line">Tried ${scanTime(record.scannedAt, context.now)}</p>
${actions}</div>
</section>
${failureCard(failure, reason, "When it is fixed, analyse the page again with the button above.")}`;
  }
  const counts = result.summary;
  return html`<section class="report-hero" aria-labelledby="report-title">
<div><p class="eyebrow">Structured data report</p>
<h1 class="domain-title" id="report-title">${domain}</h1>
<p class="page-url">Page: <a href="${safeUrl(result.page.finalUrl)}" rel="nofollow noopener noreferrer">${result.page.finalUrl}</a>${result.page.title ? html` — ${result.page.title}` : ""}</p>
<ul class="schema-summary">
<li><strong>${counts.items}</strong> ${nounFor(counts.items, "item")}${counts.formats.length > 0 ? html` (${counts.formats.join(", ")})` : ""}</li>
<li><strong>${counts.errors}</strong> ${nounFor(counts.errors, "error")}</li>
<li><strong>${counts.warnings}</strong> ${nounFor(counts.warnings, "warning")}</li>
<li><strong>${counts.eligible}</strong> ${nounFor(counts.eligible, "rich result")} eligible${counts.limited ? html` (${counts.limited} limited to some sites)` : ""}</li>
${counts.deprecated ? html`<li><strong>${counts.deprecated}</strong> no longer shown by Google</li>` : ""}
</ul>
<p class="meta-line">Scanned ${scanTime(record.scannedAt, context.now)}</p>
${actions}</div>
</section>`;
}
