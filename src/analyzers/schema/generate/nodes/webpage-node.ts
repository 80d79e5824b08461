import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { FAQ } from "../../rich-results/rules/faq.ts";
import { type GraphPart, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";
import { faqQuestions, faqReason } from "./faq-questions.ts";

export interface WebPageLinks {
  website: string | null;
  breadcrumb: string | null;
  /** What the page is chiefly about (its Product, Article, Event). */
  mainEntity: string | null;
  /** What it is about otherwise: the Organization on a homepage, the subject on a FAQ page. */
  about: string | null;
  /** The page answers questions: it is a FAQPage (a kind of WebPage) whose main entities are the questions. */
  faq: boolean;
}

/** The page itself, the node that ties the graph together: its site, its trail and what it is about. */
export function webPagePart(facts: PageFacts, id: string, links: WebPageLinks): GraphPart {
  const type = links.faq ? "FAQPage" : "WebPage";
  const node: JsonLdNode = { "@type": type, "@id": id, url: facts.canonicalUrl };
  if (facts.title) node.name = facts.title;
  if (facts.description) node.description = facts.description;
  if (facts.language) node.inLanguage = facts.language;
  if (links.website) node.isPartOf = reference(links.website);
  if (links.breadcrumb) node.breadcrumb = reference(links.breadcrumb);
  if (links.about) node.about = reference(links.about);
  if (links.faq) node.mainEntity = faqQuestions(facts);
  else if (links.mainEntity) node.mainEntity = reference(links.mainEntity);
  const ties = [links.website ? "the site it belongs to" : null, links.breadcrumb ? "its breadcrumb trail" : null, links.mainEntity || links.about ? "what it is about" : null].filter(Boolean);
  const page = `The page has no WebPage markup; this node names it${facts.title ? " by its title" : ""}${ties.length > 0 ? ` and ties the graph together: ${ties.join(", ")}` : ""}.`;
  return {
    type,
    id,
    node,
    reason: links.faq ? `${page} ${faqReason(facts)}` : page,
    richResults: links.faq ? [FAQ.feature] : [],
  };
}
