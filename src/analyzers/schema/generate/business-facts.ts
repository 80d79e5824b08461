import type { HtmlDocument, HtmlElement } from "../../structured-data/html-document.ts";
import { type AddressFacts, addressIn, openGraphAddress } from "./address-facts.ts";
import { cleanText, elementText } from "./page-text.ts";

/**
 * A place people visit, as the page states it: an Open Graph `business.business` object with its
 * contact data, or a microformats card (`h-card`, `vcard`) that gives a street address. A footer's
 * bare `<address>` is not enough: head offices and contact lines use it too.
 */
export interface BusinessFacts {
  name: string | null;
  address: AddressFacts;
  telephone: string | null;
  geo: { latitude: string; longitude: string } | null;
}

const MAX_CARDS = 50;
const NOT_THE_BUSINESS = ".h-event, .vevent, .p-location, .location, .p-author, .author, .h-entry .h-card .h-card";
const COORDINATE = /^-?\d{1,3}(?:\.\d+)?$/;

export function readBusinessFacts(document: HtmlDocument): BusinessFacts | null {
  const meta = (property: string) => cleanText(document.querySelector(`meta[property="${property}"]`)?.getAttribute("content"));
  if (meta("og:type")?.toLowerCase() === "business.business") {
    const address = openGraphAddress(document);
    if (address) return { name: meta("og:title"), address, telephone: telephoneText(meta("business:contact_data:phone_number")), geo: geoOf(meta("place:location:latitude"), meta("place:location:longitude")) };
  }
  for (const card of (Array.from(document.querySelectorAll(".h-card, .vcard")) as HtmlElement[]).slice(0, MAX_CARDS)) {
    // An event's venue or a post's author is a card too, but not the business behind the site.
    if (card.closest(NOT_THE_BUSINESS)) continue;
    const address = addressIn(card);
    // Only a card with a street and a town or postcode: a person's card or a bare contact line is no business.
    if (!address || address.streetAddress === null) continue;
    return {
      name: elementText(card.querySelector(".p-org, .org, .p-name, .fn") as HtmlElement | null, 200),
      address,
      telephone: telephoneText(elementText(card.querySelector(".p-tel, .tel") as HtmlElement | null, 40) ?? telLink(card)),
      geo: geoOf(elementText(card.querySelector(".p-latitude, .latitude") as HtmlElement | null, 20), elementText(card.querySelector(".p-longitude, .longitude") as HtmlElement | null, 20)),
    };
  }
  return null;
}

function telLink(card: HtmlElement): string | null {
  const href = card.querySelector('a[href^="tel:" i]')?.getAttribute("href");
  return href ? cleanText(decodeURIComponentSafely(href.slice("tel:".length))) : null;
}

/** Digits with the usual separators and an optional leading "+", as written. */
function telephoneText(value: string | null): string | null {
  return value && /^\+?[\d\s().\/-]{5,30}$/.test(value) ? value : null;
}

function geoOf(latitude: string | null, longitude: string | null): BusinessFacts["geo"] {
  if (!latitude || !longitude || !COORDINATE.test(latitude) || !COORDINATE.test(longitude)) return null;
  return Math.abs(Number(latitude)) <= 90 && Math.abs(Number(longitude)) <= 180 ? { latitude, longitude } : null;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
