import { retiredFeature } from "./nested/retired-feature.ts";

/** The search box under a site's result came from WebSite markup with a SearchAction. */
export const SITELINKS_SEARCH_BOX = retiredFeature({
  id: "sitelinks-search-box",
  feature: "Sitelinks search box",
  types: ["WebSite"],
  appliesWhen: { hasProperty: "potentialAction" },
  documentation: "https://developers.google.com/search/blog/2024/10/sitelinks-search-box",
  since: "2024-11-21",
  message: "The sitelinks search box is no longer shown by Google since 21 November 2024; WebSite markup still helps Google with the site name.",
});
