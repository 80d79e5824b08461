import { Elysia, t } from "elysia";
import { Type as T, type TSchema } from "@sinclair/typebox";
import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { latestRecord } from "../reports/latest-record.ts";
import { reportHistory, type HistoryPage } from "../reports/report-history.ts";
import { pageOfDomain, reportSubjectOf, type ReportSubject } from "../reports/report-subject.ts";
import { runningScan, type RunningScan } from "../reports/running-scan.ts";
import { RunningScanMemo } from "../reports/running-scan-memo.ts";
import { JSON_CONTENT_TYPE, errorResponse, jsonResponse } from "./json-response.ts";
import { HistoryQuery, parseHistoryQuery } from "./history-query.ts";
import { ErrorBody } from "./api-schemas.ts";
import { ReportNotFoundBody, ScanInProgressBody, scanInProgress } from "./scan-in-progress.ts";
import { JSON_SECURITY_HEADERS } from "./security-headers.ts";
import { BoundedMap } from "../lib/bounded-map.ts";

// The parameter holds the domain followed by ".json"; neither router can split a suffix off a segment.
export const REPORT_PATH = "/api/report/:domain";
/** Under the report's path, with the same parameter: the router allows one parameter name per position. */
export const HISTORY_PATH = `${REPORT_PATH}/history.json`;

/**
 * Answers GET /api/report/:domain.json for the path parameter (with its ".json"), the request's
 * If-None-Match and its `?url=` (a page of the domain, where records are kept per page), if any.
 */
export type ReportResponder = (file: string, ifNoneMatch: string | null, page?: string | null) => Promise<Response>;

/** The `url` query parameter of a request URL, or null; most polls have no query, and skip the parse. */
export function pageParamOf(requestUrl: string): string | null {
  const start = requestUrl.indexOf("?");
  return start < 0 ? null : new URLSearchParams(requestUrl.slice(start + 1)).get("url");
}

/**
 * GET /api/report/:domain.json. Clients poll this every 1-2 seconds while a scan runs, so the common
 * answers are cheap: the latest record comes from the store's in-memory cache, its ETag is computed
 * once per stored record, and a client that already has it gets a 304. The server also mounts this
 * responder on Bun's native router (see startServer), where a poll skips the framework entirely.
 *
 * While a domain that has a record is rescanned, the 200 adds `scan` (the same member the 404 carries),
 * so that a poller sees the step instead of the old record alone; that answer is never cached.
 */
export function createReportResponder(db: Db, options: { perPage?: boolean } = {}): ReportResponder {
  const bodies = new EncodedRecords(256);
  const subjects = new SubjectsOfPaths(1024);
  const running = new RunningScanMemo(db);
  return async (file, ifNoneMatch, page) => {
    let subject = subjects.get(file);
    // `?url=` selects one page's records (the schema service); the visibility service ignores it.
    if (options.perPage && subject !== null && page) {
      const outcome = pageOfDomain(subject.domain, page);
      if (!outcome.ok) return errorResponse(400, outcome.error, {}, { "cache-control": "no-store" });
      subject = outcome.subject;
    }
    const scan = subject === null ? null : await latestRecord(db, subject);
    if (!scan) {
      // Only now is the queue asked (one indexed look-up): a poller waiting for a first record sees the scan's step.
      const job = subject === null ? null : await runningScan(db, subject);
      return notFound(job);
    }

    const rescan = await running.get(subject!);
    if (rescan) return withRunningScan(scan, rescan);
    const encoded = bodies.get(scan.id, scan.recordJson, scan.scannedAt);
    if (matchesEtag(ifNoneMatch, encoded.etag)) return new Response(null, { status: 304, headers: encoded.notModifiedHeaders });
    return new Response(encoded.body, { status: 200, headers: encoded.headers });
  };
}

function notFound(running: RunningScan | null): Response {
  return errorResponse(404, "Not found", running ? { scan: scanInProgress(running) } : {}, { "cache-control": "no-store" });
}

