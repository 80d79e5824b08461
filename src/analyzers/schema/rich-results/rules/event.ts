import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { EVENT_OFFER } from "./nested/offers.ts";
import { VENUE } from "./nested/places.ts";

/** Events people attend in person: a name, a start date and a Place with its address. */
export const EVENT: FeatureRule = {
  id: "event",
  feature: "Event",
  types: ["Event"],
  documentation: `${GOOGLE_DOCS}/event`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "name",
    { property: "startDate", advice: "the start date and time in ISO 8601, with the time zone offset" },
    {
      property: "location",
      advice: "the Place where the event happens",
      each: [
        { types: ["VirtualLocation"], rule: {} },
        { rule: VENUE },
      ],
    },
    {
      holds: "notOnlineOnly",
      property: "location",
      label: "a physical location",
      advice: "Google does not show online-only events: give the event a physical Place with an address (and MixedEventAttendanceMode if it is also streamed).",
    },
  ],
  recommended: [
    "description",
    "endDate",
    "eventAttendanceMode",
    "eventStatus",
    "image",
    { property: "offers", each: EVENT_OFFER },
    { property: "organizer", each: { recommended: ["name", "url"] } },
    { property: "performer", each: { recommended: ["name"] } },
  ],
};
