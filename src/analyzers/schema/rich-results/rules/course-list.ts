import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** Each Course of a course list: its name and description; the provider makes it richer. */
export const COURSE_LIST: FeatureRule = {
  id: "course-list",
  feature: "Course list",
  types: ["Course"],
  documentation: `${GOOGLE_DOCS}/course`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "name", advice: "the course title" },
    { property: "description", advice: "a short description of the course" },
  ],
  recommended: [{ property: "provider", each: { recommended: ["name", "sameAs"] }, advice: "the Organization that offers the course" }],
  note: "Google shows a course list only when the page marks up at least three courses (as Course items or in an ItemList carousel).",
};
