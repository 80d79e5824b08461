/** What one schema scan looks at, shown on the home page and while a scan runs. */
export const SCHEMA_CHECKS = [
  { title: "Structured data found", description: "Every JSON-LD block, Microdata item and RDFa item on the page, JSON-LD that does not parse included." },
  { title: "schema.org validity", description: "Unknown types and properties, properties on the wrong type, values of the wrong kind: prices, dates, URLs, enumerations." },
  { title: "Rich-result eligibility", description: "Google's required and recommended properties for products, merchant listings, articles, breadcrumbs, events, recipes, videos, job postings and more, dated; retired features (FAQ since 7 May 2026) are named as such." },
  { title: "Markup to paste in", description: "JSON-LD generated from the page's own content for what it shows but does not mark up yet." },
] as const;
