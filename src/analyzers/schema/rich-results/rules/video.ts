import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A video on the page: its title, a thumbnail and when it was uploaded. */
export const VIDEO: FeatureRule = {
  id: "video",
  feature: "Video",
  types: ["VideoObject"],
  documentation: `${GOOGLE_DOCS}/video`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: ["name", { property: "thumbnailUrl", advice: "the URL of the thumbnail image" }, { property: "uploadDate", advice: "the date of first publication, ISO 8601 with time zone" }],
  recommended: ["contentUrl", "description", "duration", "embedUrl", "expires", "hasPart", "interactionStatistic", "publication", "regionsAllowed", "ineligibleRegion"],
};
