import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/**
 * Subscription and paywalled content: not a rich result, but the markup that tells Google the hidden
 * part is a paywall rather than cloaking. It applies to works marked `isAccessibleForFree: false`.
 */
export const PAYWALLED_CONTENT: FeatureRule = {
  id: "paywalled-content",
  feature: "Paywalled content",
  types: ["CreativeWork"],
  appliesWhen: { holds: "notAccessibleForFree" },
  documentation: `${GOOGLE_DOCS}/paywalled-content`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "isAccessibleForFree",
    {
      property: "hasPart",
      advice: "a WebPageElement for each paywalled section",
      each: {
        required: [
          { property: "isAccessibleForFree", advice: "false" },
          { property: "cssSelector", advice: "the class selector of the paywalled section, such as .paywall" },
        ],
      },
    },
  ],
};
