import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/**
 * FAQ rich results: no longer shown by Google since 7 May 2026 (limited to government and health sites
 * since August 2023 before that). The properties stay, since other search and answer engines still read
 * FAQPage markup.
 */
export const FAQ: FeatureRule = {
  id: "faq",
  feature: "FAQ",
  types: ["FAQPage"],
  documentation: `${GOOGLE_DOCS}/faqpage`,
  checked: "2026-11-23",
  status: {
    state: "deprecated",
    since: "2026-05-07",
    message: "FAQ rich results are no longer shown by Google since 7 May 2026. The markup is still valid schema.org and other search and answer engines may read it.",
  },
  required: [
    {
      property: "mainEntity",
      advice: "one Question per question on the page",
      each: {
        required: [
          { property: "name", advice: "the full question" },
          { property: "acceptedAnswer", each: { required: ["text"] }, advice: "an Answer with the full answer as its text" },
        ],
      },
    },
  ],
};
