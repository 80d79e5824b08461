import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A ProductGroup holding the variants (sizes, colours) of one product, each a full Product. */
export const PRODUCT_VARIANTS: FeatureRule = {
  id: "product-variants",
  feature: "Product variants",
  types: ["ProductGroup"],
  documentation: `${GOOGLE_DOCS}/product-variants`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "name",
    { property: "productGroupID", advice: "the parent SKU shared by the variants" },
    {
      property: "hasVariant",
      advice: "one Product per variant",
      each: { required: ["name", { property: "offers", advice: "the variant's Offer with price and currency" }], recommended: ["image", "sku", "gtin", "inProductGroupWithID"] },
    },
  ],
  recommended: ["variesBy", "brand", "description", "url", "aggregateRating", "review"],
};
