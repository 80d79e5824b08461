import type { ScanProgressJson } from "../http/scan-in-progress.ts";
import { checksList, checksRun, checksTemplate } from "./checks-list.ts";
import { html, type SafeHtml } from "./html.ts";
import { reportJsonPath, reportPath, type PageContext } from "./page-context.ts";
import { renderScanPage } from "./page-shell.ts";
import { scanForm } from "./scan-form.ts";
import { scanTime } from "./scan-time.ts";
import type { ServiceWeb } from "./service-web.ts";

/**
 * The pages around a report: a scan in progress (refreshing itself, so it works without JavaScript),
 * a domain never scanned (with a scan button), a name that is not a domain, and the answers of the
 * no-JavaScript form post.
 */

export const PROGRESS_REFRESH_SECONDS = 3;

export function renderProgressPage(
  context: PageContext,
  web: ServiceWeb,
  domain: string,
  state: "queued" | "running",
  progress: ScanProgressJson | null = null,
  page?: { url: string; path: string },
): string {
  const address = page?.path ?? reportPath(domain);
  const body = html`<section aria-labelledby="progress-title">
<p class="eyebrow">${web.name} report</p>
<div class="progress-head"><span class="spinner" aria-hidden="true"></span><h1 class="domain-title" id="progress-title">${state === "queued" ? "Waiting to scan" : "Scanning"} ${domain}</h1></div>
<p class="lead">${state === "queued"
    ? "The scan is queued and starts as soon as a worker is free."
    : "The scan is running."} This page reloads every ${PROGRESS_REFRESH_SECONDS} seconds and shows the report as soon as it is stored. You can leave and come back to <a href="${address}">this address</a> at any time.</p>
${page ? html`<p class="page-url">Page: ${page.url}</p>` : ""}
${progress ? scanProgress(progress, "progress-page") : ""}
<section class="card" aria-labelledby="checks-title"><h2 id="checks-title">What is being checked</h2>${checksList(checksRun(web.checks, context))}</section>
</section>`;
  return renderScanPage(context, {
    title: `Scanning ${domain} · ${context.siteName}`,
    description: `A ${web.name} scan of ${domain} is under way.`,
    head: html`<meta http-equiv="refresh" content="${PROGRESS_REFRESH_SECONDS}"><meta name="robots" content="noindex">`,
    body,
  });
}

/** `page`: one page of the domain, asked for by `?url=` where records are kept per page (the schema service). */
export function renderNotScannedPage(context: PageContext, web: ServiceWeb, domain: string, page?: { url: string; path: string }): string {
  const subject = page?.url ?? domain;
  const body = html`<section aria-labelledby="missing-title">
<p class="eyebrow">${web.name} report</p>
<h1 class="domain-title" id="missing-title">${subject} has not been ${page ? "analysed" : "scanned"} yet</h1>
<p class="lead">There is no report for ${subject}. Scan it now: the page follows the scan step by step and opens the report when it is stored.</p>
${page ? html`<p><a href="${reportPath(domain)}">The latest report of ${domain}</a></p>` : ""}
${scanForm({ mode: "scan", domain: subject, buttonLabel: page ? "Analyse this page" : `Scan ${domain}`, ...(page ? { reportPath: page.path } : {}) }, context.challenge, "scan")}
</section>
${checksTemplate(checksRun(web.checks, context))}`;
  return renderScanPage(context, {
    title: `${domain}: not scanned yet · ${context.siteName}`,
    description: `${domain} has no ${web.name} report yet.`,
    head: html`<meta name="robots" content="noindex">`,
    body,
  });
}

export function renderNotADomainPage(context: PageContext, web: ServiceWeb, error: string): string {
  const body = html`<section aria-labelledby="bad-title">
<h1 id="bad-title">No report here</h1>
<p class="lead">This address does not name a domain that can be scanned: ${error}</p>
<p><a class="button" href="/">Scan a domain</a></p>
</section>`;
  return renderScanPage(context, { title: `Not found · ${context.siteName}`, description: `No ${web.name} report at this address.`, head: html`<meta name="robots" content="noindex">`, body });
}

/** The no-JavaScript form post could not start a scan: say why, and what to do instead. */
/** `stalePath`: where the stale report is, when not the domain's (one page's, where records are kept per page). */
export function renderNeedsJavaScriptPage(context: PageContext, web: ServiceWeb, domain: string, stale: { scannedAt: string } | null, stalePath?: string): string {
  const body = html`<section aria-labelledby="nojs-title">
<p class="eyebrow">${web.name} scan</p>
<h1 class="domain-title" id="nojs-title">Starting a scan of ${domain} needs JavaScript</h1>
<p class="lead">New scans are protected by a browser check, a small proof-of-work puzzle that keeps automated floods out without tracking anyone. It runs in JavaScript, so this form could only look for a report that is already stored${stale ? "" : ", and there is none for this domain yet"}.</p>
${stale ? html`<p><a class="button" href="${stalePath ?? reportPath(domain)}">See the report from ${scanTime(stale.scannedAt, context.now)}</a></p>` : ""}
<h2>To start a scan</h2>
<ul>
<li>Turn on JavaScript for this site and press the button again; or</li>
<li>use the API with an API key: <code>POST /api/scan</code> with <code>{"url":"${domain}"}</code>, then poll <a href="${reportJsonPath(domain)}"><code>${reportJsonPath(domain)}</code></a> (see <a href="/swagger">the API documentation</a>).</li>
</ul>
${scanForm({ mode: "scan", domain, buttonLabel: `Scan ${domain}` }, context.challenge, "scan")}
</section>`;
  return renderScanPage(context, { title: `Scanning ${domain} needs JavaScript · ${context.siteName}`, description: "Starting a scan needs the browser check.", head: html`<meta name="robots" content="noindex">`, body });
}

export function renderFormRefusalPage(context: PageContext, web: ServiceWeb, refusal: { domain: string | null; title: string; message: SafeHtml | string }): string {
  const body = html`<section aria-labelledby="refusal-title">
<p class="eyebrow">${web.name} scan</p>
<h1 id="refusal-title">${refusal.title}</h1>
<div class="notice error"><p>${refusal.message}</p></div>
${refusal.domain ? html`<p><a href="${reportPath(refusal.domain)}">The report page of ${refusal.domain}</a></p>` : ""}
<p><a class="button secondary" href="/">Back to the scan form</a></p>
</section>`;
  return renderScanPage(context, { title: `${refusal.title} · ${context.siteName}`, description: refusal.title, head: html`<meta name="robots" content="noindex">`, body });
}

/**
 * The running scan's step and a bar of its steps done: a labelled <progress> and a polite live region
 * for the step. site.js builds the same structure while it polls (keep the two alike).
 */
export function scanProgress(progress: ScanProgressJson, id: string): SafeHtml {
  return html`<div class="scan-progress">
<label for="${id}-bar">Scan progress: ${progress.done} of ${progress.total} steps done</label>
<progress id="${id}-bar" max="${progress.total}" value="${progress.done}">${progress.done} of ${progress.total} steps done</progress>
<p class="scan-step" aria-live="polite">${progress.step}</p>
</div>`;
}
