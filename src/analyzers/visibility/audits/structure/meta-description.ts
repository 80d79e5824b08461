import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";

export const metaDescription: AuditRule<"readable-homepage"> = {
  id: "meta-description",
  title: "The page has a meta description",
  impact: "medium",
  requires: ["readable-homepage"],
  run,
};

/** Shorter than this, a description cannot say what the site is and for whom. */
const MIN_LENGTH = 50;

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const meta = Array.from(homepage.document.querySelectorAll("meta[name]")).find((element) => element.getAttribute("name")?.trim().toLowerCase() === "description");
  const description = (meta?.getAttribute("content") ?? "").replace(/\s+/g, " ").trim();
  const fix = {
    what: "Write a meta description for the homepage",
    why: "The description is the site's own one-line summary; assistants and search results use it when they introduce or cite the site.",
    how: `Add \`<meta name="description" content="…">\` to the \`<head>\`: 120–160 characters saying what ${artifacts.domain} offers, for whom, and what sets it apart.`,
    effort: "S" as const,
  };
  if (!description) return { status: "fail", score: 0, detail: "The homepage has no meta description, or it is empty.", evidence: [], fix };
  const evidence = [`description (${description.length} characters): "${excerpt(description, 100)}"`];
  if (description.length < MIN_LENGTH) {
    return { status: "warn", score: 0.5, detail: `The meta description is only ${description.length} characters long: too short to summarise the site.`, evidence, fix };
  }
  return passed(`The homepage has a ${description.length}-character meta description.`, evidence);
}
