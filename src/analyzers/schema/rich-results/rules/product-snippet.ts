import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { SNIPPET_OFFERS } from "./nested/offers.ts";
import { AGGREGATE_RATING, NESTED_REVIEW } from "./nested/ratings.ts";

/**
 * Price, availability and ratings under a product result: a name and one of review, aggregateRating
 * or offers. Whichever is given must itself be complete (an Offer its price, an AggregateOffer its
 * lowPrice and priceCurrency).
 */
export const PRODUCT_SNIPPET: FeatureRule = {
  id: "product-snippet",
  feature: "Product snippet",
  types: ["Product"],
  documentation: `${GOOGLE_DOCS}/product-snippet`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "name",
    { anyOf: ["review", "aggregateRating", "offers"], advice: "a review, an aggregate rating or an offer" },
    { property: "offers", whenPresent: true, each: SNIPPET_OFFERS },
    { property: "review", whenPresent: true, each: NESTED_REVIEW },
    { property: "aggregateRating", whenPresent: true, each: AGGREGATE_RATING },
  ],
  recommended: [
    "aggregateRating",
    "offers",
    { property: "review", each: { recommended: ["positiveNotes", "negativeNotes"] }, advice: "a Review (with pros and cons as positiveNotes and negativeNotes for editorial reviews)" },
  ],
};
