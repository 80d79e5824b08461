import type { HtmlDocument, HtmlElement } from "../../structured-data/html-document.ts";
import { cleanText } from "./page-text.ts";

/**
 * A postal address as the page writes it: in parts where the page marks them (microformats `h-adr`
 * classes, Open Graph `business:contact_data:*`), otherwise as the text of an `<address>` element.
 */
export interface AddressFacts {
  streetAddress: string | null;
  addressLocality: string | null;
  addressRegion: string | null;
  postalCode: string | null;
  addressCountry: string | null;
  /** The address as one line, when the page gives no parts. */
  text: string | null;
}

const MAX_PART_CHARS = 200;
const MAX_ADDRESS_CHARS = 300;

/** microformats2 class, then its microformats1 name. */
const PART_CLASSES = {
  streetAddress: ".p-street-address, .street-address",
  addressLocality: ".p-locality, .locality",
  addressRegion: ".p-region, .region",
  postalCode: ".p-postal-code, .postal-code",
  addressCountry: ".p-country-name, .country-name",
} as const;

/** The address inside `container`, by its marked parts or the text of its `<address>`; null when it states none. */
export function addressIn(container: HtmlElement): AddressFacts | null {
  const parts = emptyAddress();
  for (const [name, selector] of Object.entries(PART_CLASSES) as [keyof typeof PART_CLASSES, string][]) {
    parts[name] = textOf(container.querySelector(selector) as HtmlElement | null, MAX_PART_CHARS);
  }
  if (hasStreetAndPlace(parts)) return parts;
  const element = (container.tagName.toLowerCase() === "address" ? container : container.querySelector("address")) as HtmlElement | null;
  const text = textOf(element, MAX_ADDRESS_CHARS);
  // A street number or a postcode: contact lines without either (an e-mail, a name) are not an address.
  return text && /\d/.test(text) ? { ...emptyAddress(), text } : null;
}

/** Facebook's Open Graph business object: `business:contact_data:street_address` and the rest. */
export function openGraphAddress(document: HtmlDocument): AddressFacts | null {
  const meta = (name: string) => cleanText(document.querySelector(`meta[property="business:contact_data:${name}"]`)?.getAttribute("content"))?.slice(0, MAX_PART_CHARS) ?? null;
  const parts: AddressFacts = {
    streetAddress: meta("street_address"),
    addressLocality: meta("locality"),
    addressRegion: meta("region"),
    postalCode: meta("postal_code"),
    addressCountry: meta("country_name"),
    text: null,
  };
  return hasStreetAndPlace(parts) ? parts : null;
}

/** A street without a town or postcode does not find the place. */
function hasStreetAndPlace(parts: AddressFacts): boolean {
  return parts.streetAddress !== null && (parts.addressLocality !== null || parts.postalCode !== null);
}

export const NO_ADDRESS_PARTS: Omit<AddressFacts, "text"> = Object.freeze({ streetAddress: null, addressLocality: null, addressRegion: null, postalCode: null, addressCountry: null });

function emptyAddress(): AddressFacts {
  return { ...NO_ADDRESS_PARTS, text: null };
}

function textOf(element: HtmlElement | null, maxChars: number): string | null {
  const text = cleanText(element?.textContent);
  return text && text.length <= maxChars ? text : null;
}
