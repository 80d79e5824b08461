import type { ServiceName } from "../analyzers/analyzer.ts";
import type { ServiceWeb } from "./service-web.ts";

/**
 * Our own robots.txt, llms.txt and sitemap.xml. The service should pass its own audit: AI crawlers
 * are welcome everywhere a person may go, the API is described for agents with absolute links, and
 * the sitemap lists the pages worth indexing.
 */

function base(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, "");
}

export function robotsTxt(publicUrl: string): string {
  return `# AI assistants and search crawlers are welcome: reports are public.
User-agent: *
Allow: /
# The no-JavaScript form post and the scan API start work; there is nothing to index behind them.
Disallow: /scan
Disallow: /api/scan

Sitemap: ${base(publicUrl)}/sitemap.xml
`;
}

export function llmsTxt(publicUrl: string, siteName: string, web: ServiceWeb | null, service: ServiceName): string {
  const root = base(publicUrl);
  const schema = service === "schema";
  const what = web
    ? `${web.home.lead} Each report covers: ${web.checks.map((check) => check.title.toLowerCase()).join(", ")}.`
    : "Scans a URL and reports its structured data.";
  return `# ${siteName}${web ? ` ${web.home.title}` : ""}

> ${what}

Reports are public JSON. Fetching a report needs no authentication; starting a scan needs an API key
(\`Authorization: Bearer <key>\`) or, in a browser, the challenge on the web form.

How to use the API:

- Start a scan: \`POST ${root}/api/scan\` with JSON \`{"url": "example.com", "forceRescan": false}\`. Answers 200 with the record when a fresh one (younger than 24 hours) exists, 202 \`{"domain": "example.com"}\` when the scan started, 400 for a bad or unresolvable URL, 401 for a wrong key, 403 without a key or valid challenge, 429 \`{"error", "retryAfterSeconds"}\` when a rate limit is reached.
- Fetch a report: \`GET ${root}/api/report/{domain}.json\`. Answers 200 with the record, 404 \`{"error": "Not found"}\` until the first scan of the domain is stored. Poll every 1-2 seconds after a 202.
- Report page for people: \`${root}/report/{domain}\`; badge: \`${root}/badge/{domain}.svg\`, grade and score as an SVG image for READMEs.
- A domain's earlier scans: \`GET ${root}/api/report/{domain}/history.json\`, newest first, paged with \`limit\` (1-100) and \`offset\`.
${schema ? schemaApiLines(root) : ""}
## API

- [OpenAPI description](${root}/swagger/json): every endpoint, request and response schema
- [Interactive API documentation](${root}/swagger): try the endpoints in a browser

## Pages

- [Scan form](${root}/): type a domain, get the report
${schema ? `- [Check pasted markup](${root}/check): paste a page's HTML or JSON-LD, get its verdicts\n` : ""}
## Optional

- [robots.txt](${root}/robots.txt)
- [Sitemap](${root}/sitemap.xml)
`;
}

/** The schema service's own endpoints: records per page, and checks of pasted markup (docs/api-extensions.md). */
function schemaApiLines(root: string): string {
  return `- One page's record: \`GET ${root}/api/report/{domain}.json?url={page URL}\`. Records are kept per page; without \`url\`, the domain's latest record.
- Check pasted markup once, nothing fetched or stored: \`POST ${root}/api/check\` with JSON \`{"html": "…"}\`, \`{"jsonld": …}\` or \`{"markup": "…"}\` (optional \`url\`, used only to resolve relative links). Same authentication and per-IP/per-key quotas as a scan, counted apart. Answers 200 with the analysis, 400 for a malformed body, 401, 403, 413 past the size limit, 429, 503 when busy.
`;
}

export function sitemapXml(publicUrl: string): string {
  const root = base(publicUrl);
  const urls = ["/", "/swagger", "/llms.txt"].map((path) => `<url><loc>${escapeXml(root + path)}</loc></url>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
