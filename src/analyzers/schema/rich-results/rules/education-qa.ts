import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** Flashcards: a Quiz whose parts are Questions of type "Flashcard", each with its answer. */
export const EDUCATION_QA: FeatureRule = {
  id: "education-qa",
  feature: "Education Q&A",
  types: ["Quiz"],
  appliesWhen: { holds: "quizOfFlashcards" },
  documentation: `${GOOGLE_DOCS}/education-qa`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "hasPart",
      advice: "one Question per flashcard",
      each: {
        required: [
          { property: "eduQuestionType", advice: '"Flashcard"' },
          { property: "text", advice: "the question" },
          { property: "acceptedAnswer", each: { required: ["text"] }, advice: "an Answer with its text" },
        ],
      },
    },
  ],
  recommended: ["about", "educationalAlignment", "educationalLevel"],
  note: "The education Q&A carousel is shown for searches in the languages Google lists on the page (English, Portuguese, Spanish, Vietnamese among them).",
};
