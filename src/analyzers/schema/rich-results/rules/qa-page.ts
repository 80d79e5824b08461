import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

const ANSWER = { required: [{ property: "text", advice: "the full answer" }], recommended: ["author", "datePublished", "upvoteCount", "url"] } as const;

/** A page where people ask one question and others answer it (forums, support communities). */
export const QA_PAGE: FeatureRule = {
  id: "qa-page",
  feature: "Q&A page",
  types: ["QAPage"],
  documentation: `${GOOGLE_DOCS}/qapage`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "mainEntity",
      advice: "the Question the page is about",
      each: {
        required: [
          { property: "name", advice: "the question's title" },
          { property: "answerCount", advice: "how many answers it has" },
          {
            anyOf: [
              { property: "acceptedAnswer", each: ANSWER },
              { property: "suggestedAnswer", each: ANSWER },
            ],
            advice: "the answers, as Answer items",
          },
        ],
        recommended: ["author", "datePublished", "text", "upvoteCount"],
      },
    },
  ],
  note: "Only for pages where users can answer the question; a page written by the site with its own answers is not a Q&A page.",
};
