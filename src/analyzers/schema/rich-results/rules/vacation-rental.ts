import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A holiday home in Google's travel results. */
export const VACATION_RENTAL: FeatureRule = {
  id: "vacation-rental",
  feature: "Vacation rental",
  types: ["VacationRental"],
  documentation: `${GOOGLE_DOCS}/vacation-rental`,
  checked: "2026-11-23",
  status: { state: "limited", to: "for sites of vacation rental partners that work with Google through Hotel Center" },
  required: [
    {
      property: "containsPlace",
      advice: "the Accommodation being rented",
      each: {
        required: [{ property: "occupancy", each: { required: ["value"] }, advice: "a QuantitativeValue with the maximum number of guests" }],
        recommended: ["additionalType", "bed", "amenityFeature", "floorSize", "numberOfBathroomsTotal", "numberOfBedrooms", "numberOfRooms"],
      },
    },
    { property: "identifier", advice: "your stable ID for the listing" },
    "image",
    {
      holds: "atLeastEightImages",
      property: "image",
      label: "at least eight images",
      advice: "Give at least eight `image` URLs of the rental (rooms, amenities, surroundings).",
    },
    "latitude",
    "longitude",
    "name",
  ],
  recommended: ["additionalType", "address", "aggregateRating", "brand", "checkinTime", "checkoutTime", "description", "knowsLanguage", "review"],
};
