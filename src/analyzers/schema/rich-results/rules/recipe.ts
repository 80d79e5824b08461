import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { AGGREGATE_RATING } from "./nested/ratings.ts";

/** A recipe: its name and an image; times, ingredients and steps fill the result. */
export const RECIPE: FeatureRule = {
  id: "recipe",
  feature: "Recipe",
  types: ["Recipe"],
  documentation: `${GOOGLE_DOCS}/recipe`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: ["name", { property: "image", advice: "the URL of a photo of the finished dish" }],
  recommended: [
    { property: "aggregateRating", each: AGGREGATE_RATING },
    "author",
    "cookTime",
    "datePublished",
    "description",
    "keywords",
    { property: "nutrition", each: { recommended: ["calories"] } },
    "prepTime",
    "recipeCategory",
    "recipeCuisine",
    "recipeIngredient",
    "recipeInstructions",
    "recipeYield",
    "totalTime",
    "video",
  ],
};
