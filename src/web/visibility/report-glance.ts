import type { Issue } from "../../analyzers/visibility/record-schema.ts";
import { AI_PLATFORMS, audienceShare } from "../../analyzers/visibility/platforms.ts";
import { sharePercent, shortPlatformName } from "./platform-share-words.ts";
import { platformReachOf, type PlatformReachEntry } from "../../reports/platform-reach.ts";
import { html, type SafeHtml } from "../html.ts";
import { checkAnchor } from "./check-anchor.ts";
import { EFFORT_WORDS } from "./checks-section.ts";
import { AUDIENCE_SOURCES_ID } from "./audience-sources.ts";
import { reachLosses } from "../../analyzers/visibility/derive/site-reach-losses.ts";
import { siteSummaryOf } from "../../reports/template-changes.ts";

/**
 * What the report's first screen holds beside the score (issue 28): the reach line, which AI platforms can
 * and cannot read the homepage with each one's share of the AI audience, and the top issues as one line
 * each with the points it costs, linked to the check in the list where its detail and fix stand (so no
 * issue text is printed twice). Issue titles are ours; everything still goes through `html` escaping.
 */

type ReachStatus = PlatformReachEntry["status"];

const REACH_GROUPS: readonly { status: ReachStatus; words: string }[] = [
  { status: "blocked", words: "Cannot read" },
  { status: "limited", words: "Limited" },
  { status: "reads", words: "Can read" },
  { status: "unknown", words: "Not known" },
];

export function reachLine(record: unknown, agentsPath: string | null = null): SafeHtml {
  const reach = platformReachOf(record);
  if (reach.every((entry) => entry.status === "unknown")) return html``;
  const platforms = AI_PLATFORMS.map((platform, index) => ({ platform, status: reach[index]!.status }));
  const readShare = platforms.filter((entry) => entry.status === "reads").reduce((sum, entry) => sum + audienceShare(entry.platform), 0);
  return html`<div class="reach-line" aria-labelledby="reach-line-title">
<p><strong id="reach-line-title">Reach by AI platform:</strong> the platforms that can read the homepage hold ${Math.round(readShare * 100)}% of the AI audience (<a href="#${AUDIENCE_SOURCES_ID}">where the shares come from</a>)${agentsPath ? html`; <a href="${agentsPath}">what each AI agent got</a>` : ""}.</p>
<ul class="reach-groups">${REACH_GROUPS.map(({ status, words }) => {
    const members = platforms.filter((entry) => entry.status === status);
    if (members.length === 0) return html``;
    return html`<li class="reach-group reach-${status}"><span class="reach-word">${words}:</span> ${members.map(
      (entry, index) => html`${index > 0 ? ", " : ""}<span class="reach-platform">${shortPlatformName(entry.platform)} <span class="muted">${sharePercent(entry.platform)}</span></span>`,
    )}</li>`;
  })}</ul>
${siteReachLine(record)}
</div>`;
}

/** Templates shown on the first screen that some platform cannot read; the rest are in the pages table and site-reach's detail. */
const SITE_LOSSES_SHOWN = 3;

/** Across the site (issue 29): the templates behind the homepage some AI platform cannot read, with the cause and example pages. */
function siteReachLine(record: unknown): SafeHtml {
  const summary = siteSummaryOf(record);
  if (!summary || summary.pages.sampled <= 1) return html``;
  // Platforms the homepage line already shows as limited or blocked are no news template by template (site-reach's detail lists them).
  const reach = platformReachOf(record);
  const homeLost = new Set(AI_PLATFORMS.filter((_, index) => reach[index] !== undefined && reach[index].status !== "reads" && reach[index].status !== "unknown").map((platform) => platform.id));
  const losses = reachLosses(summary, undefined, homeLost);
  if (losses.length === 0) return html`<p class="site-reach">Across the site: every AI platform can read the ${summary.pages.sampled} pages sampled from ${summary.templates.length} templates (<a href="#site-pages">the pages</a>).</p>`;
  return html`<p class="site-reach"><strong>Across the site</strong> (${summary.pages.sampled} pages sampled from ${summary.templates.length} templates, <a href="#site-pages">the pages</a>):</p>
<ul class="site-reach-losses">${losses.slice(0, SITE_LOSSES_SHOWN).map((loss) => html`<li>${loss.sentence}</li>`)}${losses.length > SITE_LOSSES_SHOWN ? html`<li class="muted"><a href="#${checkAnchor("site-reach")}">${losses.length - SITE_LOSSES_SHOWN} more</a></li>` : ""}</ul>`;
}


const SHORT_EFFORT: Record<string, string> = { S: "minutes to fix", M: "hours to fix", L: "days to fix" };

/** The top issues, a line each: the title linked to the check, the points it costs, the effort. */
export function glanceIssues(issues: readonly Issue[]): SafeHtml {
  return html`<div class="glance-issues-block" aria-labelledby="glance-issues-title">
<h2 id="glance-issues-title">Top issues</h2>
${issues.length === 0
    ? html`<p>No issues: every applicable check passed.</p>`
    : html`<ol class="glance-issues">${issues.map(
        (issue) => html`<li><a href="#${checkAnchor(issue.id)}">${issue.title}</a> ${issue.points !== undefined ? html`<span class="tag points">costs ${issue.points} ${issue.points === 1 ? "point" : "points"}</span>` : html`<span class="tag impact-${issue.impact}">${issue.impact} impact</span>`}${issue.fix ? html` <span class="tag effort" title="${EFFORT_WORDS[issue.fix.effort] ?? issue.fix.effort}">${SHORT_EFFORT[issue.fix.effort] ?? issue.fix.effort}</span>` : ""}</li>`,
      )}</ol>
<p class="muted small">In the order to act; each links to its detail and fix in the list of checks below.</p>`}
</div>`;
}
