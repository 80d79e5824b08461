import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { MERCHANT_OFFERS } from "./nested/offers.ts";
import { AGGREGATE_RATING, NESTED_REVIEW } from "./nested/ratings.ts";

const GTIN = ["gtin", "gtin8", "gtin12", "gtin13", "gtin14", "isbn"];

/**
 * A product page where the product can be bought: name, image and an Offer with price and currency.
 * The recommended list is every Product-level property Google's merchant listing page names.
 */
export const MERCHANT_LISTING: FeatureRule = {
  id: "merchant-listing",
  feature: "Merchant listing",
  types: ["Product"],
  documentation: `${GOOGLE_DOCS}/merchant-listing`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "name",
    { property: "image", advice: "the URL of a photo of the product" },
    { property: "offers", each: MERCHANT_OFFERS, advice: "an Offer with the price the page sells the product at" },
  ],
  recommended: [
    { property: "aggregateRating", each: AGGREGATE_RATING },
    { property: "audience", advice: "a PeopleAudience with suggestedGender and suggestedAge" },
    { property: "brand", each: { recommended: ["name"] }, advice: "a Brand with its name" },
    "color",
    "description",
    { anyOf: GTIN, advice: "the product's GTIN (or ISBN for books)" },
    "hasCertification",
    "hasEnergyConsumptionDetails",
    "inProductGroupWithID",
    "isVariantOf",
    "material",
    "mpn",
    "pattern",
    { property: "review", each: NESTED_REVIEW },
    "size",
    "sku",
    { property: "subjectOf", advice: "a 3DModel of the product" },
  ],
};
