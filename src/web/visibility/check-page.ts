import type { AuditSummary } from "../../analyzers/visibility/scoring/audit-definition.ts";
import { AUDIT_SUMMARIES } from "../../analyzers/visibility/audits/audit-summaries.ts";
import { AUDIT_CATALOGUE } from "../../analyzers/visibility/audits/audit-catalogue.ts";
import { GATES } from "../../analyzers/visibility/scoring/gates.ts";
import { gradeFor } from "../../analyzers/visibility/scoring/grades.ts";
import { PILLARS } from "../../analyzers/visibility/scoring/pillars.ts";
import { inlineText } from "../fix/inline-text.ts";
import { html, type SafeHtml } from "../html.ts";
import { renderPage } from "../layout.ts";
import { absoluteUrl, type PageContext } from "../page-context.ts";
import { SITE_SCRIPT_PATH } from "../page-shell.ts";
import { CHECKS_PATH } from "./check-anchor.ts";
import { AUDIENCE_SOURCES_ID, audienceSourcesBody } from "./audience-sources.ts";
import { oneDecimal } from "../../analyzers/visibility/scoring/score-explanation.ts";

/**
 * The "learn more" pages: one per audit at /checks/<audit-id>, and an index at /checks. They are built
 * from the tables scoring uses (the registry, the pillar and audit weights, the gates) and the audits'
 * summaries, the same sources docs/visibility-audits.md is generated from, so they cannot disagree with
 * a score.
 */
export function renderCheckPage(context: PageContext, auditId: string): string | null {
  const audit = AUDIT_CATALOGUE.find((candidate) => candidate.id === auditId);
  if (!audit) return null;
  const pillar = PILLARS.find((candidate) => candidate.id === audit.pillar)!;
  const pillarWeight = Object.values(pillar.audits as Record<string, number>).reduce((sum, weight) => sum + weight, 0);
  const gates = GATES.filter((gate) => gate.audit === audit.id);
  const summary = AUDIT_SUMMARIES[audit.id] ?? audit.title;
  const body = html`<article class="check-page">
<p class="eyebrow">Check · ${pillar.title}</p>
<h1>${audit.title}</h1>
<p class="lead">${inlineText(summary)}</p>
<h2>How it counts</h2>
<div class="table-scroll"><table class="facts-table">
<tbody>
<tr><th scope="row">Check id</th><td><code>${audit.id}</code> (stable: records and the API use it)</td></tr>
<tr><th scope="row">Pillar</th><td>${pillar.title} (<code>${pillar.id}</code>), weight ${pillar.weight} of 100</td></tr>
<tr><th scope="row">Weight in the pillar</th><td>${audit.weight === 0 ? "0: reported, never scored" : `${audit.weight} of ${pillarWeight}`}</td></tr>
<tr><th scope="row">Most it can cost</th><td>${audit.weight === 0 ? "nothing" : `${oneDecimal((audit.weight / pillarWeight) * pillar.weight)} points of 100, when every check of the pillar applies`}</td></tr>
<tr><th scope="row">Impact</th><td>${audit.impact}</td></tr>
<tr><th scope="row">Caps the grade</th><td>${gates.length === 0 ? "never" : html`<ul class="gate-list">${gates.map((gate) => html`<li>at ${gradeFor(gate.maxScore).grade} (score ${gate.maxScore}) when ${inlineText(gate.when)}</li>`)}</ul>`}</td></tr>
</tbody>
</table></div>
<h2>What the results mean</h2>
<ul>
<li><strong>pass</strong>: the check found what it looks for (score 1).</li>
<li><strong>warn</strong> and <strong>fail</strong>: part or none of it (a score between 0 and 1); the report gives a fix written for the site, with the code to paste.</li>
<li><strong>n/a</strong>: the check does not apply to the site; <strong>unknown</strong>: what it reads could not be fetched. Neither counts against the site: both leave the pillar's denominator.</li>
</ul>
${audit.id === "ai-platform-reach" ? html`<h2 id="${AUDIENCE_SOURCES_ID}">Where the audience shares come from</h2>
${audienceSourcesBody()}` : ""}
<p>${otherChecks(audit)}</p>
<p><a href="/">Scan a site</a> · <a href="${CHECKS_PATH}">Every check</a></p>
</article>`;
  return page(context, `${audit.title} · sightline check`, summary, body, `${CHECKS_PATH}/${audit.id}`);
}

export function renderCheckIndex(context: PageContext): string {
  const body = html`<h1>What a scan checks</h1>
<p class="lead">Every check of an AI visibility scan, by pillar, with its weight. Each report links its checks here.</p>
${PILLARS.map(
    (pillar) => html`<section aria-labelledby="pillar-${pillar.id}">
<h2 id="pillar-${pillar.id}">${pillar.title} <span class="muted">(weight ${pillar.weight})</span></h2>
<ul class="check-index">${AUDIT_CATALOGUE.filter((audit) => audit.pillar === pillar.id).map((audit) => html`<li><a href="${CHECKS_PATH}/${audit.id}">${audit.title}</a></li>`)}</ul>
</section>`,
  )}`;
  return page(context, "What a scan checks · sightline", "Every check of an AI visibility scan, with its weight, impact and the gates that cap the grade.", body, CHECKS_PATH);
}

function otherChecks(audit: AuditSummary): SafeHtml {
  const siblings = AUDIT_CATALOGUE.filter((candidate) => candidate.pillar === audit.pillar && candidate.id !== audit.id);
  return html`Other checks of this pillar: ${siblings.map((sibling, index) => html`${index > 0 ? ", " : ""}<a href="${CHECKS_PATH}/${sibling.id}">${sibling.title}</a>`)}.`;
}

function page(context: PageContext, title: string, description: string, body: SafeHtml, path: string): string {
  return renderPage({
    title,
    description: description.replace(/`/g, ""),
    siteName: context.siteName,
    head: html`<link rel="canonical" href="${absoluteUrl(context, path)}">`,
    scripts: [SITE_SCRIPT_PATH],
    body,
  });
}
