import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { ARTICLE } from "../../rich-results/rules/article.ts";
import { type GraphPart, listed, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";

/** Google shows about this many characters of a headline; longer ones are cut in results anyway. */
const MAX_HEADLINE_CHARS = 110;

export interface ArticleLinks {
  publisher: string | null;
  page: string | null;
}

/** The article the page is: headline, byline, dates and image, published by the site's Organization. */
export function articlePart(facts: PageFacts, id: string, headline: string, links: ArticleLinks): GraphPart {
  const type = /\/(?:blog|posts?)\//i.test(new URL(facts.canonicalUrl).pathname) ? "BlogPosting" : "Article";
  const node: JsonLdNode = { "@type": type, "@id": id, headline: headline.slice(0, MAX_HEADLINE_CHARS) };
  if (facts.description) node.description = facts.description;
  if (facts.image) node.image = facts.image;
  if (facts.author) node.author = facts.authorUrl ? { "@type": "Person", name: facts.author, url: facts.authorUrl } : { "@type": "Person", name: facts.author };
  if (facts.datePublished) node.datePublished = facts.datePublished;
  if (facts.dateModified) node.dateModified = facts.dateModified;
  if (facts.language) node.inLanguage = facts.language;
  if (links.publisher) node.publisher = reference(links.publisher);
  if (links.page) node.mainEntityOfPage = reference(links.page);
  const from = listed(["the headline", facts.author ? "the byline" : null, facts.datePublished ? "the publication date" : null, facts.dateModified ? "the date of the last change" : null, facts.image ? "the page's image" : null]);
  return {
    type,
    id,
    node,
    reason: `The page reads as an article but has no Article markup, which carries its headline, author and dates to search engines (Article rich results) and AI assistants. Built from ${from}.`,
    richResults: [ARTICLE.feature],
  };
}
