/**
 * The scoring table: each pillar's weight (the pillar weights sum to 100, so when every pillar applies a
 * pillar's points are its share of the overall score) and the weight of each of its audits within it
 * (summing to 100 per pillar; 0 reports without scoring), in the order the record lists them. Audits
 * hold no weights of their own; the gates that cap the grade are beside this table, in gates.ts, and
 * docs/visibility-audits.md is generated from both (`bun run docs`).
 */
export const PILLARS = [
  // site-reach and site-pages (issue 29) take a fifth of access and content; the homepage's audits there keep their ratios at 4/5 of
  // their old weights, so a scan without a crawl (both not applicable, out of the denominator) scores exactly as before.
  { id: "access", title: "Access for AI crawlers", weight: 25, audits: { "ai-platform-reach": 40, "robots-ai-search-access": 8, "crawler-probe": 8, "homepage-status": 8, "page-directives": 4, "https": 8, "response-time": 4, "robots-ai-training": 0, "ai-usage-signals": 0, "site-reach": 20 } },
  { id: "render", title: "Readable without JavaScript", weight: 15, audits: { "raw-html-text": 50, "raw-html-h1": 20, "title-present": 15, "text-markup-ratio": 10, "page-size": 5 } },
  // llms-txt weighs 5, as its use warrants: AI crawlers ask for /llms.txt in 0.1–0.3% of their requests (2026 log studies), and ax-audit 4.0 cut it to 5 of 100; the 15 points it gave up go to the sitemap, which crawlers do read (sources: docs/visibility-audits.md).
  { id: "discover", title: "Discoverability", weight: 12, audits: { "sitemap-valid": 40, "robots-sitemap": 15, "llms-txt": 5, "llms-full-txt": 5, "canonical-link": 25, "feed": 10, "agent-offerings": 0 } },
  { id: "structure", title: "Structured data", weight: 15, audits: { "json-ld-present": 15, "json-ld-parses": 15, "organization-identity": 25, "website-schema": 5, "schema-type-fit": 10, "open-graph": 10, "meta-description": 10, "html-lang": 10 } },
  { id: "content", title: "Content", weight: 15, audits: { "word-count": 24, "heading-outline": 16, "direct-answer": 12, "question-headings": 8, "lists-tables": 8, "image-alt": 12, "site-pages": 20 } },
  { id: "trust", title: "Trust signals", weight: 8, audits: { "authorship": 20, "content-dates": 25, "trust-pages": 35, "hsts": 20 } },
  { id: "presence", title: "Off-site presence", weight: 10, audits: { "wikidata-entity": 40, "wikipedia-article": 30, "common-crawl": 30 } },
] as const;

export type PillarId = (typeof PILLARS)[number]["id"];

export const PILLAR_IDS = PILLARS.map((pillar) => pillar.id) as PillarId[];
