import type { PageKind, PageProfile } from "../derive/page-profile.ts";
import { jsonLdScript } from "./fix-code.ts";

/**
 * The JSON-LD block that describes a page as what it is, filled with the page's own values (title, URL,
 * description, author, dates, questions, price), ready to paste into its <head>. Values a page did not
 * show are left out rather than invented, except the few a block cannot do without, marked as <…>.
 */
export function typeFitBlock(kind: PageKind, profile: PageProfile, site: { name: string; origin: string }): string {
  const organization = { "@id": `${site.origin}/#organization` };
  const common = { url: profile.url, description: profile.description ?? undefined };
  const block: Record<string, unknown> = { "@context": "https://schema.org" };
  switch (kind) {
    case "home":
      block["@graph"] = [
        { "@type": "Organization", "@id": organization["@id"], name: site.name, url: `${site.origin}/`, logo: `${site.origin}/logo.png` },
        { "@type": "WebSite", "@id": `${site.origin}/#website`, name: site.name, url: `${site.origin}/`, description: profile.description ?? undefined, publisher: organization },
      ];
      break;
    case "article":
      Object.assign(block, {
        "@type": articleType(profile.url),
        headline: profile.title ?? "<the article's title>",
        ...common,
        mainEntityOfPage: profile.url,
        image: profile.image ?? undefined,
        author: profile.author ? { "@type": "Person", name: profile.author.name, url: profile.author.url ?? undefined } : organization,
        datePublished: profile.datePublished ?? "<YYYY-MM-DD>",
        dateModified: profile.dateModified ?? undefined,
        publisher: organization,
      });
      break;
    case "faq":
      Object.assign(block, {
        "@type": "FAQPage",
        ...common,
        mainEntity: profile.questions.slice(0, 5).map((entry) => ({ "@type": "Question", name: entry.question, acceptedAnswer: { "@type": "Answer", text: entry.answer } })),
      });
      break;
    case "product":
      Object.assign(block, {
        "@type": "Product",
        name: profile.title ?? "<the product's name>",
        ...common,
        image: profile.image ?? undefined,
        offers: profile.price
          ? { "@type": "Offer", price: profile.price.amount, priceCurrency: profile.price.currency ?? "<ISO 4217 code>", url: profile.url, availability: "https://schema.org/InStock" }
          : undefined,
      });
      break;
    case "contact":
      Object.assign(block, {
        "@type": "ContactPage",
        name: profile.title ?? `Contact ${site.name}`,
        ...common,
        mainEntity:
          profile.email || profile.telephone
            ? { "@type": "Organization", "@id": organization["@id"], name: site.name, email: profile.email ?? undefined, telephone: profile.telephone ?? undefined }
            : organization,
      });
      break;
    case "about":
      Object.assign(block, { "@type": "AboutPage", name: profile.title ?? `About ${site.name}`, ...common, mainEntity: organization });
      break;
  }
  return jsonLdScript(block);
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
