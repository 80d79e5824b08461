import { Elysia, t } from "elysia";
import type { TSchema } from "@sinclair/typebox";
import type { Db } from "../store/database.ts";
import { latestScan } from "../store/scans-repo.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { findActiveJob } from "../scans/queue.ts";
import { JSON_CONTENT_TYPE, errorResponse } from "./json-response.ts";
import { ReportNotFoundBody, scanInProgress } from "./scan-in-progress.ts";
import { JSON_SECURITY_HEADERS } from "./security-headers.ts";

// The parameter holds the domain followed by ".json"; neither router can split a suffix off a segment.
export const REPORT_PATH = "/api/report/:domain";

/** Answers GET /api/report/:domain.json for the path parameter (with its ".json") and the request's If-None-Match. */
export type ReportResponder = (file: string, ifNoneMatch: string | null) => Response;

/**
 * GET /api/report/:domain.json. Clients poll this every 1-2 seconds while a scan runs, so the common
 * answers are cheap: the latest record comes from the store's in-memory cache, its ETag is computed
 * once per stored record, and a client that already has it gets a 304. The server also mounts this
 * responder on Bun's native router (see startServer), where a poll skips the framework entirely.
 */
export function createReportResponder(db: Db): ReportResponder {
  const bodies = new EncodedRecords(256);
  const domains = new DomainsOfPaths(1024);
  return (file, ifNoneMatch) => {
    const domain = domains.get(file);
    const scan = domain === null ? null : latestScan(db, domain);
    if (!scan) {
      // Only now is the queue asked (one indexed look-up): a poller waiting for a first record sees the scan's step.
      const job = domain === null ? null : findActiveJob(db, domain);
      return errorResponse(404, "Not found", job ? { scan: scanInProgress(job) } : {}, { "cache-control": "no-store" });
    }

    const encoded = bodies.get(scan.id, scan.recordJson, scan.scannedAt);
    if (matchesEtag(ifNoneMatch, encoded.etag)) return new Response(null, { status: 304, headers: encoded.notModifiedHeaders });
    return new Response(encoded.body, { status: 200, headers: encoded.headers });
  };
}

export function reportRoutes(deps: { respond: ReportResponder; recordSchema: TSchema }) {
  return new Elysia().get(
    REPORT_PATH,
    ({ params, request }) => deps.respond(params.domain, request.headers.get("if-none-match")),
    {
      // Describes the parameter in the OpenAPI document; no pattern, so a name without ".json" still gets the interface's 404.
      params: t.Object({ domain: t.String({ description: "The domain followed by `.json`, e.g. `example.com.json`.", examples: ["example.com.json"] }) }),
      detail: {
        tags: ["Scans"],
        summary: "Fetch the latest scan record of a domain",
        description:
          "No authentication. The path is the domain followed by `.json`, e.g. `/api/report/example.com.json`; it is normalised " +
          "like the scan request (`www.` and case are ignored). Answers 404 until the first scan of the domain is stored. " +
          "Send the `ETag` back in `If-None-Match` to get a 304 when nothing changed.",
        responses: {
          200: { description: "The latest record.", content: { "application/json": { schema: deps.recordSchema } } },
          304: { description: "The record matching If-None-Match is still the latest." },
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

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/** The normalised domain of a path parameter ("WWW.Example.com.json" → "example.com"), or null; remembered, since pollers repeat it. */
class DomainsOfPaths {
  private readonly entries = new Map<string, string | null>();
  constructor(private readonly capacity: number) {}

  get(file: string): string | null {
    let domain = this.entries.get(file);
    if (domain === undefined) {
      const target = file.endsWith(".json") ? normalizeTarget(file.slice(0, -5)) : null;
      domain = target?.ok ? target.domain : null;
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(file, domain);
    }
    return domain;
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
  private readonly entries = new Map<number, EncodedRecord>();
  constructor(private readonly capacity: number) {}

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
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(scanId, entry);
    }
    return entry;
  }
}
