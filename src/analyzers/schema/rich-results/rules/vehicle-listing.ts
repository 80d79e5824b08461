import { phasedOutIn2025, retiredFeature, SIMPLIFYING_2025 } from "./nested/retired-feature.ts";

export const VEHICLE_LISTING = retiredFeature({
  id: "vehicle-listing",
  feature: "Vehicle listing",
  types: ["Vehicle"],
  documentation: SIMPLIFYING_2025,
  since: "2025-06-12",
  message: phasedOutIn2025("vehicle listing"),
});
