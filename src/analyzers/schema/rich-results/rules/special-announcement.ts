import { phasedOutIn2025, retiredFeature, SIMPLIFYING_2025 } from "./nested/retired-feature.ts";

export const SPECIAL_ANNOUNCEMENT = retiredFeature({
  id: "special-announcement",
  feature: "Special announcement",
  types: ["SpecialAnnouncement"],
  documentation: SIMPLIFYING_2025,
  since: "2025-06-12",
  message: phasedOutIn2025("special announcement"),
});
