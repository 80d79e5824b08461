import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { NAMED, RATING } from "./nested/ratings.ts";

const SELF_SERVING = "Google does not show review stars for an organization's reviews of itself (LocalBusiness and Organization reviews on their own site).";

/** A review of one thing: who wrote it, what it reviews, and the rating. */
export const REVIEW_SNIPPET: FeatureRule = {
  id: "review-snippet",
  feature: "Review snippet",
  types: ["Review"],
  except: { types: ["ClaimReview"], why: "A ClaimReview is Google's Fact check feature (/factcheck, retired on 2025-06-12), not a review snippet." },
  documentation: `${GOOGLE_DOCS}/review-snippet`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "author", each: NAMED, advice: "the Person or Organization who wrote the review" },
    { property: "itemReviewed", each: { required: ["name"] }, advice: "the thing reviewed, with its name" },
    { property: "reviewRating", each: RATING, advice: "a Rating with its ratingValue" },
  ],
  recommended: ["datePublished"],
  note: SELF_SERVING,
};

/** An aggregate rating published as an item of its own. */
export const AGGREGATE_RATING_SNIPPET: FeatureRule = {
  id: "review-snippet-aggregate",
  feature: "Review snippet (aggregate rating)",
  types: ["AggregateRating"],
  except: { types: ["EmployerAggregateRating"], why: "An EmployerAggregateRating is Google's Employer aggregate rating feature (/employer-rating)." },
  documentation: `${GOOGLE_DOCS}/review-snippet`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "itemReviewed", each: { required: ["name"] }, advice: "the thing rated, with its name" },
    { property: "ratingValue", advice: "the average rating as a number" },
    { anyOf: ["ratingCount", "reviewCount"], advice: "how many ratings or reviews the average is made of" },
  ],
  recommended: ["bestRating", "worstRating"],
  note: SELF_SERVING,
};
