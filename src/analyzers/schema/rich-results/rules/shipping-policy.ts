import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A merchant's standard shipping policy, declared on its Organization with `hasShippingService`. */
export const SHIPPING_POLICY: FeatureRule = {
  id: "shipping-policy",
  feature: "Shipping policy (Organization)",
  types: ["Organization"],
  appliesWhen: { hasProperty: "hasShippingService" },
  documentation: `${GOOGLE_DOCS}/shipping-policy`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "hasShippingService",
      advice: "a ShippingService",
      each: {
        required: [
          {
            property: "shippingConditions",
            advice: "ShippingConditions: where it ships and what it costs",
            each: {
              required: [
                { property: "shippingDestination", advice: "a DefinedRegion with addressCountry" },
                { anyOf: ["shippingRate", "doesNotShip"], advice: "the shipping cost, or doesNotShip true" },
              ],
              recommended: ["transitTime", "orderValue"],
            },
          },
        ],
        recommended: ["name", "description", "fulfillmentType", "handlingTime"],
      },
    },
  ],
};
