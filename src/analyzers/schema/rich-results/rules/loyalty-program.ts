import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A merchant's loyalty programme, declared on its Organization with `hasMemberProgram`. */
export const LOYALTY_PROGRAM: FeatureRule = {
  id: "loyalty-program",
  feature: "Loyalty program",
  types: ["Organization"],
  appliesWhen: { hasProperty: "hasMemberProgram" },
  documentation: `${GOOGLE_DOCS}/loyalty-program`,
  checked: "2026-11-23",
  status: { state: "limited", to: "in Australia, Brazil, Canada, France, Germany, Mexico, the UK and the US" },
  required: [
    {
      property: "hasMemberProgram",
      each: {
        required: [
          "name",
          "description",
          { property: "hasTiers", advice: "one MemberProgramTier per level", each: { required: ["name", { property: "hasTierBenefit", advice: "TierBenefitLoyaltyPoints or TierBenefitLoyaltyPrice" }], recommended: ["hasTierRequirement", "url"] } },
        ],
        recommended: ["url"],
      },
    },
  ],
};
