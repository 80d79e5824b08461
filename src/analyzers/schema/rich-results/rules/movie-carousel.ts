import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** Each Movie of a movie carousel: its name and a poster image. */
export const MOVIE_CAROUSEL: FeatureRule = {
  id: "movie-carousel",
  feature: "Movie carousel",
  types: ["Movie"],
  documentation: `${GOOGLE_DOCS}/movie`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: ["name", { property: "image", advice: "a poster or image of the movie" }],
  recommended: ["aggregateRating", "dateCreated", "director", "review"],
  note: "Movies are shown as a carousel when the page lists them in an ItemList (see Carousel); it is a mobile-only result.",
};
