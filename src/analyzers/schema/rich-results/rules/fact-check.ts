import { phasedOutIn2025, retiredFeature, SIMPLIFYING_2025 } from "./nested/retired-feature.ts";

export const FACT_CHECK = retiredFeature({
  id: "fact-check",
  feature: "Fact check",
  types: ["ClaimReview"],
  documentation: SIMPLIFYING_2025,
  since: "2025-06-12",
  message: phasedOutIn2025("fact check (ClaimReview)"),
});
