import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import type { NodeRule } from "../rule-types.ts";

const POST_BODY = { anyOf: ["text", "image", "video"], advice: "the post's text, or the image or video it consists of" } as const;

const COMMENT: NodeRule = {
  required: [{ property: "author", each: { required: ["name"], recommended: ["url"] } }, "datePublished", POST_BODY],
  recommended: ["comment", "creativeWorkStatus", "dateModified", "interactionStatistic", "sharedContent", "url"],
};

/** A forum thread's first post: who wrote it, when, and what it says; replies as `comment`. */
export const DISCUSSION_FORUM: FeatureRule = {
  id: "discussion-forum",
  feature: "Discussion forum",
  types: ["DiscussionForumPosting", "SocialMediaPosting"],
  // schema.org files BlogPosting under SocialMediaPosting; Google's Article page (/article) names BlogPosting as an Article.
  except: { types: ["BlogPosting"], why: "Google's Discussion forum feature is for forum-style sites and social media posts; a blog post is an Article, as Google's Article page says (/article)." },
  documentation: `${GOOGLE_DOCS}/discussion-forum`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "author", each: { required: ["name"], recommended: ["url"] }, advice: "the Person who wrote the post, with a name" },
    "datePublished",
    POST_BODY,
  ],
  recommended: [
    { property: "comment", each: COMMENT, advice: "each reply as a Comment" },
    "creativeWorkStatus",
    "dateModified",
    "headline",
    "image",
    "interactionStatistic",
    "isPartOf",
    "sharedContent",
    "url",
    "video",
  ],
  note: "For a page where people ask a question and answer it, use QAPage instead.",
};
