import type { JsonLdNode } from "../../structured-data/extracted-item.ts";
import type { Vocabulary } from "../vocabulary/vocabulary.ts";
import type { PageFacts } from "./page-facts.ts";

/**
 * Suggested JSON-LD built only from what the page shows. Each suggestion is skipped when the page
 * already marks that type up (its own markup is reported and judged instead).
 */

export interface Suggestion {
  type: string;
  reason: string;
  node: JsonLdNode;
}

const CONTEXT = "https://schema.org";

export function suggestMarkup(facts: PageFacts, existingTypes: readonly string[], vocabulary: Vocabulary): Suggestion[] {
  const has = (type: string) => existingTypes.some((existing) => vocabulary.isA(existing, type));
  const suggestions: Suggestion[] = [];
  if (facts.isHomepage && facts.siteName && !has("Organization")) suggestions.push(organization(facts, facts.siteName));
  if (facts.isHomepage && facts.siteName && !has("WebSite")) suggestions.push(website(facts, facts.siteName));
  if (!facts.isHomepage && facts.articleLike && facts.headline && !has("Article")) suggestions.push(article(facts, facts.headline));
  if (facts.breadcrumbs.length >= 2 && !has("BreadcrumbList")) suggestions.push(breadcrumbs(facts));
  if (facts.questions.length >= 2 && !has("FAQPage") && !has("QAPage")) suggestions.push(faq(facts));
  if (!facts.isHomepage && facts.offer && facts.headline && (facts.productLike || !facts.articleLike) && !has("Product")) suggestions.push(product(facts, facts.headline, facts.offer));
  return suggestions;
}

function organization(facts: PageFacts, name: string): Suggestion {
  const node: JsonLdNode = { "@context": CONTEXT, "@type": "Organization", name, url: `${facts.origin}/` };
  if (facts.logo) node.logo = facts.logo;
  if (facts.sameAs.length > 0) node.sameAs = facts.sameAs;
  const from = [`the name "${name}"`, facts.logo ? "the logo image" : null, facts.sameAs.length > 0 ? `${facts.sameAs.length} profile link(s)` : null].filter(Boolean).join(", ");
  return {
    type: "Organization",
    reason: `The homepage has no Organization markup. It tells search engines and AI assistants who runs the site${facts.logo ? " and which logo to show" : ""}. Built from ${from}.`,
    node,
  };
}

function website(facts: PageFacts, name: string): Suggestion {
  return {
    type: "WebSite",
    reason: `The homepage has no WebSite markup. It gives the site's name for search results (Google's site names). Built from the name "${name}".`,
    node: { "@context": CONTEXT, "@type": "WebSite", name, url: `${facts.origin}/` },
  };
}

function article(facts: PageFacts, headline: string): Suggestion {
  const type = /\/(?:blog|posts?)\//i.test(new URL(facts.url).pathname) ? "BlogPosting" : "Article";
  const node: JsonLdNode = { "@context": CONTEXT, "@type": type, headline: headline.slice(0, 110), mainEntityOfPage: facts.url };
  if (facts.description) node.description = facts.description;
  if (facts.image) node.image = facts.image;
  if (facts.author) node.author = { "@type": "Person", name: facts.author };
  if (facts.datePublished) node.datePublished = facts.datePublished;
  if (facts.dateModified) node.dateModified = facts.dateModified;
  const from = ["the headline", facts.author ? "the byline" : null, facts.datePublished ? "the publication date" : null].filter(Boolean).join(", ");
  return {
    type,
    reason: `The page reads as an article but has no Article markup, which carries its headline, author and dates to search engines (Article rich results) and AI assistants. Built from ${from}.`,
    node,
  };
}

function breadcrumbs(facts: PageFacts): Suggestion {
  const itemListElement = facts.breadcrumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url }));
  return {
    type: "BreadcrumbList",
    reason: `The page shows a breadcrumb trail (${facts.breadcrumbs.map((crumb) => crumb.name).join(" › ")}) without BreadcrumbList markup; with it, search results show the trail instead of the bare URL.`,
    node: { "@context": CONTEXT, "@type": "BreadcrumbList", itemListElement },
  };
}

function faq(facts: PageFacts): Suggestion {
  return {
    type: "FAQPage",
    reason: `The page answers ${facts.questions.length} questions without FAQPage markup, which hands each question and answer to answer engines as a pair. Google no longer shows FAQ rich results (since 7 May 2026); other answer engines still read the pairs.`,
    node: {
      "@context": CONTEXT,
      "@type": "FAQPage",
      mainEntity: facts.questions.map((entry) => ({ "@type": "Question", name: entry.question, acceptedAnswer: { "@type": "Answer", text: entry.answer } })),
    },
  };
}

function product(facts: PageFacts, name: string, offer: NonNullable<PageFacts["offer"]>): Suggestion {
  const offerNode: JsonLdNode = { "@type": "Offer", price: offer.price, priceCurrency: offer.currency, url: facts.url };
  if (offer.availability) offerNode.availability = `https://schema.org/${offer.availability}`;
  const node: JsonLdNode = { "@context": CONTEXT, "@type": "Product", name };
  if (facts.image) node.image = facts.image;
  if (facts.description) node.description = facts.description;
  node.offers = offerNode;
  return {
    type: "Product",
    reason: `The page shows a price (${offer.price} ${offer.currency}) for "${name}" without Product markup; with it, the product can appear with its price in search results (merchant listings need an image too).`,
    node,
  };
}

/** Pretty JSON safe to paste inside a script element: "<" cannot start "</script>" or "<!--". */
export function jsonLdText(node: JsonLdNode): string {
  return JSON.stringify(node, null, 2).replace(/</g, "\\u003c");
}
