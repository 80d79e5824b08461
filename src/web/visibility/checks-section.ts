import { AUDIT_CATALOGUE } from "../../analyzers/visibility/audits/audit-catalogue.ts";
import type { Issue, Pillar, Signal } from "../../analyzers/visibility/record-schema.ts";
import { renderFixHow } from "../fix/fix-how.ts";
import { inlineText } from "../fix/inline-text.ts";
import { html, type SafeHtml } from "../html.ts";
import { checkAnchor, checkPagePath, safeId } from "./check-anchor.ts";

/**
 * Every check of the scan, grouped as issues to fix, passed checks and checks not assessed, each at a
 * stable anchor, with filters by status, impact and effort. The filters are radio buttons that the
 * stylesheet reads with :has(), so they work without JavaScript; site.js only adds the count of what is
 * shown and hides groups left empty.
 */
export interface CheckEntry {
  signal: Signal;
  /** Null for a top issue that names no signal of the record (hand-made or older records). */
  pillar: Pillar | null;
  impact: string;
  fix: Issue["fix"] | null;
  /** The top issue's detail where the check is one (it adds the gate it holds and the audits it stands for), else the signal's. */
  detail: string;
  /** Its place among the top issues, which lead the issues to fix in the order to act; null when it is none. */
  rank: number | null;
}

const IMPACTS = ["critical", "high", "medium", "low"] as const;
const EFFORTS = ["S", "M", "L"] as const;
export const EFFORT_WORDS: Record<string, string> = { S: "small effort (minutes)", M: "medium effort (hours)", L: "large effort (days)" };
const STATUS_WORDS: Record<string, string> = { pass: "pass", warn: "warn", fail: "fail", na: "n/a", unknown: "unknown" };
const IMPACT_OF = new Map(AUDIT_CATALOGUE.map((audit) => [audit.id, audit.impact]));

/** The checks of a record, with impact and fix filled from older records' top issues and the catalogue where signals lack them. */
export function checkEntries(pillars: readonly Pillar[], issues: readonly Issue[]): CheckEntry[] {
  const entries: CheckEntry[] = pillars.flatMap((pillar) =>
    (pillar.signals ?? []).map((signal) => {
      const issue = issues.find((candidate) => candidate.id === signal.id);
      const failing = signal.status === "fail" || signal.status === "warn";
      return {
        signal,
        pillar,
        impact: knownImpact(signal.impact ?? issue?.impact ?? IMPACT_OF.get(signal.id)),
        fix: failing ? (signal.fix ?? issue?.fix ?? null) : null,
        detail: failing && issue ? issue.detail : (signal.detail ?? ""),
        rank: failing && issue ? issues.indexOf(issue) : null,
      };
    }),
  );
  // A top issue no signal stands for still shows, once, with its detail and fix.
  const orphans = issues.filter((issue) => !entries.some((entry) => entry.signal.id === issue.id && entry.rank !== null));
  return [
    ...entries,
    ...orphans.map((issue): CheckEntry => ({
      signal: { id: issue.id, title: issue.title, status: issue.status, score: null, weight: 1, detail: issue.detail, evidence: [] },
      pillar: null,
      impact: knownImpact(issue.impact),
      fix: issue.fix,
      detail: issue.detail,
      rank: issues.indexOf(issue),
    })),
  ];
}

function knownImpact(impact: string | undefined): string {
  return IMPACTS.find((candidate) => candidate === impact) ?? "low";
}

export function statusClass(status: string): string {
  return ["pass", "warn", "fail", "na", "unknown", "found", "not_found"].includes(status) ? status : "unknown";
}

export function checksSection(entries: readonly CheckEntry[]): SafeHtml {
  const issues = entries.filter((entry) => entry.signal.status === "fail" || entry.signal.status === "warn");
  // The top issues first, in the order to act; then failing before warning, then by impact, keeping record order otherwise.
  issues.sort((a, b) => rank(a) - rank(b));
  const passed = entries.filter((entry) => entry.signal.status === "pass");
  const unassessed = entries.filter((entry) => entry.signal.status !== "pass" && entry.signal.status !== "fail" && entry.signal.status !== "warn");
  return html`<section class="all-checks" id="checks" aria-labelledby="checks-title">
<h2 id="checks-title">All checks (${entries.length})</h2>
${filters()}
<p class="filter-count muted" aria-live="polite" hidden></p>
${group("issues", `Issues to fix (${issues.length})`, issues, "Nothing to fix: every check that applies passed.")}
${group("passed", `Passed checks (${passed.length})`, passed, "No check passed.")}
${group("unassessed", `Not assessed (${unassessed.length})`, unassessed, "Every check could be judged.")}
</section>`;
}

