import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** How employees rate an employer, shown in Google's job search. */
export const EMPLOYER_RATING: FeatureRule = {
  id: "employer-rating",
  feature: "Employer aggregate rating",
  types: ["EmployerAggregateRating"],
  documentation: `${GOOGLE_DOCS}/employer-rating`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "itemReviewed", each: { required: ["name"], recommended: ["sameAs"] }, advice: "the Organization being rated" },
    { property: "ratingValue", advice: "the average rating as a number" },
    { anyOf: ["ratingCount", "reviewCount"], advice: "how many ratings the average is made of" },
  ],
  recommended: ["bestRating", "worstRating"],
};
