import { retiredFeature } from "./nested/retired-feature.ts";

export const HOW_TO = retiredFeature({
  id: "how-to",
  feature: "How-to",
  types: ["HowTo"],
  documentation: "https://developers.google.com/search/blog/2023/08/howto-faq-changes",
  since: "2023-09-13",
  message: "How-to rich results are no longer shown by Google since 13 September 2023.",
});