function rank(entry: CheckEntry): number {
  if (entry.rank !== null) return entry.rank - 100;
  return (entry.signal.status === "fail" ? 0 : 10) + IMPACTS.indexOf(entry.impact as (typeof IMPACTS)[number]);
}

function filters(): SafeHtml {
  return html`<form class="check-filters" aria-label="Filter the checks">
${radioGroup("status", "Status", [["all", "All"], ["fail", "Fail"], ["warn", "Warn"], ["pass", "Pass"], ["na", "Not assessed"]])}
${radioGroup("impact", "Impact", [["all", "All"], ...IMPACTS.map((impact): [string, string] => [impact, impact[0]!.toUpperCase() + impact.slice(1)])])}
${radioGroup("effort", "Effort", [["all", "All"], ["S", "Small"], ["M", "Medium"], ["L", "Large"]])}
</form>`;
}

function radioGroup(name: string, legend: string, options: readonly [string, string][]): SafeHtml {
  return html`<fieldset class="filter-group"><legend>${legend}</legend>${options.map(
    ([value, label], index) => html`<label class="filter-option"><input type="radio" name="${name}" value="${value}"${index === 0 ? html` checked` : ""}><span>${label}</span></label>`,
  )}</fieldset>`;
}

/** A group of checks under its heading; only the issues to fix start open (issue 28: a report that reads at a glance). */
function group(id: string, title: string, entries: readonly CheckEntry[], empty: string): SafeHtml {
  return html`<div class="check-group" data-group="${id}">
<details${id === "issues" ? html` open` : ""}>
<summary><h3 id="checks-${id}">${title}</h3></summary>
${entries.length === 0 ? html`<p class="muted">${empty}</p>` : html`<ul class="check-list">${entries.map(checkItem)}</ul>`}
</details>
</div>`;
}

function checkItem(entry: CheckEntry): SafeHtml {
  const { signal, fix } = entry;
  const anchor = checkAnchor(signal.id);
  const learnMore = checkPagePath(signal.id);
  const status = statusClass(signal.status);
  const evidence = signal.evidence ?? [];
  const effort = fix && EFFORTS.includes(fix.effort as (typeof EFFORTS)[number]) ? fix.effort : "none";
  return html`<li class="check check-${status}" id="${anchor}" data-status="${status}" data-impact="${entry.impact}" data-effort="${effort}">
<details class="check-details">
<summary class="check-head"><span class="status status-${status}">${STATUS_WORDS[signal.status] ?? signal.status}</span><h4>${signal.title}</h4></summary>
<div class="tags">${entry.pillar ? html`<span class="tag">${entry.pillar.title}</span>` : ""}<span class="tag impact-${entry.impact}">${entry.impact} impact</span>${fix ? html`<span class="tag">${EFFORT_WORDS[fix.effort] ?? fix.effort}</span>` : ""}${signal.weight === 0 ? html`<span class="tag">reported, not scored</span>` : ""}<a class="check-link" href="#${anchor}" aria-label="Link to this check">#</a></div>
<p>${inlineText(entry.detail)}</p>
${evidenceList(evidence)}
${fix ? html`<div class="check-fix"><p class="fix-what">How to fix: ${inlineText(fix.what)}</p>
<p class="muted">${inlineText(fix.why)}</p>
${renderFixHow(fix.how, `${safeId(anchor)}-fix`, fix.code)}
</div>` : ""}
${learnMore ? html`<p class="learn-more"><a href="${learnMore}">Learn more about this check</a></p>` : ""}
</details>
</li>`;
}

/**
 * Evidence quotes what was seen, as code; a quote that marks its own code with backticks (a robots.txt
 * line inside a sentence) is rendered as text with inline code instead, so no backtick shows raw.
 */
export function evidenceList(evidence: readonly string[]): SafeHtml {
  if (evidence.length === 0) return html``;
  return html`<ul class="evidence" aria-label="Evidence">${evidence.map((item) => (item.includes("`") ? html`<li>${inlineText(item)}</li>` : html`<li><code>${item}</code></li>`))}</ul>`;
}
