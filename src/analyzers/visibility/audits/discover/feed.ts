import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { requiredHomepage } from "../audit-inputs.ts";
import { siteName, siteOriginOf } from "../../derive/site-identity.ts";

/** An RSS or Atom feed announces new content the moment it is published, to readers and crawlers alike. */
export const feed: AuditRule = {
  id: "feed",
  title: "An RSS or Atom feed announces new content",
  impact: "low",
  requires: ["readable-homepage"],
  run,
};

const FEED_TYPES = ["application/rss+xml", "application/atom+xml", "application/feed+json"];

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = requiredHomepage(artifacts);
  const feeds = Array.from(homepage.document.querySelectorAll("link[rel][href]")).filter(
    (link) => (link.getAttribute("rel") ?? "").toLowerCase().includes("alternate") && FEED_TYPES.includes((link.getAttribute("type") ?? "").toLowerCase().trim()),
  );
  if (feeds.length > 0) {
    return passed(
      `The homepage announces ${feeds.length === 1 ? "a feed" : `${feeds.length} feeds`}.`,
      feeds.slice(0, 3).map((link) => `<link rel="alternate" type="${link.getAttribute("type")}" href="${link.getAttribute("href")}">`),
    );
  }
  const origin = siteOriginOf(artifacts);
  return {
    status: "warn",
    score: 0.5,
    detail: "The homepage announces no RSS or Atom feed (<link rel=\"alternate\" type=\"application/rss+xml\">), so new articles and updates are found only by recrawling.",
    evidence: [],
    fix: {
      what: "Publish a feed and link it from the <head>",
      why: "Feeds let crawlers and aggregators pick up new and updated pages as soon as they appear.",
      how: `If the site publishes articles, news or changelogs, enable the CMS's feed and add \`<link rel="alternate" type="application/rss+xml" title="${siteName(artifacts)}" href="${origin}/feed.xml">\` to every page's \`<head>\`.`,
      effort: "S",
    },
  };
}
