import type { VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";
import { reportFold } from "./report-fold.ts";

type AgentOffering = NonNullable<VisibilityRecord["agentOfferings"]>[number];

const STATUS: Record<AgentOffering["status"], { word: string; className: string }> = {
  offered: { word: "offered", className: "status-pass" },
  invalid: { word: "incomplete", className: "status-warn" },
  unspecified: { word: "not read by agents", className: "status-na" },
};

/**
 * What the site offers agents that read and act (Markdown negotiation, llms.txt, MCP server card, A2A
 * agent card, API catalog, OAuth metadata, and the retired or never-specified files), from the record's
 * `agentOfferings`. Every name, URL and note may come from the scanned site: all of it is escaped and
 * every link goes through `safeUrl`. An older record without the field shows nothing.
 */
export function agentOfferingsSection(offerings: readonly AgentOffering[] | undefined): SafeHtml | "" {
  if (!offerings) return "";
  // Folded like the report's other sections (issue 28).
  const offered = offerings.filter((offering) => offering.status === "offered").length;
  return reportFold("agents", "What the site offers agents", offerings.length === 0 ? "nothing published" : `${offered} offered`, html`${offerings.length === 0
    ? html`<p class="muted">Nothing published for agents that act: no Markdown answer, llms.txt, MCP server card, A2A agent card, API catalog or OAuth metadata. A site that offers agents no service loses nothing by it.</p>`
    : html`<ul class="agent-offerings-list">${offerings.map((offering) => {
        const status = STATUS[offering.status] ?? STATUS.unspecified;
        return html`<li><span class="status ${status.className}">${status.word}</span> ${offering.name}: <a href="${safeUrl(offering.url)}" rel="nofollow noopener noreferrer">${offering.url}</a>${offering.note ? html` <span class="muted">(${offering.note})</span>` : ""}</li>`;
      })}</ul>`}`, { className: "agent-offerings" });
}
