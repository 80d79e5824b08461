import type { RunResults } from "../../answers/answer-results.ts";
import { ENGINE_APIS, ENGINE_NAMES, type EngineName } from "../../answers/engine.ts";
import { describeShare } from "../../answers/statistics/wilson-interval.ts";
import type { WatchRow } from "../../store/answer-watches-repo.ts";
import type { AlertSettingsRow, DeliveryRow } from "../../store/alerts-repo.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { renderAccountPage } from "./account-layout.ts";
import { citedPages, type VerdictIndex } from "../../reports/cited-page-verdicts.ts";
import { isSameSite, siteOfHost } from "../../answers/source-domain.ts";
import type { AnswerAnalysis } from "../../answers/analyze-answer.ts";
import { reportPath } from "../page-context.ts";

/**
 * "AI answers" for a signed-in account: its watched domains, and for one of them the latest finished
 * run, per engine and prompt, with the answers' sources. Everything shown comes from the engines and
 * the sites they cite, so all of it is escaped; source links are rel="nofollow noopener" and only
 * http(s). The page says which API each engine was asked through: API answers can differ from the apps.
 */
export function answersListPage(email: string, watches: readonly WatchRow[]): string {
  const body = html`<section>
<h1>AI answers</h1>
<p class="muted">Signed in as ${email}. Watch domains and their prompts through the API (<code>/api/answers</code>, with a key of this account).</p>
${watches.length === 0
    ? html`<p>You watch no domain yet.</p>`
    : html`<ul>${watches.map((watch) => html`<li><a href="/account/answers/${String(watch.id)}">${watch.domain}</a> <span class="muted">(${watch.schedule === "none" ? "runs on request" : `runs ${watch.schedule}`})</span></li>`)}</ul>`}
</section>`;
  return renderAccountPage({ title: "AI answers", body });
}

export function answersWatchPage(watch: WatchRow, results: RunResults | null, alerts: AlertSettingsRow | null = null, deliveries: readonly DeliveryRow[] = [], verdicts: VerdictIndex | null = null): string {
  const apis = html`<ul>${ENGINE_NAMES.map((name) => html`<li><strong>${name}</strong>: ${ENGINE_APIS[name]}</li>`)}</ul>`;
  const body = html`<section>
<h1>AI answers: ${watch.domain}</h1>
<p><a href="/account/answers">All watched domains</a></p>
<p>Each prompt is asked of each engine through its API with web search on; answers vary, so each is asked ${String(watch.samples)} time${watch.samples === 1 ? "" : "s"} and the shares carry a 95% interval. <strong>API answers can differ from what the ChatGPT, Claude, Gemini and Perplexity apps show.</strong></p>
<details><summary>Which API each engine is asked through</summary>${apis}</details>
<p class="muted">Brand names looked for: ${watch.brandNames.join(", ")}${watch.competitors.length > 0 ? html`. Competitors: ${watch.competitors.join(", ")}` : ""}.</p>
${results === null ? html`<p>No run has finished yet.</p>` : resultsSection(results, watch, verdicts)}
${alertsSection(alerts, deliveries)}
</section>`;
  return renderAccountPage({ title: `AI answers · ${watch.domain}`, body });
}

/** Where alerts go and the delivery log: status, attempts, last error. The webhook's secret is never shown. */
function alertsSection(alerts: AlertSettingsRow | null, deliveries: readonly DeliveryRow[]): SafeHtml {
  const channels = [alerts?.webhookUrl ? html`webhook <code>${alerts.webhookUrl}</code>` : null, alerts?.email ? html`email to your address` : null].filter((channel) => channel !== null);
  const time = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16);
  return html`<h2>Alerts</h2>
<p>${channels.length === 0 ? html`No alerts are set. Set them with <code>PUT /api/answers/watches/:id/alerts</code>.` : html`Alerts go to ${channels.map((channel, index) => html`${index > 0 ? " and " : ""}${channel}`)} when the grade drops, a platform stops reading the site or a template, or a prompt group's citation share falls by more than ${String(alerts?.shareDropPoints ?? 20)} points.`}</p>
${deliveries.length === 0
    ? html`<p class="muted">No alert sent yet.</p>`
    : html`<table><caption>Deliveries (newest first)</caption><thead><tr><th scope="col">Queued</th><th scope="col">Channel</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Last error</th></tr></thead><tbody>
${deliveries.map(
  (delivery) => html`<tr><td>${time(delivery.createdAt)}</td><td>${delivery.channel}</td><td>${delivery.state === "pending" ? `retrying at ${time(delivery.nextAttemptAt)}` : delivery.state}</td><td>${String(delivery.attempts)}${delivery.attemptLog.length > 0 ? ` (${delivery.attemptLog.map((entry) => entry.status ?? "no answer").join(", ")})` : ""}</td><td>${delivery.lastStatus === null ? "-" : String(delivery.lastStatus)}</td><td>${delivery.lastError ?? "-"}</td></tr>`,
)}
</tbody></table>`}`;
}

function resultsSection(results: RunResults, watch: WatchRow, verdicts: VerdictIndex | null): SafeHtml {
  return html`<h2>Latest run</h2>
