import { Elysia } from "elysia";
import type { TSchema } from "@sinclair/typebox";
import type { Db } from "../store/database.ts";
import { latestScan } from "../store/scans-repo.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { JSON_CONTENT_TYPE, errorResponse } from "./json-response.ts";
import { NotFoundBody } from "./api-schemas.ts";

/**
 * GET /api/report/:domain.json. Clients poll this every 1-2 seconds while a scan runs, so the common
 * answers are cheap: one indexed SELECT, an ETag computed once per stored record, and 304 when the
 * client already has it.
 */
export function reportRoutes(deps: { db: Db; recordSchema: TSchema }) {
  const etags = new EtagCache(256);
  return new Elysia().get(
    "/api/report/:file",
    ({ params, request }) => {
      const file = params.file;
      const target = file.endsWith(".json") ? normalizeTarget(file.slice(0, -5)) : null;
      const scan = target?.ok ? latestScan(deps.db, target.domain) : null;
      if (!scan) return errorResponse(404, "Not found", {}, { "cache-control": "no-store" });

      const etag = etags.get(scan.id, scan.recordJson);
      const headers = { etag, "cache-control": "no-cache", "last-modified": new Date(scan.scannedAt).toUTCString() };
      if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      return new Response(scan.recordJson, { status: 200, headers: { "content-type": JSON_CONTENT_TYPE, ...headers } });
    },
    {
      detail: {
        tags: ["Scans"],
        summary: "Fetch the latest scan record of a domain",
        description:
          "No authentication. The path is the domain followed by `.json`, e.g. `/api/report/example.com.json`; it is normalised " +
          "like the scan request (`www.` and case are ignored). Answers 404 until the first scan of the domain is stored. " +
          "Send the `ETag` back in `If-None-Match` to get a 304 when nothing changed.",
        parameters: [{ name: "file", in: "path", required: true, description: "The domain followed by .json", schema: { type: "string", example: "example.com.json" } }],
        responses: {
          200: { description: "The latest record.", content: { "application/json": { schema: deps.recordSchema } } },
          304: { description: "The record matching If-None-Match is still the latest." },
          404: { description: "The domain has never been scanned.", content: { "application/json": { schema: NotFoundBody } } },
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

/** Scan rows never change once written, so a record's ETag is computed once and kept by row id. */
class EtagCache {
  private readonly entries = new Map<number, string>();
  constructor(private readonly capacity: number) {}

  get(scanId: number, json: string): string {
    let etag = this.entries.get(scanId);
    if (etag === undefined) {
      etag = `"${scanId.toString(36)}-${Bun.hash(json).toString(36)}"`;
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(scanId, etag);
    }
    return etag;
  }
}
