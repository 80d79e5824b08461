import type { SchemaResult, StructuredItem } from "../../analyzers/schema/record-schema.ts";
import { html, type SafeHtml } from "../html.ts";
import { nounFor, plural } from "../plural.ts";
import { itemTitle } from "./item-title.ts";
import { richResultVerdicts } from "./rich-result-verdicts.ts";

/** Items shown on one page of a report or a paste's result; the rest are a link (report) or counted (paste) away. */
export const ITEMS_PER_PAGE = 50;

/** Which page of the items to show, and where the other pages are; without it the first page shows. */
export interface ItemsPaging {
  /** 1-based; a page past the last shows the last. */
  page: number;
  /** The address of another page of items (a report page's own address with `items=`). */
  hrefOf(page: number): string;
}

/**
 * The sections of a schema analysis, shared by the report page (a stored record of a scanned page) and
 * the paste page (markup someone pasted). Everything here comes from the analysed markup, so all of it
 * goes through `html` escaping.
 */

/** Where the analysed markup came from, for the sentences that name it. */
export type MarkupSource = "page" | "pasted";

const WORDING = {
  page: {
    noItems: "The page has no JSON-LD, Microdata or RDFa items.",
    builtFrom: "Built only from what the page states. Check the values, then paste the block into the page's HTML.",
  },
  pasted: {
    noItems: "The markup holds no JSON-LD, Microdata or RDFa items.",
    builtFrom: "Built only from what the pasted page states. Check the values, then paste the block into the page's HTML.",
  },
} as const;

