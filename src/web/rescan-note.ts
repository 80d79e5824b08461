import type { RunningScan } from "../reports/running-scan.ts";
import { html, type SafeHtml } from "./html.ts";
import { reportJsonPath } from "./page-context.ts";

export const RESCAN_REFRESH_SECONDS = 5;

/**
 * The notice on a report while a newer scan of the domain runs: its step and a bar of steps done.
 * Without JavaScript the page reloads itself (a <meta refresh> inside <noscript>, see rescanRefresh);
 * with it, site.js polls the report endpoint, whose 200 carries the running scan as `scan`, updates
 * this notice in place, and swaps in the new report once it is stored: the page never flickers.
 * site.js finds the parts by their data attributes; keep the two alike.
 */
export function rescanNote(domain: string, shownScannedAt: string, running: RunningScan | null): SafeHtml {
  const progress = running?.progress ?? null;
  return html`<div class="notice info running-note" data-rescan-note data-report="${reportJsonPath(domain)}" data-shown="${shownScannedAt}">
<div class="progress-head"><span class="spinner" aria-hidden="true"></span><strong data-rescan-title>A new scan of ${domain} is running</strong></div>
<div class="scan-progress">
<label for="rescan-progress-bar" data-rescan-label>${progress ? `Scan progress: ${progress.done} of ${progress.total} steps done` : "Scan progress"}</label>
${progress
    ? html`<progress id="rescan-progress-bar" max="${progress.total}" value="${progress.done}">${progress.done} of ${progress.total} steps done</progress>`
    : html`<progress id="rescan-progress-bar"></progress>`}
<p class="scan-step" aria-live="polite" data-rescan-step>${stepText(running)}</p>
</div>
<p class="muted" data-rescan-hint>The report below is the previous one. This page shows the new report as soon as it is stored<noscript> (it reloads every ${RESCAN_REFRESH_SECONDS} seconds)</noscript>.</p>
</div>`;
}

/** The no-JavaScript reload, for the page's head: inside <noscript>, so that a page with site.js is never reloaded under the reader. */
export function rescanRefresh(): SafeHtml {
  return html`<noscript><meta http-equiv="refresh" content="${RESCAN_REFRESH_SECONDS}"></noscript>`;
}

function stepText(running: RunningScan | null): string {
  if (!running || running.state === "queued") return "Queued: the scan starts as soon as a worker is free.";
  return running.progress?.step ?? "Starting…";
}
