import { Elysia, t } from "elysia";
import { Type as T } from "@sinclair/typebox";
import { PageVerdictSchema } from "../analyzers/visibility/site-record-schema.ts";
import { latestPageVerdicts, PAGE_VERDICT_PAGING, type PageVerdictsPage } from "../reports/page-verdicts.ts";
import { reportSubjectOf } from "../reports/report-subject.ts";
import type { Db } from "../store/database.ts";
import { ErrorBody } from "./api-schemas.ts";
import { PagesQueryDocument, parsePagesQuery, type PagesQueryValue } from "./pages-query.ts";
import { REPORT_PATH } from "./report-routes.ts";
import { errorResponse, rawJsonResponse } from "./json-response.ts";

/** Under the report's path, with the same parameter: the router allows one parameter name per position. */
export const PAGES_PATH = `${REPORT_PATH}/pages.json`;

export const PagesBody = T.Object({
  domain: T.String({ description: "The normalised domain." }),
  scannedAt: T.String({ format: "date-time", description: "When the scan whose verdicts these are ran: the latest record's." }),
  total: T.Integer({ minimum: 0, description: "Verdicts matching the filters in all; 0 for a record without per-page verdicts (a single-page scan, or one from before site-wide scans)." }),
  limit: T.Integer({ minimum: 1 }),
  offset: T.Integer({ minimum: 0 }),
  templates: T.Array(T.Object({ template: T.String(), pages: T.Integer({ minimum: 1 }) }), { description: "Every template of the record's sampled pages, with its count, largest first, whatever the filters." }),
  pages: T.Array(PageVerdictSchema, { description: "The matching verdicts in the order sampled (the homepage first); empty past the last." }),
  next: T.Union([T.String(), T.Null()], { description: "The path of the next page, filters kept, or null on the last one." }),
});

/** GET /api/report/:domain/pages.json: the latest record's per-page verdicts, paged and filtered (visibility service). */
export function pagesRoutes(deps: { db: Db }) {
  return new Elysia().get(PAGES_PATH, ({ params, request }) => respondPages(deps.db, params.domain, new URL(request.url).searchParams), {
    params: t.Object({ domain: t.String({ description: "The domain, e.g. `example.com` (no `.json` here).", examples: ["example.com"] }) }),
    // Documents the query; every member is an optional string here, so that parsePagesQuery gives the 400s their words.
    query: PagesQueryDocument,
    detail: {
      tags: ["Scans"],
      summary: "List the verdict on each page the latest scan sampled",
      description:
        "No authentication and no rate limit, like the report itself. A site-wide scan samples pages across the site's templates (up to " +
        "its page budget, `pages` of POST /api/scan) and judges each; this lists those verdicts for the domain's latest record, so pages " +
        "of two scans never mix. Filter by `template`, `status` (a verdict word or an HTTP status) and `platform` (the pages that AI platform " +
        `cannot find or read); page with \`limit\` (1-${PAGE_VERDICT_PAGING.maxLimit}, default ${PAGE_VERDICT_PAGING.defaultLimit}) and \`offset\`, ` +
        "following `next`. A record without per-page verdicts answers 200 with `total` 0. Answers 404 (`Not found`) for a domain with no stored record.",

      responses: {
        200: { description: "A page of the latest record's verdicts.", content: { "application/json": { schema: PagesBody } } },
        400: { description: "A query parameter is unknown, repeated, or not one the filter accepts; the error names it and what it accepts.", content: { "application/json": { schema: ErrorBody } } },
        404: { description: 'The domain has no stored record (or is not a domain): `{"error": "Not found"}`.', content: { "application/json": { schema: ErrorBody } } },
      },
    } as never,
  });
}

async function respondPages(db: Db, requested: string, search: URLSearchParams): Promise<Response> {
  const query = parsePagesQuery(search);
  if (!query.ok) return errorResponse(400, query.error, {}, { "cache-control": "no-store" });
  const subject = reportSubjectOf(requested);
  if (!subject.ok) return errorResponse(404, "Not found", {}, { "cache-control": "no-store" });
  const page = await latestPageVerdicts(db, { domain: subject.subject.domain, page: undefined }, query.value);
  if (!page) return errorResponse(404, "Not found", {}, { "cache-control": "no-store" });
  return rawJsonResponse(pagesJson(subject.subject.domain, page, query.value), 200, { "cache-control": "no-cache" });
}

/** The stored verdicts are spliced in as they are: each was serialised once, when the scan stored it. */
function pagesJson(domain: string, page: PageVerdictsPage, query: PagesQueryValue): string {
  const head = {
    domain,
    scannedAt: new Date(page.scannedAt).toISOString(),
    total: page.total,
    limit: page.limit,
    offset: page.offset,
    templates: page.templates,
  };
  const nextOffset = page.offset + page.limit;
  const next = nextOffset < page.total ? nextPath(domain, query, nextOffset) : null;
  return `${JSON.stringify(head).slice(0, -1)},"pages":[${page.pagesJson.join(",")}],"next":${JSON.stringify(next)}}`;
}

function nextPath(domain: string, query: PagesQueryValue, offset: number): string {
  const search = new URLSearchParams();
  if (query.template !== undefined) search.set("template", query.template);
  if (query.status !== undefined) search.set("status", String(query.status));
  if (query.platform !== undefined) search.set("platform", query.platform);
  search.set("limit", String(query.limit));
  search.set("offset", String(offset));
  return `/api/report/${encodeURIComponent(domain)}/pages.json?${search}`;
}
