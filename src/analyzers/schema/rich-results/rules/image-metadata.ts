import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** Credits and licence shown with an image in Google Images. */
export const IMAGE_METADATA: FeatureRule = {
  id: "image-metadata",
  feature: "Image metadata",
  types: ["ImageObject"],
  documentation: `${GOOGLE_DOCS}/image-license-metadata`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "contentUrl", advice: "the URL of the image file" },
    { anyOf: ["creator", "creditText", "copyrightNotice", "license"], advice: "who made the image or under which licence it may be used" },
  ],
  recommended: ["acquireLicensePage", { property: "creator", each: { required: ["name"] } }, "creditText", "copyrightNotice", "license"],
};
