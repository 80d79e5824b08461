import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";

export const titlePresent: AuditRule<"readable-homepage"> = {
  id: "title-present",
  title: "The page has a descriptive <title>",
  impact: "medium",
  requires: ["readable-homepage"],
  run,
};

/** Titles left over from framework starters or CMS defaults: they describe nothing. */
const PLACEHOLDER_TITLES = new Set(["home", "homepage", "untitled", "index", "react app", "vite app", "vite + react", "vite + react + ts", "my app", "welcome", "document", "new page"]);

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const title = (homepage.document.querySelector("title")?.textContent ?? "").replace(/\s+/g, " ").trim();
  const fix = {
    what: "Give the homepage a descriptive <title>",
    why: "The title is the name AI assistants and search results show when they cite the page.",
    how: `Put \`<title>${artifacts.domain} — what you offer, in a few words</title>\` in the \`<head>\`, about 30–60 characters, naming the brand and its main offer.`,
    effort: "S" as const,
  };
  if (!title) return { status: "fail", score: 0, detail: "The homepage has no <title>, or it is empty.", evidence: [], fix };
  if (PLACEHOLDER_TITLES.has(title.toLowerCase())) {
    return { status: "warn", score: 0.4, detail: `The title "${excerpt(title)}" is a placeholder that says nothing about the site.`, evidence: [`<title>${excerpt(title)}</title>`], fix };
  }
  return passed(`The homepage is titled "${excerpt(title)}".`, [`<title>${excerpt(title)}</title>`]);
}
