import type { HtmlDocument, HtmlElement } from "../../structured-data/html-document.ts";
import { type AddressFacts, addressIn, NO_ADDRESS_PARTS } from "./address-facts.ts";
import { parsePrice } from "./parse-price.ts";
import { elementText, isoDateAsWritten } from "./page-text.ts";

/**
 * One event the page is about, read from an element that says it holds an event: a microformats
 * `h-event` (or `vevent`), or an element whose class or id names an event and that holds a `<time
 * datetime>`. A page with several is a listing, not an event's page, and gets none.
 */
export interface EventFacts {
  name: string | null;
  /** ISO 8601, exactly as the page's `datetime` attribute writes it: no time zone is ever added. */
  startDate: string;
  endDate: string | null;
  description: string | null;
  location: { name: string | null; address: AddressFacts | null } | null;
  offer: { price: string; currency: string } | null;
}

const MAX_CANDIDATES = 50;

export function readEventFacts(document: HtmlDocument): EventFacts | null {
  const marked = (Array.from(document.querySelectorAll(".h-event, .vevent")) as HtmlElement[]).slice(0, MAX_CANDIDATES);
  const containers = marked.length > 0 ? marked : namedEventContainers(document);
  const outermost = containers.filter((container) => !containers.some((other) => other !== container && other.contains(container)));
  if (outermost.length !== 1) return null;
  return eventIn(outermost[0]!);
}

/**
 * Elements whose class or id names an event, that hold the page's heading and one or two dates:
 * `<section class="event-details"><h1>…</h1><time datetime>…`. The heading makes it the page's
 * subject; a sidebar of upcoming events (or a class such as "prevent-…") has no h1 and many dates.
 */
function namedEventContainers(document: HtmlDocument): HtmlElement[] {
  return (Array.from(document.querySelectorAll('[class*="event" i], [id*="event" i]')) as HtmlElement[])
    .slice(0, MAX_CANDIDATES)
    .filter((element) => element.querySelector("h1") !== null && [1, 2].includes(element.querySelectorAll("time[datetime]").length));
}

function eventIn(container: HtmlElement): EventFacts | null {
  const startDate = dateOf(container, ".dt-start, .dtstart") ?? isoDateAsWritten(container.querySelector("time[datetime]")?.getAttribute("datetime"));
  if (!startDate) return null;
  const priced = container.querySelector('[class*="price" i]') as HtmlElement | null;
  return {
    name: elementText(container.querySelector(".p-name, .summary, h1") as HtmlElement | null, 200),
    startDate,
    endDate: dateOf(container, ".dt-end, .dtend"),
    description: elementText(container.querySelector(".p-summary, .p-description, .description") as HtmlElement | null, 1000),
    location: locationIn(container),
    offer: priced ? parsePrice(priced.textContent ?? "") : null,
  };
}

/** A marked date: the `datetime` of a `<time>`, or the `value`/`title` microformats read, when it is ISO 8601. */
function dateOf(container: HtmlElement, selector: string): string | null {
  const element = container.querySelector(selector) as HtmlElement | null;
  if (!element) return null;
  return isoDateAsWritten(element.getAttribute("datetime") ?? element.querySelector("[datetime]")?.getAttribute("datetime") ?? element.getAttribute("title") ?? element.textContent);
}

function locationIn(container: HtmlElement): EventFacts["location"] {
  const element = (container.querySelector(".p-location, .location, [class*=venue i]") ?? container.querySelector("address")) as HtmlElement | null;
  if (!element) return null;
  const named = elementText(element.querySelector(".p-name, .fn, .org") as HtmlElement | null, 200);
  const text = elementText(element, 300);
  // An unmarked location line with a street number or postcode is the address; without one, the venue's name.
  const address = addressIn(element) ?? (!named && text && /\d/.test(text) ? { ...NO_ADDRESS_PARTS, text } : null);
  const name = named ?? (address ? null : text);
  return name || address ? { name, address } : null;
}
