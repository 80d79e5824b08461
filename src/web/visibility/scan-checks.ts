import { PILLARS, type PillarId } from "../../analyzers/visibility/scoring/pillars.ts";
import type { ScanCheck } from "../service-web.ts";

/** What each pillar looks at, in words for people waiting on a scan. Titles come from the scoring table. */
const DESCRIPTIONS: Record<PillarId, string> = {
  access: "robots.txt rules and the answers AI crawlers get, for search and for training",
  render: "whether the page's text is in the HTML, without running JavaScript",
  discover: "sitemaps and the other ways crawlers find your pages",
  structure: "JSON-LD and other structured data that say what the site is",
  content: "titles, descriptions and text that an assistant can quote",
  trust: "HTTPS and the signals that make a source worth citing",
  presence: "Wikidata, Wikipedia and Common Crawl: what is known about you elsewhere",
};

export const VISIBILITY_CHECKS: readonly ScanCheck[] = PILLARS.map((pillar) => ({
  title: pillar.title,
  description: DESCRIPTIONS[pillar.id],
  ...(pillar.id === "presence" ? { offsite: true } : {}),
}));