/** The stored record with `scan` added as its last member: the record's own bytes are kept, not re-serialised. */
function withRunningScan(scan: StoredScan, running: RunningScan): Response {
  const json = scan.recordJson.trimEnd();
  const body = `${json.slice(0, -1)}${json.length > 2 ? "," : ""}"scan":${JSON.stringify(scanInProgress(running))}}`;
  return new Response(body, {
    status: 200,
    headers: { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-store", "last-modified": new Date(scan.scannedAt).toUTCString(), ...JSON_SECURITY_HEADERS },
  });
}

const HistoryEntryBody = T.Object({
  scannedAt: T.String({ format: "date-time", description: "When the scan ran." }),
  status: T.Union([T.Literal("ok"), T.Literal("failed")]),
  score: T.Union([T.Integer({ minimum: 0, maximum: 100 }), T.Null()], { description: "0-100; null when the scan failed." }),
  grade: T.Union([T.String(), T.Null()], { description: "A-F; null when the scan failed or the service gives no grade (schema)." }),
  rescored: T.Boolean({ description: "true for a record re-scored from an older scan's artifacts (`sightline rescore`), not a new visit of the site." }),
});

export const HistoryBody = T.Object({
  domain: T.String({ description: "The normalised domain." }),
  total: T.Integer({ minimum: 0, description: "Stored scans of the domain in all." }),
  limit: T.Integer({ minimum: 1 }),
  offset: T.Integer({ minimum: 0 }),
  scans: T.Array(HistoryEntryBody, { description: "Newest first; empty when `offset` is past the last scan." }),
  next: T.Union([T.String(), T.Null()], { description: "The path of the next page, or null on the last one." }),
  scan: T.Optional(ScanInProgressBody),
});

/** `perPage`: the service keeps records per page (schema), so the report takes `?url=`, which the document then describes. */
export function reportRoutes(deps: { respond: ReportResponder; recordSchema: TSchema; db: Db; perPage?: boolean }) {
  return new Elysia()
    .get(HISTORY_PATH, ({ params, request }) => respondHistory(deps.db, params.domain, new URL(request.url).searchParams), {
      params: t.Object({ domain: t.String({ description: "The domain, e.g. `example.com` (no `.json` here).", examples: ["example.com"] }) }),
      detail: {
        tags: ["Scans"],
        summary: "List the scans of a domain, newest first",
        description:
          "No authentication and no rate limit, like the report itself. The domain is normalised like the report's (`www.` and case are " +
          `ignored). Paged with \`limit\` (1-100, default 20) and \`offset\` (0-100000, default 0); follow \`next\` for the next page. ` +
          "Answers 404 (`Not found`) for a domain with no stored scan, with `scan` while its first scan runs.",
        parameters: [
          ...Object.entries(HistoryQuery.properties).map(([name, schema]) => ({ name, in: "query", required: false, description: schema.description, schema })),
        ],
        responses: {
          200: { description: "A page of the domain's scans.", content: { "application/json": { schema: HistoryBody } } },
          400: { description: "A query parameter is unknown, repeated or out of range; the error names it.", content: { "application/json": { schema: ErrorBody } } },
          404: { description: "The domain has no stored scan (or is not a domain).", content: { "application/json": { schema: ReportNotFoundBody } } },
        },
      } as never,
    })
    .get(
    REPORT_PATH,
    ({ params, request }) => deps.respond(params.domain, request.headers.get("if-none-match"), pageParamOf(request.url)),
    {
      // Describes the parameter in the OpenAPI document; no pattern, so a name without ".json" still gets the interface's 404.
      params: t.Object({ domain: t.String({ description: "The domain followed by `.json`, e.g. `example.com.json`.", examples: ["example.com.json"] }) }),
      detail: {
        tags: ["Scans"],
        summary: "Fetch the latest scan record of a domain",
        description:
          "No authentication. The path is the domain followed by `.json`, e.g. `/api/report/example.com.json`; it is normalised " +
          "like the scan request (`www.` and case are ignored). Answers 404 until the first scan of the domain is stored. " +
          "Send the `ETag` back in `If-None-Match` to get a 304 when nothing changed." +
          (deps.perPage
            ? " Records are kept per page: `?url=<page URL>` answers with that page's latest record (404 until it has one; 400 when " +
              "the URL is not an absolute http(s) URL on the domain); without it, the domain's latest record, whichever page it is of."
            : ""),
        responses: {
          200: {
            description:
              "The latest record. While a new scan of the domain is queued or running, the record adds `scan` (the same member as " +
              "the 404's, see there) and the answer carries no ETag; once the new record is stored, it is served without `scan`.",
            content: { "application/json": { schema: deps.recordSchema } },
          },
          304: { description: "The record matching If-None-Match is still the latest." },
          ...(deps.perPage
            ? { 400: { description: "`url` is not an absolute http(s) URL on the domain; the error says why.", content: { "application/json": { schema: ErrorBody } } } }
            : {}),
          404: {
            description:
              "The domain has no stored record yet. While a scan of it is queued or running the body adds `scan`: " +
              '`{"state": "queued"|"running", "queuedAt": ISO time, "progress": {"done", "total", "step"} | null}`, so a poller can show ' +
              "which step the scan is on; `progress` is null until the running scan first reports.",
            content: { "application/json": { schema: ReportNotFoundBody } },
          },
        },
      } as never,
    },
  );
}

async function respondHistory(db: Db, requested: string, search: URLSearchParams): Promise<Response> {
  const query = parseHistoryQuery(search);
  if (!query.ok) return errorResponse(400, query.error, {}, { "cache-control": "no-store" });
  const outcome = reportSubjectOf(requested);
  if (!outcome.ok) return notFound(null);
  const page = await reportHistory(db, outcome.subject, query.value);
  const running = await runningScan(db, outcome.subject);
  if (page.total === 0) return notFound(running);
  return jsonResponse(historyBody(outcome.subject, page, running), 200, { "cache-control": "no-cache" });
}

function historyBody(subject: ReportSubject, page: HistoryPage, running: RunningScan | null) {
  const nextOffset = page.offset + page.limit;
  return {
    domain: subject.domain,
    total: page.total,
    limit: page.limit,
    offset: page.offset,
    scans: page.entries.map((entry) => ({ ...entry, scannedAt: new Date(entry.scannedAt).toISOString() })),
    next: nextOffset < page.total ? `/api/report/${encodeURIComponent(subject.domain)}/history.json?limit=${page.limit}&offset=${nextOffset}` : null,
    ...(running ? { scan: scanInProgress(running) } : {}),
  };
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/** The subject of a path parameter ("WWW.Example.com.json" → example.com), or null; remembered, since pollers repeat it. */
class SubjectsOfPaths {
  private readonly entries: BoundedMap<string, ReportSubject | null>;
  constructor(capacity: number) {
    this.entries = new BoundedMap(capacity);
  }

  get(file: string): ReportSubject | null {
    let subject = this.entries.get(file);
    if (subject === undefined) {
      const outcome = file.endsWith(".json") ? reportSubjectOf(file.slice(0, -5)) : null;
      subject = outcome?.ok ? outcome.subject : null;
      this.entries.set(file, subject);
    }
    return subject;
  }
}

interface EncodedRecord {
  etag: string;
  /** The JSON text: Bun sends a string body faster than a byte array. */
  body: string;
  headers: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
}

/**
 * Scan rows never change once written, so each record's ETag and headers are made once and kept by
 * row id: a poll costs a map look-up, not a hash.
 */
class EncodedRecords {
  private readonly entries: BoundedMap<number, EncodedRecord>;
  constructor(capacity: number) {
    this.entries = new BoundedMap(capacity);
  }

  get(scanId: number, json: string, scannedAt: number): EncodedRecord {
    let entry = this.entries.get(scanId);
    if (entry === undefined) {
      const etag = `"${scanId.toString(36)}-${Bun.hash(json).toString(36)}"`;
      const notModifiedHeaders = {
        etag,
        "cache-control": "no-cache",
        "last-modified": new Date(scannedAt).toUTCString(),
        ...JSON_SECURITY_HEADERS,
      };
      entry = { etag, body: json, notModifiedHeaders, headers: { "content-type": JSON_CONTENT_TYPE, ...notModifiedHeaders } };
      this.entries.set(scanId, entry);
    }
    return entry;
  }
}