/** The whole analysis of pasted markup: counts, then the sections a report shows. */
export function resultSections(result: SchemaResult): SafeHtml {
  return html`${summaryList(result.summary)}
${limitsSection(result.limits ?? [])}
${problemsSection(result.problems)}
${itemsSection(result, "pasted")}
${result.generated.length > 0 ? generatedSection(result.generated, "pasted") : ""}`;
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

export function limitsSection(limits: NonNullable<SchemaResult["limits"]>): SafeHtml {
  if (limits.length === 0) return html``;
  return html`<section aria-labelledby="limits-title">
<h2 id="limits-title">What was not read in full</h2>
<ul class="problems">${limits.map((notice) => html`<li class="card"><p>${notice.message}</p></li>`)}</ul>
</section>`;
}

export function problemsSection(problems: SchemaResult["problems"]): SafeHtml {
  if (problems.length === 0) return html``;
  return html`<section aria-labelledby="problems-title">
<h2 id="problems-title">Blocks that could not be read</h2>
<ul class="problems">${problems.map((problem) => html`<li class="card"><h3><code>${problem.path}</code> <span class="status status-fail">unreadable</span></h3><p>${problem.message}</p></li>`)}</ul>
</section>`;
}

/**
 * One page of the listed items (ITEMS_PER_PAGE), with links to the other pages when there is a place to
 * link to, and a line for items the record counts but does not list (its size cap).
 */
export function itemsSection(result: Pick<SchemaResult, "items" | "rules" | "summary">, source: MarkupSource, paging?: ItemsPaging): SafeHtml {
  const items = result.items;
  const pages = Math.max(1, Math.ceil(items.length / ITEMS_PER_PAGE));
  const page = Math.min(Math.max(1, paging?.page ?? 1), pages);
  const first = (page - 1) * ITEMS_PER_PAGE;
  const shown = items.slice(first, first + ITEMS_PER_PAGE);
  const unlisted = result.summary.items - items.length;
  const card = (item: StructuredItem, index: number) => itemCard(item, first + index, result.rules);
  return html`<section aria-labelledby="items-title">
<h2 id="items-title">Structured data found</h2>
${items.length === 0 && unlisted <= 0 ? html`<p>${WORDING[source].noItems}</p>` : ""}
${items.length > ITEMS_PER_PAGE ? html`<p class="muted items-range">Items ${first + 1}–${first + shown.length} of ${items.length} listed.</p>` : ""}
${shown.length > 0 ? html`<ol class="schema-items" start="${first + 1}">${shown.map(card)}</ol>` : ""}
${pages > 1 ? itemsPager(page, pages, items.length, paging) : ""}
${unlisted > 0 ? html`<p class="notice info items-unlisted">${plural(unlisted, "more item")} ${unlisted === 1 ? "was" : "were"} checked and counted above, but not listed: the record lists the first ${items.length}.</p>` : ""}
</section>`;
}

function itemsPager(page: number, pages: number, listed: number, paging: ItemsPaging | undefined): SafeHtml {
  if (!paging) return html`<p class="muted">Showing the first ${ITEMS_PER_PAGE} items; the JSON answer of <code>POST /api/check</code> lists all ${listed}.</p>`;
  const link = (target: number, label: string, rel: string) => html`<a class="button small secondary" rel="${rel}" href="${paging.hrefOf(target)}">${label}</a>`;
  return html`<nav class="pager items-pager" aria-label="Pages of items">
${page > 1 ? link(page - 1, "Previous items", "prev") : ""}
<span class="muted">Page ${page} of ${pages}</span>
${page < pages ? link(page + 1, "Next items", "next") : ""}
</nav>`;
}

function itemCard(item: StructuredItem, index: number, rules: SchemaResult["rules"]): SafeHtml {
  const status = item.errors.length > 0 ? "fail" : item.warnings.length > 0 ? "warn" : "pass";
  return html`<li class="card schema-item">
<h3>${itemTitle(item.type)} <span class="status status-${status}">${plural(item.errors.length, "error")}, ${plural(item.warnings.length, "warning")}</span></h3>
<p class="muted">${item.format} · <code>${item.path}</code>${item.id ? html` · <code>${item.id}</code>` : ""}</p>
${issueList("Errors", "fail", item.errors)}
${issueList("Warnings", "warn", item.warnings)}
${richResultVerdicts(item.eligibility, item.errors.length > 0, rules)}
<details><summary>The item as read</summary><pre><code id="item-data-${index + 1}">${item.data}</code></pre></details>
</li>`;
}

function issueList(title: string, status: string, issues: StructuredItem["errors"]): SafeHtml {
  if (issues.length === 0) return html``;
  return html`<h4>${title}</h4><ul class="issues-${status}">${issues.map((issue) => html`<li>${issue.property ? html`<code>${issue.property}</code>: ` : ""}${issue.message}</li>`)}</ul>`;
}

export function generatedSection(generated: SchemaResult["generated"], source: MarkupSource): SafeHtml {
  return html`<section aria-labelledby="generated-title">
<h2 id="generated-title">Suggested JSON-LD</h2>
${generated.length === 0
    ? html`<p>Nothing to add: the page already marks up what it shows, or shows nothing the generator recognises.</p>`
    : html`<p class="muted">${WORDING[source].builtFrom}</p>
<ol class="generated">${generated.map(generatedCard)}</ol>`}
</section>`;
}

/** One suggestion: what each node is and why, then the one block to paste, whose copy button copies only the code. */
function generatedCard(entry: SchemaResult["generated"][number], index: number): SafeHtml {
  const id = `generated-${index + 1}`;
  // Records stored before `script` was added hold the JSON alone.
  const snippet = entry.script ?? `<script type="application/ld+json">\n${entry.jsonLd}\n</script>`;
  return html`<li class="card"><h3>${entry.type}</h3>
${entry.nodes ? generatedNodes(entry.nodes, entry.linksTo ?? []) : html`<p>${entry.reason}</p>`}
<div class="copyable"><pre><code id="${id}">${snippet}</code></pre><button class="button small secondary copy" type="button" data-copy-target="${id}" hidden>Copy</button></div></li>`;
}

function generatedNodes(nodes: NonNullable<SchemaResult["generated"][number]["nodes"]>, linksTo: readonly string[]): SafeHtml {
  // The pasted block stays the card's only <code>: the copy button and readers of the page look for it.
  return html`<p>One graph of ${plural(nodes.length, "node")}, joined by @id.${linksTo.length > 0 ? html` It links to ${plural(linksTo.length, "node")} the page already declares (${linksTo.join(", ")}): paste it into this page, where they resolve.` : ""}</p>
<ul class="generated-nodes">${nodes.map(
    (node) => html`<li><strong>${node.type}</strong> (${node.id}): ${node.reason}${node.richResults.length > 0 ? html` <span class="muted">Built for: ${node.richResults.join(", ")}.</span>` : ""}</li>`,
  )}</ul>`;
}
