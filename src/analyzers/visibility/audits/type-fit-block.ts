import type { PageKind, PageProfile } from "../derive/page-profile.ts";
import { ownerReference, type SiteOwner } from "../derive/site-owner.ts";
import type { FixCode } from "./audit.ts";
import { ownerNode, placedJsonLd, websiteNode } from "./owner-markup.ts";

/**
 * The JSON-LD block that describes a page as what it is, filled with the page's own values (title, URL,
 * description, author, dates, questions, price), ready to paste into its <head>. Values a page did not
 * show are left out rather than invented, except the few a block cannot do without, marked as <…>. The
 * site's owner is the one the site declares (derive/site-owner.ts), by its own `@id` and type: on the
 * homepage by reference, elsewhere as a node carrying that `@id`, so that the reference resolves on the
 * page and names the same entity.
 */
export function typeFitBlock(kind: PageKind, profile: PageProfile, owner: SiteOwner, siteName: string): { code: FixCode; text: string } {
  const pageUrl = profile.page.url;
  const common = { url: profile.url, description: profile.description ?? undefined };
  const ownerHere = ownerReference(owner, pageUrl);
  let block: Record<string, unknown> = {};
  switch (kind) {
    case "home": {
      const homepageUrl = `${owner.origin}/`;
      block = { "@graph": [...(owner.node ? [] : [ownerNode(owner)]), websiteNode(owner, siteName, homepageUrl, owner.node === null)] };
      break;
    }
    case "article":
      block = {
        "@type": articleType(profile.url),
        headline: profile.title ?? "<the article's title>",
        ...common,
        mainEntityOfPage: profile.url,
        image: profile.image ?? undefined,
        // Without a byline the author is the owner, defined once (as the publisher) and referred to by its @id.
        author: profile.author ? { "@type": "Person", name: profile.author.name, url: profile.author.url ?? undefined } : { "@id": owner.id },
        datePublished: profile.datePublished ?? "<YYYY-MM-DD>",
        dateModified: profile.dateModified ?? undefined,
        publisher: ownerHere,
      };
      break;
    case "faq":
      block = {
        "@type": "FAQPage",
        ...common,
        mainEntity: profile.questions.slice(0, 5).map((entry) => ({ "@type": "Question", name: entry.question, acceptedAnswer: { "@type": "Answer", text: entry.answer } })),
      };
      break;
    case "product":
      block = {
        "@type": "Product",
        name: profile.title ?? "<the product's name>",
        ...common,
        image: profile.image ?? undefined,
        offers: profile.price
          ? { "@type": "Offer", price: profile.price.amount, priceCurrency: profile.price.currency ?? "<ISO 4217 code>", url: profile.url, availability: "https://schema.org/InStock" }
          : undefined,
      };
      break;
    case "contact":
      block = {
        "@type": "ContactPage",
        name: profile.title ?? `Contact ${owner.name}`,
        ...common,
        mainEntity: { ...ownerHere, email: profile.email ?? undefined, telephone: profile.telephone ?? undefined },
      };
      break;
    case "about":
      block = { "@type": "AboutPage", name: profile.title ?? `About ${owner.name}`, ...common, mainEntity: ownerHere };
      break;
  }
  return placedJsonLd(block, { kind: "head", url: pageUrl });
}

/** The schema.org types a page of this kind should declare, named in details and fixes. */
export const EXPECTED_TYPES: Record<PageKind, string> = {
  home: "Organization (or Person / LocalBusiness) and WebSite",
  article: "Article, BlogPosting, NewsArticle or TechArticle",
  faq: "FAQPage",
  product: "Product",
  contact: "ContactPage",
  about: "AboutPage",
};

export const KIND_LABELS: Record<PageKind, string> = {
  home: "the homepage",
  article: "an article",
  faq: "an FAQ",
  product: "a product page",
  contact: "the contact page",
  about: "the about page",
};

/** The Article subtype a URL suggests: /blog/ posts are BlogPostings, /news/ NewsArticles, docs and guides TechArticles. */
function articleType(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname.toLowerCase() : "";
  if (/\/(?:blog|posts?)\//.test(path)) return "BlogPosting";
  if (/\/(?:news|press)\//.test(path)) return "NewsArticle";
  if (/\/(?:docs?|guides?|documentation|developers?|api|tutorials?)\//.test(path)) return "TechArticle";
  return "Article";
}
