import type { NodeRule } from "../../rule-types.ts";

/** Addresses and places, as Google reads them for events, local businesses and jobs. */

export const POSTAL_ADDRESS: NodeRule = {
  recommended: ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
};

/** A physical venue: Google requires its address. */
export const VENUE: NodeRule = {
  required: [{ property: "address", each: POSTAL_ADDRESS, textAllowed: true, advice: "the venue's PostalAddress" }],
  recommended: ["name"],
};
