import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A merchant's standard return policy, declared on its Organization with `hasMerchantReturnPolicy`. */
export const RETURN_POLICY: FeatureRule = {
  id: "return-policy",
  feature: "Return policy (Organization)",
  types: ["Organization"],
  appliesWhen: { hasProperty: "hasMerchantReturnPolicy" },
  documentation: `${GOOGLE_DOCS}/return-policy`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "hasMerchantReturnPolicy",
      advice: "a MerchantReturnPolicy",
      each: {
        required: [
          { property: "applicableCountry", advice: "the ISO 3166-1 country codes the policy applies to" },
          { property: "returnPolicyCategory", advice: "MerchantReturnFiniteReturnWindow, MerchantReturnNotPermitted or MerchantReturnUnlimitedWindow" },
          { property: "returnPolicyCountry", advice: "the country the product must be returned to" },
          {
            holds: "returnDaysForFiniteWindow",
            property: "merchantReturnDays",
            label: "days of a finite return window",
            advice: "A MerchantReturnFiniteReturnWindow needs `merchantReturnDays`: how many days customers have to return the product.",
          },
        ],
        recommended: ["returnMethod", "returnFees", "itemCondition", "merchantReturnLink"],
      },
    },
  ],
};
