import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** Article, NewsArticle, BlogPosting: Google requires no property; these make the result richer. */
export const ARTICLE: FeatureRule = {
  id: "article",
  feature: "Article",
  types: ["Article"],
  except: {
    types: ["SocialMediaPosting"],
    unless: ["BlogPosting"],
    why: "Google's Article page names Article, NewsArticle and BlogPosting; forum threads and social posts (DiscussionForumPosting, SocialMediaPosting) are its Discussion forum feature (/discussion-forum).",
  },
  documentation: `${GOOGLE_DOCS}/article`,
  checked: "2026-11-23",
  status: { state: "active" },
  recommended: [
    { property: "author", each: { recommended: ["name", "url"] }, textAllowed: false, advice: "a Person or Organization with its name and url" },
    "dateModified",
    "datePublished",
    "headline",
    "image",
  ],
};
