import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { EVENT } from "../../rich-results/rules/event.ts";
import type { EventFacts } from "../event-facts.ts";
import { type GraphPart, listed, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";
import { addressLine, postalAddress } from "./postal-address.ts";

/** The event the page announces: name, dates as the page writes them, the venue and a ticket price if shown. */
export function eventPart(facts: PageFacts, id: string, name: string, event: EventFacts, page: string | null): GraphPart {
  const node: JsonLdNode = { "@type": "Event", "@id": id, name, url: facts.canonicalUrl, startDate: event.startDate };
  if (event.endDate) node.endDate = event.endDate;
  const description = event.description ?? facts.description;
  if (description) node.description = description;
  if (facts.image) node.image = facts.image;
  if (event.location) {
    const place: JsonLdNode = { "@type": "Place" };
    if (event.location.name) place.name = event.location.name;
    if (event.location.address) place.address = postalAddress(event.location.address);
    node.location = place;
  }
  if (event.offer) node.offers = { "@type": "Offer", url: facts.canonicalUrl, price: event.offer.price, priceCurrency: event.offer.currency };
  if (page) node.mainEntityOfPage = reference(page);
  const address = event.location?.address ?? null;
  const from = listed([
    `the name "${name}"`,
    `the start ${event.startDate}`,
    event.endDate ? "the end" : null,
    event.location?.name ? `the venue "${event.location.name}"` : null,
    address ? `the address ${addressLine(address)}` : null,
    event.offer ? `the price ${event.offer.price} ${event.offer.currency}` : null,
  ]);
  return {
    type: "Event",
    id,
    node,
    reason: `The page announces an event without Event markup; with it, the event can be listed with its date and place in search results${address ? "" : " (Google lists only events with a venue address, which the page does not give)"}. Built from ${from}.`,
    richResults: address ? [EVENT.feature] : [],
  };
}
