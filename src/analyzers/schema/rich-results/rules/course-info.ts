import { phasedOutIn2025, retiredFeature, SIMPLIFYING_2025 } from "./nested/retired-feature.ts";

export const COURSE_INFO = retiredFeature({
  id: "course-info",
  feature: "Course info",
  types: ["Course"],
  documentation: SIMPLIFYING_2025,
  since: "2025-06-12",
  message: `${phasedOutIn2025("course info")} Course list results remain.`,
});
