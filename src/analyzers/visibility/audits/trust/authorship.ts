import { bylines } from "../../derive/byline.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { siteOwner } from "../../derive/site-owner.ts";
import { pathOf, sitePages } from "../../derive/site-pages.ts";

/** Content with a named author is content someone answers for; assistants weigh that when choosing sources. */
export const authorship: AuditRule<"readable-pages"> = {
  id: "authorship",
  title: "Content names its author",
  impact: "low",
  requires: ["readable-pages"],
  notes: ["pages-cut"],
  run,
};

/** Evidence quotes a few statements, enough to show where authors are named without flooding the record. */
const MAX_EVIDENCE = 5;
const PER_PAGE_EVIDENCE = 2;

function run(artifacts: Artifacts): AuditOutcome {
  const pages = sitePages(artifacts);
  const named = pages.map((page) => ({ path: pathOf(page.url), found: bylines(page) })).filter((entry) => entry.found.length > 0);
  if (named.length > 0) {
    const first = named[0]!;
    const evidence = named.flatMap(({ path, found }) => found.slice(0, PER_PAGE_EVIDENCE).map((byline) => `${path}: ${byline.source}: "${excerpt(byline.name, 60)}"`)).slice(0, MAX_EVIDENCE);
    return passed(
      `${named.length} of the ${pages.length} page${pages.length === 1 ? "" : "s"} read name${named.length === 1 ? "s" : ""} an author, e.g. "${excerpt(first.found[0]!.name, 60)}" on ${first.path} (read from ${first.found[0]!.source}).`,
      evidence,
    );
  }
  return {
    status: "warn",
    score: 0.5,
    detail: `No author found on the ${pages.length === 1 ? "page" : `${pages.length} pages`} read: no byline, author link, author meta tag, or author in JSON-LD or Microdata.`,
    evidence: [],
    fix: {
      what: "Name the people behind the content",
      why: "Assistants prefer sources with accountable authors; a byline with a link to an author page is the simplest proof.",
      how: authorshipSteps(artifacts),
      effort: "S",
    },
  };
}

/**
 * Bylines first; in JSON-LD, the author as a Person, and for pages the site itself answers for, the site's
 * own entity by the `@id` it declares (derive/site-owner.ts), stated with its type and name so that the
 * reference resolves on the page it is pasted into.
 */
function authorshipSteps(artifacts: Artifacts): string {
  const owner = siteOwner(artifacts);
  const byline = `On articles and key pages add a visible byline linking to an author page (\`<a rel="author" href="/team/jane-doe">Jane Doe</a>\`), and in their JSON-LD \`"author": {"@type": "Person", "name": "Jane Doe", "url": "…"}\``;
  if (!owner) return `${byline}.`;
  const self = JSON.stringify({ "@type": owner.type, "@id": owner.id, name: owner.name });
  if (owner.kind === "person") return `${byline}; on your own posts, \`"author": ${self}\` names you as the site does.`;
  return `${byline}; for pages ${owner.name} answers for as a whole, \`"author": ${self}\`, the ${owner.type} ${owner.declared ? "your homepage declares" : "the organization-identity fix declares"}.`;
}
