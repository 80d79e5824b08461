import type { Artifacts, HomepageResponse } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";

/**
 * A homepage too large to read whole: crawlers stop reading at a size limit, and what lies past it does
 * not exist for them. Google documents its limits (Google Search Central, "Googlebot",
 * https://developers.google.com/search/docs/crawling-indexing/googlebot): "When crawling for Google Search,
 * Googlebot crawls the first 2MB of a supported file type", counted on the uncompressed data, while Google's
 * crawlers and fetchers default to the first 15MB. Other AI crawlers document none. The scan itself reads
 * up to FETCH_MAX_BYTES (or what the scan's memory budget leaves) and says where it cut.
 */
export const pageSize: AuditRule<"homepage-response"> = {
  id: "page-size",
  title: "The homepage's HTML is small enough to be read whole",
  impact: "high",
  requires: ["homepage-response"],
  missing: { "homepage-response": "The homepage could not be loaded, so its size is unknown." },
  run,
};

/** Googlebot's documented limit for Google Search: the first 2MB of an HTML file, uncompressed (taken as 2 MiB, the reading that never fails a page Google reads whole). */
export const GOOGLEBOT_SEARCH_BYTES = 2 * 1024 * 1024;

const GOOGLE_LIMITS = "Googlebot reads only the first 2 MB of an HTML file for Google Search (Google's other crawlers and fetchers, 15 MB)";

function run(_artifacts: Artifacts, inputs: AuditInputs<"homepage-response">): AuditOutcome {
  const homepage = inputs["homepage-response"];
  const read = homepage.bytesRead ?? Buffer.byteLength(homepage.html);
  const announced = announcedSize(homepage);
  const evidence = [`read: ${size(read)}${homepage.truncated ? " (cut)" : ""}`, ...(announced ? [`Content-Length: ${announced.bytes} bytes${announced.compressed ? ` (${homepage.headers["content-encoding"]})` : ""}`] : [])];
  // Content-Length counts the bytes sent: compressed when Content-Encoding is set, so it is not the HTML's size then.
  const known = homepage.truncated ? (announced && !announced.compressed ? announced.bytes : null) : read;
  const overGoogle = (known ?? read) > GOOGLEBOT_SEARCH_BYTES || (homepage.truncated && read >= GOOGLEBOT_SEARCH_BYTES);
  if (!homepage.truncated && !overGoogle) return passed(`The homepage's HTML is ${size(read)}, read whole; ${GOOGLE_LIMITS.replace("reads only", "reads")}.`, evidence);

  const sizeSaid =
    known !== null
      ? `The homepage's HTML is ${size(known)}${homepage.truncated ? " (Content-Length)" : ""}`
      : announced
        ? `The homepage's HTML is larger than ${size(read)} (sent as ${size(announced.bytes)} compressed)`
        : `The homepage's HTML is larger than ${size(read)} (its length was not announced)`;
  const crawlers = overGoogle
    ? `${GOOGLE_LIMITS}, so what follows is invisible to Google Search and its AI features; other AI crawlers publish no limit.`
    : `Whether it is over the 2 MB Googlebot reads for Google Search is unknown; other AI crawlers publish no limit, and a page this large is slow to fetch for agents working while a person waits.`;
  const where = !homepage.truncated
    ? ""
    : homepage.cutByBudget
      ? ` The scan read its first ${size(read)}, where its memory budget (SCAN_MEMORY_MB) ran out, and judged only that part.`
      : ` The scan read its first ${size(read)}, the most it reads of one response (FETCH_MAX_BYTES), and judged only that part.`;
  return {
    status: overGoogle ? "fail" : "warn",
    score: overGoogle ? 0 : 0.5,
    detail: `${sizeSaid}. ${crawlers}${where}`,
    evidence,
    fix: {
      what: "Make the homepage's HTML smaller",
      why: "Crawlers read a page up to a size limit; the content, links and structured data past it are never seen.",
      how:
        `Find what fills ${homepage.finalUrl}: inline data (images as base64 \`data:\` URLs, a framework's serialised state, inline SVG sprites, CSS or scripts) belongs in separate files the page links to; ` +
        "long lists belong on paginated pages. Keep the text, headings and JSON-LD near the start of the HTML, and keep the page well under 2 MB (the median homepage's HTML is about 18 KB).",
      effort: "M",
    },
  };
}

function announcedSize(homepage: HomepageResponse): { bytes: number; compressed: boolean } | null {
  const raw = homepage.headers["content-length"];
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const encoding = (homepage.headers["content-encoding"] ?? "").trim().toLowerCase();
  return { bytes: Number(raw.trim()), compressed: encoding !== "" && encoding !== "identity" };
}

function size(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return mebibytes >= 1 ? `${mebibytes.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
