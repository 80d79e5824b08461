import type { NodeRule, TypedNodeRule } from "../../rule-types.ts";

/** Google's nested rules for `offers`, shared by product snippets, merchant listings and events. */

const PRICE = {
  anyOf: ["price", { property: "priceSpecification", each: { required: ["price"] } }],
  advice: "the price as a number (`priceSpecification.price` also counts)",
} as const;

const CURRENCY = {
  anyOf: ["priceCurrency", { property: "priceSpecification", each: { required: ["priceCurrency"] } }],
  advice: "the ISO 4217 currency code, such as EUR",
} as const;

/** An AggregateOffer sums up several sellers: Google requires its lowest price and the currency. */
export const AGGREGATE_OFFER: NodeRule = {
  required: [
    { property: "lowPrice", advice: "the lowest price of the offers, as a number" },
    { property: "priceCurrency", advice: "the ISO 4217 currency code, such as EUR" },
  ],
  recommended: ["highPrice", "offerCount"],
};

/** Product snippets: an Offer needs its price; AggregateOffer its low price and currency. */
export const SNIPPET_OFFERS: readonly TypedNodeRule[] = [
  { types: ["AggregateOffer"], rule: AGGREGATE_OFFER },
  { rule: { required: [PRICE], recommended: [CURRENCY, "availability", "priceValidUntil"] } },
];

/** Merchant listings: one seller's Offer with price and currency; shipping and returns make it richer. */
export const MERCHANT_OFFERS: readonly TypedNodeRule[] = [
  {
    types: ["AggregateOffer"],
    rule: {
      required: [
        {
          holds: "isNotAggregateOffer",
          property: null,
          label: "an Offer, not an AggregateOffer",
          advice: "Merchant listings need an Offer from the seller of the page: an AggregateOffer only counts for product snippets.",
        },
      ],
    },
  },
  {
    rule: {
      required: [PRICE, CURRENCY],
      recommended: ["availability", "itemCondition", "hasMerchantReturnPolicy", "shippingDetails", "priceValidUntil"],
    },
  },
];

/** Event tickets: all recommended. */
export const EVENT_OFFER: NodeRule = {
  recommended: ["availability", "price", "priceCurrency", "validFrom", "url"],
};
