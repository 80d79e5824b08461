import type { ProbeArtifact } from "../../analyzers/visibility/gather/artifacts.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { reportPath, type PageContext } from "../page-context.ts";
import { renderScanPage } from "../page-shell.ts";
import { scanTime } from "../scan-time.ts";

/**
 * /report/:domain/agents: the homepage as each probed AI agent got it, beside the browser (issue 28): the
 * status, the headers that show content type, caching, CDN and bot protection, the size, the words and the
 * title it received. Everything comes from the scanned site (headers, titles), so all of it is escaped text.
 */
export const AGENTS_PATH_SUFFIX = "/agents";

export function agentViewPath(domain: string): string {
  return `${reportPath(domain)}${AGENTS_PATH_SUFFIX}`;
}

export function renderAgentViewPage(context: PageContext, domain: string, scannedAt: string, probes: readonly ProbeArtifact[] | null): string {
  // The browser first, as the reference every agent is read against.
  const ordered = probes ? [...probes].sort((a, b) => (a.agent === "browser" ? -1 : b.agent === "browser" ? 1 : 0)) : null;
  const browser = ordered?.find((probe) => probe.agent === "browser" && probe.ok) as Extract<ProbeArtifact, { ok: true }> | undefined;
  const body = html`<section aria-labelledby="agents-title">
<p class="eyebrow">AI visibility report · <a href="${reportPath(domain)}">${domain}</a></p>
<h1 id="agents-title" class="domain-title">The homepage as each AI agent got it</h1>
<p class="lead">Scanned ${scanTime(scannedAt, context.now)}. The same homepage, asked for by each AI crawler's user agent and by a browser: what answered, and how much of the page came back.</p>
${ordered === null || ordered.length === 0
    ? html`<p class="muted">This scan kept no record of what each agent received (it ran before probes were stored, or was re-scored from a scan without them).</p>`
    : html`<div class="agent-cards">${ordered.map((probe) => agentCard(probe, browser ?? null))}</div>`}
<p><a href="${reportPath(domain)}">Back to the report</a></p>
</section>`;
  return renderScanPage(context, { title: `What each AI agent got from ${domain} · ${context.siteName}`, description: `The homepage of ${domain} as each AI crawler received it, beside a browser.`, head: html`<meta name="robots" content="noindex">`, body });
}

function agentCard(probe: ProbeArtifact, browser: Extract<ProbeArtifact, { ok: true }> | null): SafeHtml {
  const name = probe.agent === "browser" ? "Browser" : probe.agent;
  if (!probe.ok) {
    return html`<article class="card agent-card agent-failed" data-agent="${probe.agent}">
<h2>${name} <span class="status status-fail">no answer</span></h2>
<p>${probe.error.message}</p>
<p class="muted agent-ua"><code>${probe.userAgent}</code></p>
</article>`;
  }
  const blocked = probe.status >= 400 || probe.challengeMarker !== null;
  const fewer = browser && probe.agent !== "browser" && browser.words > 0 && probe.words < browser.words / 2;
  return html`<article class="card agent-card" data-agent="${probe.agent}">
<h2>${name} <span class="status status-${blocked ? "fail" : fewer ? "warn" : "pass"}">HTTP ${probe.status}</span></h2>
<dl class="agent-facts">
<dt>Words received</dt><dd data-words>${probe.words}${fewer ? html` <span class="muted">(the browser got ${browser!.words})</span>` : ""}</dd>
<dt>Size</dt><dd>${probe.bytes} bytes${probe.truncated ? " (cut at the size limit)" : ""}</dd>
<dt>Title</dt><dd data-title>${probe.title ?? html`<span class="muted">none</span>`}</dd>
${probe.challengeMarker ? html`<dt>Challenge page</dt><dd>${probe.challengeMarker}</dd>` : ""}
${probe.finalUrl !== probe.url ? html`<dt>Ended at</dt><dd class="url-cell"><a href="${safeUrl(probe.finalUrl)}" rel="nofollow noopener noreferrer">${probe.finalUrl}</a></dd>` : ""}
${probe.signed ? html`<dt>Signed</dt><dd>Web Bot Auth signature sent</dd>` : ""}
</dl>
${probe.textStart !== undefined ? html`<p class="agent-text-label">The text it got, from the start:</p><blockquote class="agent-text" data-text>${probe.textStart === "" ? html`<span class="muted">no visible text</span>` : probe.textStart}</blockquote>` : ""}
${Object.keys(probe.headers).length === 0
    ? html`<p class="muted">No content, cache, CDN or bot-protection header answered.</p>`
    : html`<details><summary>Headers (${Object.keys(probe.headers).length})</summary><ul class="evidence">${Object.entries(probe.headers).map(([header, value]) => html`<li><code>${header}: ${value}</code></li>`)}</ul></details>`}
<p class="muted agent-ua"><code>${probe.userAgent}</code></p>
</article>`;
}
