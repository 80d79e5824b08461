import type { Pillar, Signal, VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { gradeFor } from "../../analyzers/visibility/scoring/grades.ts";
import type { StoredScan } from "../../store/scans-repo.ts";
import { scoreBar, scoreGauge } from "../gauge.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { absoluteUrl, badgePath, reportJsonPath, reportPath, type PageContext } from "../page-context.ts";
import { scanForm } from "../scan-form.ts";
import { scanTime } from "../scan-time.ts";
import { explainFailure } from "../failure-explanation.ts";
import { failureCard } from "../failure-card.ts";
import { badgeEmbedAlt } from "../badge.ts";
import type { ReportExtras, ReportPageParts } from "../service-web.ts";
import { rescanNote, rescanRefresh } from "../rescan-note.ts";
import { historySection } from "./history-section.ts";
import { checkAnchor } from "./check-anchor.ts";
import { checkEntries, checksSection, statusClass } from "./checks-section.ts";
import { formatDuration, pagesReadSection } from "./pages-read-section.ts";
import { scoreArithmeticSection } from "./score-arithmetic-section.ts";
import { agentOfferingsSection } from "./agent-offerings-section.ts";
import { reportPagesTable } from "../report-pages-table.ts";
import { isAssessed } from "../../analyzers/visibility/scoring/score-explanation.ts";
import { reportFold } from "./report-fold.ts";
import { agentViewPath } from "./agent-view-page.ts";
import { glanceIssues, reachLine } from "./report-glance.ts";
import { AUDIENCE_SOURCES_ID, audienceSourcesBody } from "./audience-sources.ts";

/**
 * The visibility report page. Every string of the record may come from the scanned site (titles,
 * text, URLs, JSON-LD values reach it through signal details and evidence, issue details and fixes,
 * off-site details and URLs), so all of it goes through `html` escaping and every link through
 * `safeUrl`. Lists are rendered from the record's fields, in record order, so that new signals and
 * off-site sources show up without changes here.
 */

/** Older or newer records may lack a field; the page renders what is there. */
type LooseRecord = Partial<VisibilityRecord> & { domain: string; status: "ok" | "failed"; scannedAt: string };

export function renderVisibilityReport(context: PageContext, scan: StoredScan, scanRunning: boolean, extras?: ReportExtras): ReportPageParts {
  const record = JSON.parse(scan.recordJson) as LooseRecord;
  const domain = record.domain || scan.domain;
  const result = record.status === "ok" ? record.result ?? null : null;
  const summary = result
    ? `${domain} scores ${result.score}/100 (grade ${result.grade}) for AI visibility`
    : `${domain}: the AI visibility scan failed`;
  const description = result ? result.label : record.reason ?? "The site could not be scanned.";

  const head = html`${openGraph(context, domain, summary, description)}
<link rel="alternate" type="application/json" href="${reportJsonPath(domain)}">
${scanRunning ? rescanRefresh() : ""}`;

  // The first screen: score, grade, reach by platform and the top issues; every other section is folded
  // (report-fold.ts), so the report reads at a glance and each detail is one click away (issue 28).
  const body = html`${result ? okHero(context, domain, record, result) : failedHero(context, domain, record)}
${result ? html`${reachLine(record, agentViewPath(domain))}
${glanceIssues(result.topIssues ?? [])}` : ""}
${reportActions(context, domain)}
${scanRunning ? rescanNote(domain, record.scannedAt, extras?.running ?? null) : ""}
${result ? html`${checksSection(checkEntries(result.pillars ?? [], result.topIssues ?? []))}
${extras?.pagesTable ? reportPagesTable(domain, extras.pagesTable) : ""}
${pillarsSection(result.pillars ?? [])}
${scoreArithmeticSection(result)}` : ""}
${historySection(context, scan, extras?.timeline ?? null)}
${result ? html`${pagesReadSection(record.pages, record.durationMs)}
${agentOfferingsSection(record.agentOfferings)}
${offSiteSection(record.offSite ?? null)}
${reportFold(AUDIENCE_SOURCES_ID, "Where the audience shares come from", "", audienceSourcesBody())}` : ""}
${result ? badgeSection(context, domain, result.grade, result.score) : ""}`;

  return { title: `${summary} · ${context.siteName}`, description, head, body };
}

function openGraph(context: PageContext, domain: string, summary: string, description: string): SafeHtml {
  return html`<meta property="og:type" content="website">
<meta property="og:site_name" content="${context.siteName}">
<meta property="og:title" content="${summary}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${absoluteUrl(context, reportPath(domain))}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${summary}">
<meta name="twitter:description" content="${description}">
<link rel="canonical" href="${absoluteUrl(context, reportPath(domain))}">`;
}

function okHero(context: PageContext, domain: string, record: LooseRecord, result: NonNullable<VisibilityRecord["result"]>): SafeHtml {
  return html`<section class="report-hero grade-${result.grade}" aria-labelledby="report-title">
${scoreGauge(result.score, result.grade, result.label)}
<div>
<p class="eyebrow">AI visibility report</p>
<h1 class="domain-title" id="report-title">${domain}</h1>
<p class="grade-line"><span class="grade-chip" aria-hidden="true">${result.grade}</span><span><span class="visually-hidden">Grade ${result.grade}, score ${result.score} of 100: </span>${result.label}</span></p>
<p class="meta-line">Scanned ${scanTime(record.scannedAt, context.now)}${typeof record.durationMs === "number" ? ` in ${formatDuration(record.durationMs)}` : ""}${record.pages ? html` · <a href="#pages-title">${record.pages.length} ${record.pages.length === 1 ? "page" : "pages"} read</a>` : ""} · <a href="${safeUrl(`https://${domain}/`)}" rel="nofollow noopener noreferrer">Visit ${domain}</a></p>
${record.rescoredFrom ? html`<p class="meta-line rescored-line"><span class="tag rescored">re-scored</span> ${scanTime(record.rescoredFrom.rescoredAt, context.now)} by sightline ${record.rescoredFrom.version} from this scan's stored pages: nothing was fetched again.</p>` : ""}
<p class="print-only">Printed from ${absoluteUrl(context, reportPath(domain))} · scanned ${record.scannedAt.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC")}</p>
</div>
</section>`;
}

function failedHero(context: PageContext, domain: string, record: LooseRecord): SafeHtml {
  const reason = record.reason ?? "The site could not be scanned.";
  const failure = explainFailure(reason, domain);
  return html`<section class="report-hero grade-none" aria-labelledby="report-title">
<div class="grade-chip" aria-hidden="true">!</div>
<div>
<p class="eyebrow">AI visibility report</p>
<h1 class="domain-title" id="report-title">The scan of ${domain} failed</h1>
<p class="failed-reason" data-cause="${failure.cause}">${failure.sentence}</p>
<p class="meta-line">Tried ${scanTime(record.scannedAt, context.now)}</p>
</div>
</section>
${failureCard(failure, reason, "When it is fixed, scan again with the Rescan button below.")}`;
}

/** Rescan, download and print in one row under the first screen's content, on every report alike. */
function reportActions(context: PageContext, domain: string): SafeHtml {
  return html`<div class="actions report-actions">
${scanForm({ mode: "rescan", domain, buttonLabel: "Rescan now" }, context.challenge, "rescan")}
<a class="button secondary" href="${reportJsonPath(domain)}" download="${domain}-ai-visibility.json" type="application/json">Download JSON</a>
<button class="button secondary" type="button" data-print hidden>Print or save as PDF</button>
</div>`;
}

function gradeClass(score: number): string {
  return `grade-${gradeFor(score).grade}`;
}

function pillarsSection(pillars: readonly Pillar[]): SafeHtml {
  return reportFold("pillars", "Pillars", `${pillars.length} pillars, each scored 0–100`, html`<p class="muted">Each pillar is scored 0–100 from its signals; its weight decides how much it counts toward the overall score.</p>
<div class="pillars">${pillars.map(pillarCard)}</div>`);
}

function pillarCard(pillar: Pillar): SafeHtml {
  const signals = pillar.signals ?? [];
  const counts = countStatuses(signals);
  const applicable = isAssessed(pillar);
  return html`<article class="card pillar ${gradeClass(pillar.score)}" aria-labelledby="pillar-${pillar.id}">
<div class="pillar-head"><h3 id="pillar-${pillar.id}">${pillar.title}</h3><span class="pillar-score">${applicable ? html`${pillar.score}<span class="muted">/100</span>` : "n/a"}</span></div>
${scoreBar(applicable ? pillar.score : 0)}
<p class="pillar-meta">${applicable ? `Weight ${pillar.weight} · ${pillar.points} of ${pillar.weight} points` : `Weight ${pillar.weight} · not assessed, left out of the score`}</p>
<details>
<summary>${signals.length} ${signals.length === 1 ? "signal" : "signals"}${counts ? html` <span class="muted">(${counts})</span>` : ""}</summary>
<ul class="signals">${signals.map(signalItem)}</ul>
<p class="pillar-meta"><a href="#checks">All checks, with fixes and filters</a></p>
</details>
</article>`;
}

const STATUS_WORDS: Record<string, string> = { pass: "pass", warn: "warn", fail: "fail", na: "n/a", unknown: "unknown" };

function countStatuses(signals: readonly Signal[]): string {
  const counts = new Map<string, number>();
  for (const signal of signals) counts.set(signal.status, (counts.get(signal.status) ?? 0) + 1);
  return ["pass", "warn", "fail", "na", "unknown"]
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${STATUS_WORDS[status]}`)
    .join(", ");
}

/** A signal of a pillar card: its status and title, linked to the check where its detail stands (printed once). */
function signalItem(signal: Signal): SafeHtml {
  return html`<li class="signal">
<div class="signal-title"><span class="status status-${statusClass(signal.status)}">${STATUS_WORDS[signal.status] ?? signal.status}</span><a href="#${checkAnchor(signal.id)}">${signal.title}</a></div>
</li>`;
}

const SOURCE_NAMES: Record<string, string> = { wikidata: "Wikidata", wikipedia: "Wikipedia", commonCrawl: "Common Crawl" };
const PRESENCE_WORDS: Record<string, string> = { found: "found", not_found: "not found", unknown: "unknown" };

type OffSiteCheck = { status: string; detail: string; url: string | null };

function offSiteSection(offSite: Record<string, OffSiteCheck> | null): SafeHtml {
  const entries = offSite ? Object.entries(offSite).filter(([, check]) => check && typeof check === "object") : [];
  const found = entries.filter(([, check]) => check.status === "found").length;
  return reportFold("offsite", "Off-site presence", entries.length === 0 ? "not checked" : `found in ${found} of ${entries.length} sources`, html`${entries.length === 0
    ? html`<p class="muted">Off-site checks were not run for this scan.</p>`
    : html`<ul class="offsite">${entries.map(([source, check]) => html`<li class="card">
<h3>${SOURCE_NAMES[source] ?? source} <span class="status status-${statusClass(check.status)}">${PRESENCE_WORDS[check.status] ?? check.status}</span></h3>
<p>${check.detail}</p>
${check.url ? html`<p><a href="${safeUrl(check.url)}" rel="nofollow noopener noreferrer">${check.url}</a></p>` : ""}
</li>`)}</ul>`}`);
}

function badgeSection(context: PageContext, domain: string, grade: string | null, score: number | null): SafeHtml {
  const badgeUrl = absoluteUrl(context, badgePath(domain));
  const reportUrl = absoluteUrl(context, reportPath(domain));
  // The embedded badge always shows the latest scan, so its alt text names no score that a later scan would
  // make false; the preview here shows this record, so its alt text gives this record's score.
  const alt = badgeEmbedAlt("AI visibility", domain);
  const markdown = `[![${alt}](${badgeUrl})](${reportUrl})`;
  const markup = `<a href="${reportUrl}"><img src="${badgeUrl}" alt="${alt}"></a>`;
  const previewAlt = grade ? `AI visibility of ${domain}: grade ${grade}, ${score} of 100` : alt;
  return reportFold("badge", "Badge", "for a README or a site footer", html`<div class="badge-preview"><img src="${badgePath(domain)}" alt="${previewAlt}" height="20"><span class="muted">Always shows the latest scan.</span></div>
<p>Markdown, for a README:</p>
<div class="copyable"><pre><code id="badge-markdown">${markdown}</code></pre><button class="button small secondary copy" type="button" data-copy-target="badge-markdown" hidden>Copy</button></div>
<p>HTML, for a site footer:</p>
<div class="copyable"><pre><code id="badge-html">${markup}</code></pre><button class="button small secondary copy" type="button" data-copy-target="badge-html" hidden>Copy</button></div>`, { className: "badge-fold" });
}
