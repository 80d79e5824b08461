import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** An app: its name, its price (0 for free) and a rating or review. */
export const SOFTWARE_APP: FeatureRule = {
  id: "software-app",
  feature: "Software app",
  types: ["SoftwareApplication"],
  documentation: `${GOOGLE_DOCS}/software-app`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "name",
    { property: "offers", each: { required: [{ property: "price", advice: "0 for a free app" }], recommended: ["priceCurrency"] }, advice: "an Offer with the app's price" },
    { anyOf: ["aggregateRating", "review"], advice: "the app's rating or a review of it" },
  ],
  recommended: ["applicationCategory", "operatingSystem"],
};
