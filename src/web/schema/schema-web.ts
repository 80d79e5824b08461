import type { StoredScan } from "../../store/scans-repo.ts";
import type { BadgeContent, ServiceWeb } from "../service-web.ts";
import { renderSchemaReport } from "./report-page.ts";
import { SCHEMA_CHECKS } from "./scan-checks.ts";
import { PASTE_PATH } from "./paste-page.ts";

export const schemaWeb: ServiceWeb = {
  name: "Structured data",
  home: {
    more: { href: PASTE_PATH, text: "Or check pasted HTML or JSON-LD, before it is published" },
    title: "Schema markup generator",
    heading: "Check your structured data, and get the JSON-LD you are missing",
    lead: "Enter a page URL. You get every schema.org item on the page with its errors, which Google rich results it qualifies for, and JSON-LD built from the page to paste in.",
    inputLabel: "Page URL",
    placeholder: "https://example.com/product/1",
    hint: "A full URL analyses that page; a bare domain analyses its homepage. Each page keeps its own reports.",
  },
  checks: SCHEMA_CHECKS,
  renderReport: renderSchemaReport,
  badge: schemaBadge,
};

/** The badge says how many rich results the page qualifies for, green when some and no errors. */
function schemaBadge(scan: StoredScan | null): BadgeContent {
  const label = "rich results";
  if (!scan) return { label, message: "not scanned", grade: null, title: `${label}: not scanned yet` };
  if (scan.status !== "ok") return { label, message: "scan failed", grade: null, title: `${label} of ${scan.domain}: the last scan failed` };
  const record = JSON.parse(scan.recordJson) as { result?: { summary?: { eligible?: number; errors?: number } } | null };
  const eligible = record.result?.summary?.eligible ?? 0;
  const errors = record.result?.summary?.errors ?? 0;
  const grade = errors > 0 ? "D" : eligible > 0 ? "A" : "C";
  const message = `${eligible} eligible${errors > 0 ? ` · ${errors} error${errors === 1 ? "" : "s"}` : ""}`;
  return { label, message, grade, title: `${label} of ${scan.domain}: ${message}` };
}
