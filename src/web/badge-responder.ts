import type { Db } from "../store/database.ts";
import { latestRecord } from "../reports/latest-record.ts";
import { reportSubjectOf } from "../reports/report-subject.ts";
import { renderBadge } from "./badge.ts";
import type { ServiceWeb } from "./service-web.ts";
import { BoundedMap } from "../lib/bounded-map.ts";

/**
 * Answers GET /badge/:domain.svg, cached like the report: the ETag follows the stored record the
 * badge was drawn from (so a new scan changes it), and clients revalidate (no-cache) to get a 304.
 * Badges sit in READMEs that image proxies fetch often, so each record's badge is drawn once.
 */
export function badgeResponder(db: Db, web: ServiceWeb): (file: string, ifNoneMatch: string | null) => Promise<Response> {
  const drawn = new BoundedMap<string, { svg: string; etag: string }>(512);
  const unknown = draw(web.badge(null), "none");
  return async (file, ifNoneMatch) => {
    // Badges are SVG only: another extension (a .png, say) is a 404 that names the right address, never a
    // "not scanned" badge for a domain that was scanned (issue 28).
    if (!file.endsWith(".svg")) {
      const stem = file.replace(/\.(png|jpe?g|gif|webp|avif|bmp|ico|svgz)$/i, "");
      return Response.json({ error: "Not found", hint: `Badges are SVG images: /badge/${stem}.svg` }, { status: 404 });
    }
    const target = reportSubjectOf(file.slice(0, -4));
    const scan = target?.ok ? await latestRecord(db, target.subject) : null;
    let badge = unknown;
    if (scan) {
      const key = `${scan.id}`;
      badge = drawn.get(key) ?? draw(web.badge(scan), key);
      drawn.set(key, badge);
    }
    const headers = { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "no-cache", etag: badge.etag };
    if (ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim() === badge.etag || tag.trim() === `W/${badge.etag}`)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(badge.svg, { status: 200, headers });
  };
}

function draw(content: Parameters<typeof renderBadge>[0], key: string): { svg: string; etag: string } {
  const svg = renderBadge(content);
  return { svg, etag: `"b-${key}-${Bun.hash(svg).toString(36)}"` };
}
