import type { VisibilityRecord } from "../analyzers/visibility/record-schema.ts";
import type { SiteSummary } from "../analyzers/visibility/site-record-schema.ts";
import { platformReachOf } from "../reports/platform-reach.ts";

/**
 * `sightline scan --format markdown`: the record as a pull-request comment (GitHub Flavored Markdown):
 * grade and score, reach by AI platform, the templates that fail with example URLs (site-wide scans),
 * and the top issues. Scanned sites write titles, URLs and details; GitHub renders HTML and links in
 * comments, so every such text is escaped to show as written, never to act (markdownText, markdownUrl).
 */

const REACH_WORDS = { reads: "can read", limited: "limited", blocked: "cannot read", unknown: "unknown" } as const;
const MAX_TEMPLATES = 10;
const MAX_EXAMPLES = 3;
const MAX_TEXT = 300;

export function markdownSummary(record: VisibilityRecord, minScore: number | null): string {
  const domain = markdownText(record.domain);
  if (record.status !== "ok" || !record.result) {
    return `## AI visibility: ${domain}\n\n**The scan failed.** ${markdownText(record.reason ?? "")}\n`;
  }
  const result = record.result;
  const lines = [`## AI visibility: ${domain}: ${result.score}/100, grade ${result.grade}`, "", `**${markdownText(result.label)}**${minScoreLine(result.score, minScore)}`, ""];
  lines.push(...reachSection(record, result.site));
  if (result.site) lines.push(...templateSection(result.site));
  lines.push("### Top issues", "");
  if (result.topIssues.length === 0) lines.push("No issues found.");
  result.topIssues.forEach((issue, index) => {
    lines.push(`${index + 1}. **${markdownText(issue.title)}** (${issue.impact}): ${markdownText(issue.detail)}`);
    lines.push(`   Fix (${issue.fix.effort}): ${markdownText(issue.fix.what)}`);
  });
  return `${lines.join("\n")}\n`;
}

function minScoreLine(score: number, minScore: number | null): string {
  if (minScore === null) return "";
  return score >= minScore ? ` · meets --min-score ${minScore}` : ` · **below --min-score ${minScore}**`;
}

/** Across the sampled pages when the scan read the site, else the homepage's reach as the record gives it. */
function reachSection(record: VisibilityRecord, site: SiteSummary | undefined): string[] {
  if (site && site.reach.length > 0) {
    const lines = ["### Reach by AI platform", "", `Sampled pages each platform can find and read (${site.pages.sampled} sampled of ${site.pages.discovered} found).`, "", "| Platform | Pages read | Where it cannot |", "| --- | --- | --- |"];
    for (const platform of site.reach) {
      const share = platform.pagesJudged === 0 ? "no page judged" : `${platform.pagesRead} of ${platform.pagesJudged} (${Math.round((platform.pagesRead / platform.pagesJudged) * 100)}%)`;
      const causes = platform.templates
        .filter((template) => template.read < template.judged)
        .slice(0, 3)
        .map((template) => `${markdownText(template.template)}: ${markdownText(template.cause ?? `${template.judged - template.read} of ${template.judged} pages`)}`);
      lines.push(`| ${markdownText(platform.name)} | ${share} | ${causes.length === 0 ? "·" : causes.join("; ")} |`);
    }
    return [...lines, ""];
  }
  const reach = platformReachOf(record);
  if (reach.every((entry) => entry.status === "unknown")) return [];
  const lines = ["### Reach by AI platform (homepage)", "", "| Platform | Homepage |", "| --- | --- |"];
  for (const entry of reach) lines.push(`| ${markdownText(entry.name)} | ${REACH_WORDS[entry.status]} |`);
  return [...lines, ""];
}

function templateSection(site: SiteSummary): string[] {
  const failing = site.templates.filter((template) => template.issues.length > 0).slice(0, MAX_TEMPLATES);
  const lines = ["### Templates with issues", ""];
  if (failing.length === 0) return [...lines, `No issues on the ${site.pages.sampled} sampled pages.`, ""];
  for (const template of failing) {
    lines.push(`- ${markdownText(template.template)} (${template.sampled} sampled of ${template.discovered}):`);
    for (const issue of template.issues.slice(0, 5)) {
      const examples = issue.examples.slice(0, MAX_EXAMPLES).map(markdownUrl).join(", ");
      lines.push(`  - ${markdownText(issue.id)} on ${issue.pages} of ${template.sampled}${examples ? `, e.g. ${examples}` : ""}`);
    }
  }
  if (site.cut) lines.push("", `The crawl stopped early (its ${site.cut} budget ran out): not every sampled page was read.`);
  return [...lines, ""];
}

/**
 * Text that shows as written: every character Markdown or HTML could act on is escaped (a backslash
 * before punctuation, entities for `<`, `>` and `&`), newlines fold, and the length is bounded.
 */
export function markdownText(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim();
  const clipped = folded.length > MAX_TEXT ? `${folded.slice(0, MAX_TEXT - 1)}…` : folded;
  return clipped.replace(/[&<>]/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[character]!).replace(/[\\`*_{}[\]()#+\-.!|~:"]/g, "\\$&");
}

/** A URL shown as text, not a link: only http(s) URLs pass, and GitHub's autolinking is defused by the escapes. */
export function markdownUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? markdownText(url) : markdownText(`(not an http URL) ${url}`);
}
