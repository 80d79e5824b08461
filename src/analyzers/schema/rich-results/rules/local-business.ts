import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { POSTAL_ADDRESS } from "./nested/places.ts";

/** A business people visit: its name and address; hours, phone and location make the panel useful. */
export const LOCAL_BUSINESS: FeatureRule = {
  id: "local-business",
  feature: "Local business",
  types: ["LocalBusiness"],
  documentation: `${GOOGLE_DOCS}/local-business`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: ["name", { property: "address", each: POSTAL_ADDRESS, textAllowed: true, advice: "the PostalAddress of the business" }],
  recommended: [
    "aggregateRating",
    "department",
    { property: "geo", each: { required: ["latitude", "longitude"] }, advice: "GeoCoordinates with latitude and longitude" },
    "menu",
    "openingHoursSpecification",
    "priceRange",
    "review",
    "servesCuisine",
    "telephone",
    "url",
  ],
};
