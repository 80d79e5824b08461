import { phasedOutIn2025, retiredFeature, SIMPLIFYING_2025 } from "./nested/retired-feature.ts";

export const ESTIMATED_SALARY = retiredFeature({
  id: "estimated-salary",
  feature: "Estimated salary",
  types: ["Occupation"],
  documentation: SIMPLIFYING_2025,
  since: "2025-06-12",
  message: phasedOutIn2025("estimated salary"),
});
