import { gunzipSync, gzipSync } from "node:zlib";

/**
 * How a scan's artifacts are stored: JSON, gzip-compressed and base64-encoded behind a marker, in the
 * same text column as before.
 *
 * Artifacts hold every page a scan read (the homepage up to FETCH_MAX_BYTES, sample pages, llms.txt),
 * so stored as JSON they were the bulk of the database and of what a scan thread hands to the serving
 * thread. A hostile page made it worse: 5 MB of NUL bytes become 30 MB of JSON ("\u0000" each), and one
 * such scan stored 38 MB in one row, written by the serving thread. Compressed, that row is about
 * 180 KB, and 40 real pages shrink from 3.8 MB to 0.8 MB (gzip's default level: 55 ms for those 3.8 MB;
 * level 1 saves little time and keeps 40% more). Compressing happens where the scan runs (a scan
 * thread), so the serving thread only moves a short string.
 *
 * Rows stored before this (plain JSON) are still read: JSON text never starts with the marker.
 */
const MARKER = "gzip-base64:";

export function encodeArtifacts(artifacts: unknown): string | null {
  if (artifacts === null || artifacts === undefined) return null;
  return MARKER + gzipSync(JSON.stringify(artifacts)).toString("base64");
}

/** The artifacts of a stored row; throws when the text is neither JSON nor an intact compressed form. */
export function decodeArtifacts(stored: string): unknown {
  if (!stored.startsWith(MARKER)) return JSON.parse(stored);
  const compressed = Buffer.from(stored.slice(MARKER.length), "base64");
  return JSON.parse(gunzipSync(compressed).toString("utf8"));
}
