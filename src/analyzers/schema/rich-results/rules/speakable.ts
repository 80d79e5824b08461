import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** The parts of a news article suited to be read aloud by Google Assistant. */
export const SPEAKABLE: FeatureRule = {
  id: "speakable",
  feature: "Speakable",
  types: ["Article", "WebPage"],
  appliesWhen: { hasProperty: "speakable" },
  documentation: `${GOOGLE_DOCS}/speakable`,
  checked: "2026-11-23",
  status: { state: "limited", to: "for news publishers, for users in the US speaking English (beta)" },
  required: [
    {
      property: "speakable",
      advice: "a SpeakableSpecification",
      each: { required: [{ anyOf: ["cssSelector", "xpath"], advice: "the CSS selectors or XPaths of the sections to read aloud" }] },
    },
  ],
};
