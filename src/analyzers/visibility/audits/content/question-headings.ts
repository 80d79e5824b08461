import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { hasType, structuredGraph } from "../../../structured-data/structured-graph.ts";
import { documentLanguage, isQuestionHeading } from "../../derive/question-heading.ts";
import { excerpt, wordCount } from "../../derive/page-text.ts";
import { siteName } from "../../derive/site-identity.ts";
import { contentPages, pathOf, textOf } from "../../derive/site-pages.ts";

/** People ask assistants questions; a heading phrased as the question, answered right below it, is the passage they quote. */
export const questionHeadings: AuditRule<"readable-pages"> = {
  id: "question-headings",
  title: "Headings ask the questions visitors have, and the text answers them",
  impact: "low",
  requires: ["readable-pages"],
  notes: ["content-pages-cut"],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const pages = contentPages(artifacts);
  const answered: string[] = [];
  let questions = 0;
  for (const page of pages) {
    const lang = documentLanguage(page.document);
    for (const heading of Array.from(page.document.querySelectorAll("h2,h3,h4"))) {
      const text = textOf(heading);
      if (!isQuestionHeading(text, lang)) continue;
      questions++;
      const next = heading.nextElementSibling;
      if (next && wordCount(textOf(next)) >= 8) answered.push(`${pathOf(page.url)}: "${excerpt(text, 60)}"`);
    }
  }
  const faqPage = pages.some((page) => structuredGraph(page.document, page.html, page.url).nodes.some((node) => hasType(node, "FAQPage")));
  if (answered.length > 0 || faqPage) {
    return passed(`${answered.length} question heading${answered.length === 1 ? " is" : "s are"} answered right below${faqPage ? ", and FAQPage markup is present" : ""}.`, answered.slice(0, 5));
  }
  return {
    status: "warn",
    score: questions > 0 ? 0.7 : 0.5,
    detail: questions > 0 ? `${questions} heading${questions === 1 ? " asks" : "s ask"} a question, but no answer of substance follows directly below.` : `None of the ${pages.length} pages read has a heading phrased as a question.`,
    evidence: [],
    fix: {
      what: "Answer the questions people ask, under headings that ask them",
      why: "AI assistants match questions to passages; a question heading with a direct two-or-three-sentence answer below is the passage they quote and cite.",
      // Only the owner can write the answers, so no block to paste is offered: nothing could prove it on the site's markup.
      how: `Add a short FAQ section: each question as a heading (\`<h2>\` or \`<h3>\`) in the words visitors use, such as "What does ${siteName(artifacts)} do?" or "How much does it cost?", answered in the first sentence of the paragraph right below it, then the details. The questions and answers have to be yours, so no markup to paste is given here.`,
      effort: "M",
    },
  };
}
