import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { excerpt, wordCount } from "../../derive/page-text.ts";
import { siteName } from "../../derive/site-identity.ts";
import { textOf } from "../../derive/site-pages.ts";

/** Assistants summarise a site from its opening: a plain sentence near the top saying what it is and for whom. */
export const directAnswer: AuditRule<"readable-homepage"> = {
  id: "direct-answer",
  title: "The homepage says what the site is near the top",
  impact: "medium",
  requires: ["readable-homepage"],
  run,
};

/** Words of body text read before a summary must have appeared. */
const WITHIN_WORDS = 150;
const MIN_SENTENCE_WORDS = 12;

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const root = homepage.document.querySelector("main") ?? homepage.document.body;
  if (!root) return unknownOutcome("The homepage has no body.");
  let seen = 0;
  for (const element of Array.from(root.querySelectorAll("p,li,dd,blockquote,h1,h2,h3"))) {
    if (element.closest("nav,header:not(main header),footer,aside")) continue;
    const text = textOf(element);
    const words = wordCount(text);
    if (/^P|BLOCKQUOTE|DD$/.test(element.tagName) && words >= MIN_SENTENCE_WORDS) {
      return passed(`The homepage opens with a summary after ${seen} words: "${excerpt(text, 120)}"`, [`"${excerpt(text, 120)}"`]);
    }
    seen += words;
    if (seen > WITHIN_WORDS) break;
  }
  return {
    status: "warn",
    score: 0.4,
    detail: `No paragraph of at least ${MIN_SENTENCE_WORDS} words appears in the first ${WITHIN_WORDS} words of the homepage's content, so there is no plain statement of what the site is for an assistant to quote.`,
    evidence: [],
    fix: {
      what: "Open the homepage with a one-paragraph summary",
      why: "Assistants describe a site with its own opening sentences; without them they guess from navigation labels and slogans.",
      how: `Right below the h1, add a paragraph like "${siteName(artifacts)} is a [what] for [whom] in [where]. We [main offer], [second offer] and [third offer]." in plain text, 25–60 words, server-rendered.`,
      effort: "S",
    },
  };
}
