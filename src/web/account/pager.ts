import type { Paging } from "../../accounts/paging.ts";
import { html, type SafeHtml } from "../html.ts";

/**
 * "Page 2 of 7 (312 scans)" with newer/older links that keep the list's other query parameters.
 * Nothing when everything fits on one page.
 */
export function pager(paging: Paging, path: string, params: Record<string, string>, noun: string): SafeHtml | "" {
  if (paging.pages <= 1) return "";
  const href = (page: number) => {
    const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ""));
    if (page > 1) query.set("page", String(page));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  return html`<nav class="pager" aria-label="Pages">
${paging.page > 1 ? html`<a class="button secondary small" rel="prev" href="${href(paging.page - 1)}">← Newer</a>` : ""}
<span class="pager-where">Page ${paging.page} of ${paging.pages} (${paging.total} ${noun})</span>
${paging.page < paging.pages ? html`<a class="button secondary small" rel="next" href="${href(paging.page + 1)}">Older →</a>` : ""}
</nav>`;
}

/** "1 scan.", "3 scans.", or with a search "1 scan matches.", "3 scans match." */
export function countText(count: number, noun: string, searched: boolean): string {
  const counted = count === 1 ? `1 ${noun}` : `${count} ${noun}s`;
  return `${counted}${searched ? (count === 1 ? " matches" : " match") : ""}.`;
}
