import { phasedOutIn2025, retiredFeature, SIMPLIFYING_2025 } from "./nested/retired-feature.ts";

/** Learning videos were VideoObjects with educational properties; plain videos keep their feature. */
export const LEARNING_VIDEO = retiredFeature({
  id: "learning-video",
  feature: "Learning video",
  types: ["VideoObject"],
  appliesWhen: { hasProperty: "learningResourceType" },
  documentation: SIMPLIFYING_2025,
  since: "2025-06-12",
  message: `${phasedOutIn2025("learning video")} Video results remain.`,
});
