import type { PageFacts } from "./page-facts.ts";

/**
 * The @ids of the suggested graph. Site-wide nodes hang off the site's root (`https://shop.example/#organization`)
 * so that every page's graph names the same Organization and WebSite; the page's nodes hang off its
 * canonical URL (`https://shop.example/p/lamp#product`). Fragments, not new URLs: an @id only names
 * a thing, and a fragment of a page that exists is the usual way to do it.
 */
export interface GraphIds {
  organization: string;
  website: string;
  webpage: string;
  localBusiness: string;
  product: string;
  article: string;
  event: string;
  breadcrumb: string;
  faq: string;
}

export function graphIds(facts: Pick<PageFacts, "canonicalUrl" | "origin">): GraphIds {
  const site = `${facts.origin}/`;
  const page = facts.canonicalUrl;
  return {
    organization: `${site}#organization`,
    website: `${site}#website`,
    webpage: `${page}#webpage`,
    localBusiness: `${page}#localbusiness`,
    product: `${page}#product`,
    article: `${page}#article`,
    event: `${page}#event`,
    breadcrumb: `${page}#breadcrumb`,
    faq: `${page}#faq`,
  };
}
