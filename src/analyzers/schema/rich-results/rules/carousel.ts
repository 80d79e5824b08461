import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/**
 * A host carousel: an ItemList of recipes, courses, restaurants or movies from one site. Only the
 * all-in-one form (the items inside the list) is recognised here; a summary list of URLs cannot show
 * what it lists.
 */
export const CAROUSEL: FeatureRule = {
  id: "carousel",
  feature: "Carousel",
  types: ["ItemList"],
  appliesWhen: { holds: "listsCarouselItems" },
  documentation: `${GOOGLE_DOCS}/carousel`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      property: "itemListElement",
      each: [
        { types: ["ListItem"], rule: { required: ["position", { anyOf: ["item", "url"], advice: "the listed item, or the URL of its page" }] } },
        { rule: {} },
      ],
    },
  ],
  note: "Each listed item must also meet its own feature's rules (Recipe, Course list, Local business, Movie carousel), and all items must be of one type.",
};