<p class="muted">Finished ${results.finishedAt ?? "-"}, ${results.startedBy === "schedule" ? "on schedule" : "on request"}; cost $${results.costUsd.toFixed(4)}.</p>
<table><caption>Per engine</caption><thead><tr><th scope="col">Engine</th><th scope="col">Cited</th><th scope="col">Mentioned</th><th scope="col">Mean position</th><th scope="col">Unavailable</th><th scope="col">Other domains cited</th></tr></thead><tbody>
${results.byEngine.map(
  ({ engine, shares }) => html`<tr><td>${engine}</td><td>${describeShare(shares.cited, "cited")}</td><td>${describeShare(shares.mentioned, "mentioned")}</td><td>${shares.meanPosition === null ? "-" : shares.meanPosition.toFixed(1)}</td><td>${String(shares.unavailable)} of ${String(shares.samples)}</td><td>${shares.topOtherDomains.slice(0, 5).map((other) => `${other.domain} (${other.samples})`).join(", ")}</td></tr>`,
)}
</tbody></table>
${results.shareOfVoice.length > 1
    ? html`<table><caption>Share of voice</caption><thead><tr><th scope="col">Domain</th><th scope="col">Share of citations</th><th scope="col">Cited</th></tr></thead><tbody>${results.shareOfVoice.map(
        (entry) => html`<tr><td>${entry.domain}${entry.watched ? " (you)" : ""}</td><td>${entry.voice === null ? "-" : `${Math.round(entry.voice * 100)}%`}</td><td>${describeShare(entry.cited, "cited")}</td></tr>`,
      )}</tbody></table>`
    : ""}
<h2>Answers</h2>
${results.samples.map((sample) => {
  const result = sample.result;
  const engine = result.engine as EngineName;
  if (result.status === "unavailable") return html`<article class="card"><h3>${sample.prompt}</h3><p class="muted">${engine}, sample ${String(sample.sample)}: unavailable (${result.reason}). ${result.detail}</p></article>`;
  const analysis = result.analysis;
  return html`<article class="card"><h3>${sample.prompt}</h3>
<p class="muted">${engine} (${result.model}), sample ${String(sample.sample)}, ${result.askedAt}: ${analysis.cited ? `cited at position ${analysis.position}` : "not cited"}; ${analysis.mentioned ? "brand mentioned" : "brand not mentioned"}.</p>
<blockquote>${analysis.text}${analysis.textCut ? " …" : ""}</blockquote>
<ol>${analysis.sources.map((source) => html`<li><a href="${safeUrl(source.url)}" rel="nofollow noopener" referrerpolicy="no-referrer">${source.title ?? source.host}</a> <span class="muted">${source.host}, ${source.kind}</span></li>`)}</ol>
${ownPages(watch.domain, analysis, verdicts)}
${competitorPages(watch, analysis)}
</article>`;
})}`;
}

/** The domain's cited pages, each with its verdict from the latest site-wide scan, linked to the report's pages table. */
function ownPages(domain: string, analysis: AnswerAnalysis, verdicts: VerdictIndex | null): SafeHtml {
  if (analysis.domainUrls.length === 0) return html``;
  const pages = citedPages(analysis.domainUrls, verdicts ?? new Map());
  return html`<p>Your pages it cites:</p><ul class="cited-pages">${pages.map(({ url, verdict }) => html`<li><span class="url">${url}</span>: ${verdict
    ? html`<a href="${reportPath(domain)}?template=${encodeURIComponent(verdict.template)}#site-pages">${verdict.verdict}</a> <span class="muted">(${verdict.template}${verdict.findings[0] ? html`; ${verdict.findings[0].text}` : ""})</span>`
    : verdicts === null
      ? html`<span class="muted">no site-wide scan of ${domain} yet</span>`
      : html`<span class="muted">not among the pages the latest scan sampled</span>`}</li>`)}</ul>`;
}

/** Where the domain is not cited but competitors are: the competitors' pages the answer cites instead. */
function competitorPages(watch: WatchRow, analysis: AnswerAnalysis): SafeHtml {
  if (analysis.cited || analysis.competitorsCited.length === 0) return html``;
  const sites = watch.competitors.map((competitor) => siteOfHost(competitor));
  const pages = analysis.sources.filter((source) => source.kind === "cited" && sites.some((site) => isSameSite({ host: source.host, domain: source.domain }, site)));
  if (pages.length === 0) return html``;
  return html`<p>Cited instead of your site: ${pages.map((source, index) => html`${index > 0 ? ", " : ""}<a href="${safeUrl(source.url)}" rel="nofollow noopener" referrerpolicy="no-referrer">${source.url}</a>`)}</p>`;
}
