import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { textOf } from "../../derive/site-pages.ts";

/** The main heading names the page's topic; an agent that reads only the served HTML must find it there. */
export const rawHtmlH1: AuditRule<"readable-homepage"> = {
  id: "raw-html-h1",
  title: "The main heading (h1) is in the served HTML",
  impact: "medium",
  requires: ["readable-homepage"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const headings = Array.from(homepage.document.querySelectorAll("h1")).map(textOf).filter((text) => text !== "");
  if (headings.length > 0) return passed(`The served HTML has an h1: "${excerpt(headings[0]!)}".`, headings.slice(0, 3).map((text) => `<h1>${excerpt(text)}</h1>`));
  const title = textOf(homepage.document.querySelector("title"));
  return {
    status: "fail",
    score: 0,
    detail: "The served HTML has no h1 with text (it may be added by JavaScript, or the page uses no headings), so agents reading the HTML find no main heading.",
    evidence: [],
    fix: {
      what: "Put one h1 in the homepage's HTML",
      why: "The h1 tells crawlers and assistants what the page is about; it is the first thing they look for after the title.",
      how: `Render the homepage's main heading on the server, e.g. \`<h1>${title ? excerpt(title, 70) : `${artifacts.domain}: what you offer`}</h1>\`, once, above the introduction.`,
      effort: "S",
    },
  };
}
