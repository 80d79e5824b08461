import type { SchemaResult, StructuredItem } from "../../analyzers/schema/record-schema.ts";
import { html, type SafeHtml } from "../html.ts";
import { nounFor, plural } from "../plural.ts";
import { itemTitle } from "./item-title.ts";
import { richResultVerdicts } from "./rich-result-verdicts.ts";

/**
 * The sections of a schema analysis shown on the paste page, in the report page's markup and classes
 * (src/web/schema/report-page.ts renders a stored record with the same cards). Everything here comes
 * from markup someone pasted, so all of it goes through `html` escaping.
 */

export function resultSections(result: SchemaResult): SafeHtml {
  return html`${summaryList(result.summary)}
${limitsSection(result.limits ?? [])}
${problemsSection(result.problems)}
${itemsSection(result.items)}
${generatedSection(result.generated)}`;
}

function summaryList(counts: SchemaResult["summary"]): SafeHtml {
  return html`<ul class="schema-summary">
<li><strong>${counts.items}</strong> ${nounFor(counts.items, "item")}${counts.formats.length > 0 ? html` (${counts.formats.join(", ")})` : ""}</li>
<li><strong>${counts.errors}</strong> ${nounFor(counts.errors, "error")}</li>
<li><strong>${counts.warnings}</strong> ${nounFor(counts.warnings, "warning")}</li>
<li><strong>${counts.eligible}</strong> ${nounFor(counts.eligible, "rich result")} eligible${counts.limited ? html` (${counts.limited} limited to some sites)` : ""}</li>
${counts.deprecated ? html`<li><strong>${counts.deprecated}</strong> no longer shown by Google</li>` : ""}
</ul>`;
}

function limitsSection(limits: NonNullable<SchemaResult["limits"]>): SafeHtml {
  if (limits.length === 0) return html``;
  return html`<section aria-labelledby="limits-title">
<h2 id="limits-title">What was not read in full</h2>
<ul class="problems">${limits.map((notice) => html`<li class="card"><p>${notice.message}</p></li>`)}</ul>
</section>`;
}

function problemsSection(problems: SchemaResult["problems"]): SafeHtml {
  if (problems.length === 0) return html``;
  return html`<section aria-labelledby="problems-title">
<h2 id="problems-title">Blocks that could not be read</h2>
<ul class="problems">${problems.map((problem) => html`<li class="card"><h3><code>${problem.path}</code> <span class="status status-fail">unreadable</span></h3><p>${problem.message}</p></li>`)}</ul>
</section>`;
}

function itemsSection(items: readonly StructuredItem[]): SafeHtml {
  return html`<section aria-labelledby="items-title">
<h2 id="items-title">Structured data found</h2>
${items.length === 0 ? html`<p>The markup holds no JSON-LD, Microdata or RDFa items.</p>` : html`<ol class="schema-items">${items.map(itemCard)}</ol>`}
</section>`;
}

function itemCard(item: StructuredItem, index: number): SafeHtml {
  const status = item.errors.length > 0 ? "fail" : item.warnings.length > 0 ? "warn" : "pass";
  return html`<li class="card schema-item">
<h3>${itemTitle(item.type)} <span class="status status-${status}">${plural(item.errors.length, "error")}, ${plural(item.warnings.length, "warning")}</span></h3>
<p class="muted">${item.format} · <code>${item.path}</code>${item.id ? html` · <code>${item.id}</code>` : ""}</p>
${issueList("Errors", "fail", item.errors)}
${issueList("Warnings", "warn", item.warnings)}
${richResultVerdicts(item.eligibility, item.errors.length > 0)}
<details><summary>The item as read</summary><pre><code id="item-data-${index + 1}">${item.data}</code></pre></details>
</li>`;
}

function issueList(title: string, status: string, issues: StructuredItem["errors"]): SafeHtml {
  if (issues.length === 0) return html``;
  return html`<h4>${title}</h4><ul class="issues-${status}">${issues.map((issue) => html`<li>${issue.property ? html`<code>${issue.property}</code>: ` : ""}${issue.message}</li>`)}</ul>`;
}

function generatedSection(generated: SchemaResult["generated"]): SafeHtml {
  if (generated.length === 0) return html``;
  return html`<section aria-labelledby="generated-title">
<h2 id="generated-title">Suggested JSON-LD</h2>
<p class="muted">Built only from what the pasted page states. Check the values, then paste the block into the page's HTML.</p>
<ol class="generated">${generated.map(generatedCard)}</ol>
</section>`;
}

function generatedCard(entry: SchemaResult["generated"][number], index: number): SafeHtml {
  const id = `generated-${index + 1}`;
  const snippet = entry.script ?? `<script type="application/ld+json">\n${entry.jsonLd}\n</script>`;
  const nodes = entry.nodes ?? [];
  return html`<li class="card"><h3>${entry.type}</h3>
${nodes.length > 0 ? html`<ul class="generated-nodes">${nodes.map((node) => html`<li><strong>${node.type}</strong> (${node.id}): ${node.reason}</li>`)}</ul>` : html`<p>${entry.reason}</p>`}
<div class="copyable"><pre><code id="${id}">${snippet}</code></pre><button class="button small secondary copy" type="button" data-copy-target="${id}" hidden>Copy</button></div></li>`;
}
