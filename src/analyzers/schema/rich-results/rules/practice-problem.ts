import { retiredFeature } from "./nested/retired-feature.ts";

/** Practice problems were Quizzes of multiple-choice or checkbox questions (flashcards are Education Q&A). */
export const PRACTICE_PROBLEM = retiredFeature({
  id: "practice-problem",
  feature: "Practice problem",
  types: ["Quiz"],
  appliesWhen: { holds: "quizOfPracticeProblems" },
  documentation: "https://developers.google.com/search/updates",
  since: "2026-01-06",
  message: "Practice problem results are no longer shown by Google (retirement announced in November 2025; documentation removed on 6 January 2026).",
});
