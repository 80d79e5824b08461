import type { StoredScan } from "../../store/scans-repo.ts";
import type { BadgeContent, ServiceWeb } from "../service-web.ts";
import { renderVisibilityReport } from "./report-page.ts";
import { VISIBILITY_CHECKS } from "./scan-checks.ts";

const GRADES = ["A", "B", "C", "D", "F"] as const;

export const visibilityWeb: ServiceWeb = {
  name: "AI visibility",
  home: {
    title: "AI visibility scanner",
    heading: "Can AI assistants read, understand and cite your site?",
    lead: "Enter a domain. You get a score from 0 to 100, a grade, and the fixes that matter most, for ChatGPT, Claude, Perplexity, Gemini and Copilot.",
    inputLabel: "Domain or URL",
    placeholder: "example.com",
    hint: "A bare domain or any URL on it; the scan covers the domain's homepage, robots.txt, llms.txt and sitemap.",
  },
  checks: VISIBILITY_CHECKS,
  renderReport: renderVisibilityReport,
  badge: visibilityBadge,
};

/** The badge reads the indexed score and the record's grade; a failed scan is neutral, like an unknown one. */
function visibilityBadge(scan: StoredScan | null): BadgeContent {
  const label = "AI visibility";
  if (!scan) return { label, message: "not scanned", grade: null, title: `${label}: not scanned yet` };
  if (scan.status !== "ok") return { label, message: "scan failed", grade: null, title: `${label} of ${scan.domain}: the last scan failed` };
  const record = JSON.parse(scan.recordJson) as { result?: { grade?: string; score?: number } | null };
  const grade = GRADES.find((candidate) => candidate === record.result?.grade) ?? null;
  const score = typeof record.result?.score === "number" ? Math.round(record.result.score) : scan.score;
  if (grade === null || score === null) return { label, message: "unknown", grade: null, title: `${label} of ${scan.domain}: unknown` };
  return { label, message: `${grade} · ${score}`, grade, title: `${label} of ${scan.domain}: grade ${grade}, ${score} of 100` };
}
