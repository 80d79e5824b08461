import { agentOfferingsView } from "./derive/agent-offerings-view.ts";
import { servedLlmsTxt } from "./derive/served-llms-txt.ts";
import type { Artifacts } from "./gather/artifacts.ts";
import type { VisibilityRecord } from "./record-schema.ts";

type AgentOffering = NonNullable<VisibilityRecord["agentOfferings"]>[number];

/**
 * What the site offers agents, for the record and the report's section: the Markdown answer, llms.txt,
 * and each agent document the agent-offerings audit judged. Nothing when the scan did not ask (older
 * artifacts), so an older record keeps its shape.
 */
export function agentOfferingsRecord(artifacts: Artifacts): { agentOfferings?: AgentOffering[] } {
  const view = agentOfferingsView(artifacts);
  if (!view) return {};
  const offerings: AgentOffering[] = [];
  if (view.markdown.served) {
    offerings.push({
      kind: "markdown",
      name: "Markdown when asked for it",
      url: `${view.origin}/`,
      status: view.markdown.varies ? "offered" : "invalid",
      note: view.markdown.varies ? null : "no `Vary: Accept`, so a cache may hand the Markdown to browsers, or the HTML to agents",
    });
  }
  const llmsTxt = servedLlmsTxt(artifacts.llmsTxt ?? []);
  if (llmsTxt) offerings.push({ kind: "llms-txt", name: "llms.txt", url: llmsTxt.url, status: "offered", note: null });
  for (const document of view.documents) {
    offerings.push({ kind: document.kind, name: document.name.replace(/^an? /, ""), url: document.url, status: document.state === "valid" ? "offered" : document.state, note: document.state === "invalid" ? document.problem : document.note });
  }
  return { agentOfferings: offerings };
}
