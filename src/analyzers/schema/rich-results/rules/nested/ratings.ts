import type { NodeRule } from "../../rule-types.ts";

/** Review and rating rules Google applies wherever they are nested (review snippets, products, recipes). */

export const NAMED: NodeRule = { required: ["name"], recommended: ["url"] };

export const RATING: NodeRule = {
  required: [{ property: "ratingValue", advice: "the rating as a number" }],
  recommended: ["bestRating", "worstRating"],
};

export const AGGREGATE_RATING: NodeRule = {
  required: [
    { property: "ratingValue", advice: "the average rating as a number" },
    { anyOf: ["ratingCount", "reviewCount"], advice: "how many ratings or reviews the average is made of" },
  ],
  recommended: ["bestRating", "worstRating"],
};

export const NESTED_REVIEW: NodeRule = {
  required: [
    { property: "author", each: NAMED, advice: "the Person or Organization who wrote the review" },
    { property: "reviewRating", each: RATING },
  ],
  recommended: ["datePublished"],
};
