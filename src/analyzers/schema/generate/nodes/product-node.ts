import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { MERCHANT_LISTING } from "../../rich-results/rules/merchant-listing.ts";
import { PRODUCT_SNIPPET } from "../../rich-results/rules/product-snippet.ts";
import { type GraphPart, listed, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";

export interface ProductLinks {
  /** Who sells it: the site's Organization. */
  seller: string | null;
  /** The WebPage whose main entity the product is. */
  page: string | null;
}

/** The one product the page sells, with the Offer it shows: price, currency and, where stated, availability and condition. */
export function productPart(facts: PageFacts, id: string, name: string, offer: NonNullable<PageFacts["offer"]>, links: ProductLinks): GraphPart {
  const offerNode: JsonLdNode = { "@type": "Offer", url: facts.canonicalUrl, price: offer.price, priceCurrency: offer.currency };
  if (offer.availability) offerNode.availability = `https://schema.org/${offer.availability}`;
  if (facts.condition) offerNode.itemCondition = `https://schema.org/${facts.condition}`;
  if (links.seller) offerNode.seller = reference(links.seller);
  const node: JsonLdNode = { "@type": "Product", "@id": id, name };
  if (facts.image) node.image = facts.image;
  if (facts.description) node.description = facts.description;
  if (facts.sku) node.sku = facts.sku;
  if (facts.brand) node.brand = { "@type": "Brand", name: facts.brand };
  node.offers = offerNode;
  if (links.page) node.mainEntityOfPage = reference(links.page);
  const from = listed([
    "the heading",
    `the price ${offer.price} ${offer.currency}`,
    offer.availability ? "the stock status" : null,
    facts.image ? "the page's image" : null,
    facts.brand ? "the brand" : null,
    facts.sku ? "the item number" : null,
  ]);
  return {
    type: "Product",
    id,
    node,
    reason: `The page shows a price for "${name}" without Product markup; with it, the product can appear with its price in search results${facts.image ? "" : " (merchant listings also need an image, which the page does not give)"}. Built from ${from}.`,
    richResults: [PRODUCT_SNIPPET.feature, ...(facts.image ? [MERCHANT_LISTING.feature] : [])],
  };
}
