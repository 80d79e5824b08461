import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A page about one person or organization (creator profiles on forums and social sites). */
export const PROFILE_PAGE: FeatureRule = {
  id: "profile-page",
  feature: "Profile page",
  types: ["ProfilePage"],
  documentation: `${GOOGLE_DOCS}/profile-page`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "mainEntity",
      advice: "the Person or Organization the profile is about",
      each: {
        required: [{ anyOf: ["name", "alternateName"], advice: "the name, or the handle" }],
        recommended: ["alternateName", "identifier", "interactionStatistic", "agentInteractionStatistic", "description", "image", "sameAs"],
      },
    },
  ],
  recommended: ["dateCreated", "dateModified"],
};
