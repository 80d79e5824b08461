import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { jsonLdBlocks } from "../json-ld-blocks.ts";
import { excerpt } from "../page-text.ts";
import { nodesOf, siteName } from "../site-identity.ts";
import { pathOf, sitePages, textOf } from "../site-pages.ts";

/** Content with a named author is content someone answers for; assistants weigh that when choosing sources. */
export const authorship: AuditDefinition = {
  id: "authorship",
  title: "Content names its author",
  pillar: "trust",
  weight: 20,
  impact: "low",
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const pages = sitePages(artifacts);
  if (pages.length === 0) return unknownOutcome("No page could be read to look for authors.");
  const found: string[] = [];
  for (const page of pages) {
    const document = page.document;
    const meta = document.querySelector('meta[name="author"]')?.getAttribute("content")?.trim();
    if (meta) found.push(`${pathOf(page.url)}: <meta name="author" content="${excerpt(meta, 40)}">`);
    const rel = document.querySelector('a[rel~="author"],link[rel~="author"]');
    if (rel) found.push(`${pathOf(page.url)}: rel="author" ${excerpt(rel.getAttribute("href") ?? "", 60)}`);
    const byline = document.querySelector('[itemprop="author"],.author,.byline,[class*="byline"],[rel="author"]');
    if (byline && textOf(byline)) found.push(`${pathOf(page.url)}: byline "${excerpt(textOf(byline), 40)}"`);
    const marked = jsonLdBlocks(document).some((block) => block.ok && nodesOf(block.value).some((node) => node.author !== undefined));
    if (marked) found.push(`${pathOf(page.url)}: author in JSON-LD`);
  }
  if (found.length > 0) return passed(`Authorship is stated (${found.length} signal${found.length === 1 ? "" : "s"}).`, found.slice(0, 5));
  return {
    status: "warn",
    score: 0.5,
    detail: `None of the ${pages.length} pages read names an author (no byline, rel="author", meta author or author in JSON-LD).`,
    evidence: [],
    fix: {
      what: "Name the people behind the content",
      why: "Assistants prefer sources with accountable authors; a byline with a link to an author page is the simplest proof.",
      how: `On articles and key pages add a visible byline linking to an author page (\`<a rel="author" href="/team/jane-doe">Jane Doe</a>\`), and in their JSON-LD \`"author": {"@type": "Person", "name": "Jane Doe", "url": "…"}\`; for company pages, \`"author": {"@id": "#organization"}\` pointing at ${siteName(artifacts)}.`,
      effort: "S",
    },
  };
}
