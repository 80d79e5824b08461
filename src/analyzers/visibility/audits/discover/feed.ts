import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed, unknownOutcome } from "../audit.ts";
import { announcedFeeds } from "../../derive/announced-feeds.ts";
import { siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { inlineCode } from "../fix-code.ts";
import { counted } from "../wording.ts";

/**
 * An RSS or Atom feed announces new content the moment it is published, to readers and crawlers alike. A
 * link is only as good as what it leads to: the announced feed is fetched (gather/feed.ts) and passes only
 * when it answers with an RSS, Atom or JSON Feed document.
 */
export const feed: AuditRule<"readable-homepage"> = {
  id: "feed",
  title: "An RSS or Atom feed announces new content",
  impact: "low",
  requires: ["readable-homepage"],
  run,
};

const KIND_NAMES: Record<"rss" | "atom" | "json", string> = { rss: "an RSS feed", atom: "an Atom feed", json: "a JSON Feed" };

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const announced = announcedFeeds(homepage.document, homepage.response.finalUrl);
  const origin = siteOriginOf(artifacts);
  if (announced.length === 0) {
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
  const linkEvidence = announced.slice(0, 3).map((link) => `<link rel="alternate" type="${link.type}" href="${link.href}">`);
  const first = announced.find((link) => link.url !== null);
  if (!first) {
    return failed(`The homepage announces a feed, but its address ${inlineCode(announced[0]!.href)} is not an http(s) URL, so no reader can fetch it.`, linkEvidence, brokenLinkFix(announced[0]!.href, origin));
  }
  const fetched = artifacts.feed;
  if (!fetched || fetched.url !== first.url) return unknownOutcome(`The homepage announces a feed at ${first.url}, but this scan did not fetch it (scanned before feeds were fetched), so whether it works is unknown.`);
  if (!fetched.ok) {
    if (fetched.error.code === "internal" || fetched.error.code === "skipped") return unknownOutcome(`The feed the homepage announces at ${first.url} could not be checked (${fetched.error.message}).`);
    return failed(`The homepage announces a feed at ${first.url}, but fetching it failed: ${fetched.error.message}.`, [...linkEvidence, `${first.url}: ${fetched.error.code}`], brokenLinkFix(first.url, origin));
  }
  const answered = `${fetched.finalUrl === fetched.url ? "" : ` (redirected to ${fetched.finalUrl})`}`;
  const evidence = [...linkEvidence, `${fetched.url}: HTTP ${fetched.status}${fetched.contentType ? `, ${fetched.contentType}` : ""}${answered}`];
  if (fetched.status >= 400) {
    return failed(`The homepage announces a feed at ${first.url}, but it answers HTTP ${fetched.status}${answered}: readers and crawlers that follow the link find no feed.`, evidence, brokenLinkFix(first.url, origin));
  }
  if (fetched.kind === null) {
    return failed(
      `The homepage announces a feed at ${first.url}, but it answers HTTP ${fetched.status}${fetched.contentType ? ` with ${inlineCode(fetched.contentType)}` : ""}${answered} and the body is not an RSS, Atom or JSON feed${fetched.start ? ` (it starts with ${inlineCode(fetched.start)})` : ""}.`,
      evidence,
      brokenLinkFix(first.url, origin),
    );
  }
  const items = fetched.items > 0 ? `, with ${counted(fetched.items, fetched.kind === "atom" ? "entry" : "item", fetched.kind === "atom" ? "entries" : "items")}${fetched.truncated ? " in its first part" : ""}` : ", with no items yet";
  return passed(`The homepage announces ${KIND_NAMES[fetched.kind]} at ${first.url}, which answers HTTP ${fetched.status}${items}.`, evidence);
}

function failed(detail: string, evidence: string[], fix: Fix): AuditOutcome {
  return { status: "fail", score: 0, detail, evidence, fix };
}

function brokenLinkFix(href: string, origin: string): Fix {
  return {
    what: "Make the announced feed answer, or remove the link",
    why: "A feed link that leads nowhere tells crawlers and feed readers the site publishes updates they then cannot get.",
    how: `Serve the feed at ${inlineCode(href)} (most CMSs publish one, e.g. ${origin}/feed/ on WordPress) as RSS or Atom with status 200, or point the \`<link rel="alternate">\` in the \`<head>\` at the address the feed really lives at; if the site publishes no feed, remove the link.`,
    effort: "S",
  };
}
