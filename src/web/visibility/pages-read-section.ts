import type { VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { reportFold } from "./report-fold.ts";

type PageRead = NonNullable<VisibilityRecord["pages"]>[number];

const ROLE_WORDS: Record<string, string> = { homepage: "Homepage", about: "About page", contact: "Contact page", privacy: "Privacy page", content: "Content page" };
const SOURCE_WORDS: Record<string, string> = { request: "the domain asked for", homepage: "linked from the homepage", sitemap: "listed in the sitemap" };

/** "47 ms", "2.4 s", "1 min 5 s": how long gathering took, in words a client report can print. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The pages the scan read and how long it took; old records, which lack both, say so. */
export function pagesReadSection(pages: readonly PageRead[] | undefined, durationMs: number | null | undefined): SafeHtml {
  const took = typeof durationMs === "number" ? html` The scan took ${formatDuration(durationMs)}.` : "";
  return reportFold("pages", `Pages read${pages ? ` (${pages.length})` : ""}`, typeof durationMs === "number" ? `in ${formatDuration(durationMs)}` : "", html`${!pages
    ? html`<p class="muted">This record does not list the pages it read: it was scanned before sightline recorded them.${took}</p>`
    : html`<p class="muted">The homepage, robots.txt, llms.txt, the sitemap and these pages; the homepage was also fetched as each AI crawler.${took}</p>
<div class="table-scroll"><table class="pages-table">
<thead><tr><th scope="col">Page</th><th scope="col">Read as</th><th scope="col">Found</th><th scope="col">Answer</th></tr></thead>
<tbody>${pages.map((page) => html`<tr><td class="url-cell"><a href="${safeUrl(page.url)}" rel="nofollow noopener noreferrer">${page.url}</a></td><td>${ROLE_WORDS[page.role] ?? page.role}</td><td>${SOURCE_WORDS[page.source] ?? page.source}</td><td>${page.status === null ? html`<span class="status status-fail">failed</span> ${page.error ?? ""}` : `HTTP ${page.status}`}</td></tr>`)}</tbody>
</table></div>`}`);
}
