import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import type { AddressFacts } from "../address-facts.ts";

/** A PostalAddress of the parts the page marks, or the address line itself when it marks none. */
export function postalAddress(address: AddressFacts): JsonLdNode | string {
  if (address.streetAddress === null && address.text !== null) return address.text;
  const node: JsonLdNode = { "@type": "PostalAddress" };
  for (const key of ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"] as const) {
    if (address[key] !== null) node[key] = address[key];
  }
  return node;
}

/** The address in one line, for a reason text. */
export function addressLine(address: AddressFacts): string {
  return address.text ?? [address.streetAddress, address.postalCode, address.addressLocality, address.addressRegion, address.addressCountry].filter(Boolean).join(", ");
}
