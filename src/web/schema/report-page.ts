import type { SchemaRecord, StructuredItem } from "../../analyzers/schema/record-schema.ts";
import type { StoredScan } from "../../store/scans-repo.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { absoluteUrl, pageReportPath, reportJsonPath, reportPath, type PageContext } from "../page-context.ts";
import { scanForm } from "../scan-form.ts";
import { scanTime } from "../scan-time.ts";
import { richResultVerdicts } from "./rich-result-verdicts.ts";
import { itemTitle } from "./item-title.ts";
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
${itemsSection(result.items ?? [])}
${generatedSection(result.generated ?? [])}` : ""}
${extras?.pages ? analysedPagesSection(context, domain, extras.pages, shown.page) : ""}`;

  return { title: `${summary} · ${context.siteName}`, description, head, body };
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

function limitsSection(limits: NonNullable<Result["limits"]>): SafeHtml {
  if (limits.length === 0) return html``;
  return html`<section aria-labelledby="limits-title">
<h2 id="limits-title">What was not read in full</h2>
<ul class="problems">${limits.map((notice) => html`<li class="card"><p>${notice.message}</p></li>`)}</ul>
</section>`;
}

function problemsSection(problems: Result["problems"]): SafeHtml {
  if (problems.length === 0) return html``;
  return html`<section aria-labelledby="problems-title">
<h2 id="problems-title">Blocks that could not be read</h2>
<ul class="problems">${problems.map((problem) => html`<li class="card"><h3><code>${problem.path}</code> <span class="status status-fail">unreadable</span></h3><p>${problem.message}</p></li>`)}</ul>
</section>`;
}

function itemsSection(items: readonly StructuredItem[]): SafeHtml {
  return html`<section aria-labelledby="items-title">
<h2 id="items-title">Structured data found</h2>
${items.length === 0 ? html`<p>The page has no JSON-LD, Microdata or RDFa items.</p>` : html`<ol class="schema-items">${items.map(itemCard)}</ol>`}
</section>`;
}

function itemCard(item: StructuredItem, index: number): SafeHtml {
  const status = item.errors.length > 0 ? "fail" : item.warnings.length > 0 ? "warn" : "pass";
  const dataId = `item-data-${index + 1}`;
  return html`<li class="card schema-item">
<h3>${itemTitle(item.type)} <span class="status status-${status}">${plural(item.errors.length, "error")}, ${plural(item.warnings.length, "warning")}</span></h3>
<p class="muted">${item.format} · <code>${item.path}</code>${item.id ? html` · <code>${item.id}</code>` : ""}</p>
${issueList("Errors", "fail", item.errors)}
${issueList("Warnings", "warn", item.warnings)}
${richResultVerdicts(item.eligibility, item.errors.length > 0)}
<details><summary>The item as read</summary><pre><code id="${dataId}">${item.data}</code></pre></details>
</li>`;
}

function issueList(title: string, status: string, issues: StructuredItem["errors"]): SafeHtml {
  if (issues.length === 0) return html``;
  return html`<h4>${title}</h4><ul class="issues-${status}">${issues.map((issue) => html`<li>${issue.property ? html`<code>${issue.property}</code>: ` : ""}${issue.message}</li>`)}</ul>`;
}

function generatedSection(generated: Result["generated"]): SafeHtml {
  return html`<section aria-labelledby="generated-title">
<h2 id="generated-title">Suggested JSON-LD</h2>
${generated.length === 0
    ? html`<p>Nothing to add: the page already marks up what it shows, or shows nothing the generator recognises.</p>`
    : html`<p class="muted">Built only from what the page states. Check the values, then paste the block into the page's HTML.</p>
<ol class="generated">${generated.map(generatedCard)}</ol>`}
</section>`;
}

/** One suggestion: what each node is and why, then the one block to paste, whose copy button copies only the code. */
function generatedCard(entry: Result["generated"][number], index: number): SafeHtml {
  const id = `generated-${index + 1}`;
  // Records stored before `script` was added hold the JSON alone.
  const snippet = entry.script ?? `<script type="application/ld+json">\n${entry.jsonLd}\n</script>`;
  return html`<li class="card"><h3>${entry.type}</h3>
${entry.nodes ? generatedNodes(entry.nodes, entry.linksTo ?? []) : html`<p>${entry.reason}</p>`}
<div class="copyable"><pre><code id="${id}">${snippet}</code></pre><button class="button small secondary copy" type="button" data-copy-target="${id}" hidden>Copy</button></div></li>`;
}

function generatedNodes(nodes: NonNullable<Result["generated"][number]["nodes"]>, linksTo: readonly string[]): SafeHtml {
  // The pasted block stays the card's only <code>: the copy button and readers of the page look for it.
  return html`<p>One graph of ${plural(nodes.length, "node")}, joined by @id.${linksTo.length > 0 ? html` It links to ${plural(linksTo.length, "node")} the page already declares (${linksTo.join(", ")}): paste it into this page, where they resolve.` : ""}</p>
<ul class="generated-nodes">${nodes.map(
    (node) => html`<li><strong>${node.type}</strong> (${node.id}): ${node.reason}${node.richResults.length > 0 ? html` <span class="muted">Built for: ${node.richResults.join(", ")}.</span>` : ""}</li>`,
  )}</ul>`;
}
