import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { FAQ } from "../../rich-results/rules/faq.ts";
import { type GraphPart, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";

/** The page's questions with their answers, as FAQPage `mainEntity` values. */
export function faqQuestions(facts: PageFacts): JsonLdNode[] {
  return facts.questions.map((entry) => ({ "@type": "Question", name: entry.question, acceptedAnswer: { "@type": "Answer", text: entry.answer } }));
}

export function faqReason(facts: PageFacts): string {
  return `The page answers ${facts.questions.length} questions without FAQPage markup, which hands each question and answer to answer engines as a pair. Google no longer shows FAQ rich results (since 7 May 2026); other answer engines still read the pairs.`;
}

/** A FAQPage of its own, for a page that already marks itself up as another WebPage. */
export function faqPagePart(facts: PageFacts, id: string, website: string | null): GraphPart {
  const node: JsonLdNode = { "@type": "FAQPage", "@id": id, url: facts.canonicalUrl };
  if (facts.title) node.name = facts.title;
  if (website) node.isPartOf = reference(website);
  node.mainEntity = faqQuestions(facts);
  return { type: "FAQPage", id, node, reason: faqReason(facts), richResults: [FAQ.feature] };
}
