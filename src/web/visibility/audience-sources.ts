import { AI_PLATFORMS, WEIGHTING } from "../../analyzers/visibility/platforms.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { sharePercent, shortPlatformName } from "./platform-share-words.ts";

/**
 * Where the audience shares that drive the access score come from (ai-platforms.json): each platform's
 * share and basis, and the three published sources behind them with their dates and links. Shown on the
 * report (folded) and on /checks/ai-platform-reach, so no page states a share without its source.
 */
export const AUDIENCE_SOURCES_ID = "audience-sources";

const SOURCES = [
  { label: "Search versus assistants", entry: WEIGHTING.split },
  { label: "Search engine shares", entry: WEIGHTING.searchShares },
  { label: "AI assistant shares", entry: WEIGHTING.assistantShares },
] as const;

export function audienceSourcesBody(): SafeHtml {
  return html`<p>Each platform's share of the AI audience weighs whether it can read the site: ${WEIGHTING.formula}</p>
<div class="table-scroll"><table class="facts-table audience-table">
<thead><tr><th scope="col">Platform</th><th scope="col" class="num">Share</th><th scope="col">Basis</th></tr></thead>
<tbody>${AI_PLATFORMS.map((platform) => html`<tr><th scope="row">${shortPlatformName(platform)}</th><td class="num">${sharePercent(platform)}</td><td>${platform.audience.basis === "measured" ? "measured" : "nominal (no comparable published measure)"}${platform.audience.note ? html`<br><span class="muted">${platform.audience.note}</span>` : ""}</td></tr>`)}</tbody>
</table></div>
<ul class="audience-sources">${SOURCES.map(({ label, entry }) => html`<li><strong>${label}</strong> (<time datetime="${entry.date}">${entry.date}</time>): ${entry.source} <a href="${safeUrl(entry.url)}" rel="noopener noreferrer">${entry.url}</a></li>`)}</ul>
<p class="muted">${WEIGHTING.precision}</p>`;
}
