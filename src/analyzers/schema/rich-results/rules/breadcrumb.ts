import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A trail of at least two ListItems; every crumb has a position and a name, and all but the last an `item`. */
export const BREADCRUMB: FeatureRule = {
  id: "breadcrumb",
  feature: "Breadcrumb",
  types: ["BreadcrumbList"],
  documentation: `${GOOGLE_DOCS}/breadcrumb`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "itemListElement",
      advice: "one ListItem per crumb of the trail",
      each: {
        required: [
          { property: "position", advice: "the crumb's place in the trail, 1 for the first" },
          { anyOf: ["name", { property: "item", each: { required: ["name"] } }], advice: "the crumb's title as shown" },
        ],
      },
    },
    {
      holds: "atLeastTwoListItems",
      property: "itemListElement",
      label: "at least two ListItems",
      advice: "A breadcrumb trail needs at least two ListItems in `itemListElement` (for example Home › Shoes); Google shows no trail for one.",
    },
    {
      holds: "itemOnEveryListItemButLast",
      property: "itemListElement",
      label: "`item` on every ListItem but the last",
      advice: "Add `item` (the URL of the crumb's page) to every ListItem except the last one, which is the page itself.",
    },
  ],
};
