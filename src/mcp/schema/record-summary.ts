import type { EligibilityEntry, SchemaRecord, SchemaResult } from "../../analyzers/schema/record-schema.ts";
import { verdictTexts } from "../../analyzers/schema/verdict-texts.ts";
import { MAX_DIGEST_ITEMS, MAX_DIGEST_JSON_LD_CHARS } from "./record-digest.ts";

const MAX_ISSUES_LISTED = 10;

const VERDICT_WORDS = { eligible: "eligible", limited: "eligible (limited to some sites)", ineligible: "not eligible", deprecated: "no longer shown by Google" } as const;

/**
 * The record in words for the model reading the tool result: counts, the first MAX_DIGEST_ITEMS items
 * with their first errors and rich-result verdicts (the rest are counted, with the full record's URL),
 * and the suggested JSON-LD (the part users paste), whole up to MAX_DIGEST_JSON_LD_CHARS.
 */
export function summarizeSchemaRecord(record: SchemaRecord, reportUrl: string): string {
  if (record.status === "failed" || !record.result) {
    return `The page on ${record.domain} could not be analysed (${record.scannedAt}): ${record.reason ?? "no reason recorded"}.\nFull record: ${reportUrl}`;
  }
  const { page, summary, items, problems, generated } = record.result;
  const lines = [
    `Structured data of ${page.finalUrl} (scanned ${record.scannedAt}): ${summary.items} item(s), ${summary.errors} error(s), ${summary.warnings} warning(s), ${summary.eligible} rich result(s) eligible${summary.deprecated ? `, ${summary.deprecated} no longer shown by Google` : ""}.`,
  ];
  for (const problem of problems) lines.push(`- ${problem.path} could not be read: ${problem.message}`);
  for (const item of items.slice(0, MAX_DIGEST_ITEMS)) {
    lines.push(`- ${item.path} ${item.format} ${item.type || "(no type)"}: ${item.errors.length} error(s), ${item.warnings.length} warning(s)`);
    for (const issue of item.errors.slice(0, MAX_ISSUES_LISTED)) lines.push(`    error ${issue.property ?? "(item)"}: ${issue.message}`);
    for (const entry of item.eligibility) lines.push(...verdictLines(entry, record.result.rules));
  }
  const more = summary.items - Math.min(items.length, MAX_DIGEST_ITEMS);
  if (more > 0) lines.push(`- … and ${more} more item(s), counted above: every listed item is in the full record.`);
  if (generated.length > 0) {
    lines.push("Suggested JSON-LD to add (check the values before publishing):");
    for (const entry of generated) {
      const jsonLd = entry.jsonLd.length <= MAX_DIGEST_JSON_LD_CHARS ? entry.jsonLd : `${entry.jsonLd.slice(0, MAX_DIGEST_JSON_LD_CHARS)}\n… (cut; the whole block is in the full record)`;
      lines.push(`${entry.type}: ${entry.reason}`, jsonLd);
    }
  }
  lines.push(`Full record: ${reportUrl}`);
  return lines.join("\n");
}

/** A feature's verdict, then why: its status and each required fix (recommended ones are in the record). */
function verdictLines(entry: EligibilityEntry, rules: SchemaResult["rules"]): string[] {
  const verdict = entry.verdict ?? (entry.eligible ? "eligible" : "ineligible");
  const why = (verdictTexts(entry, rules).reasons ?? []).filter((reason) => reason.level !== "recommended").slice(0, MAX_ISSUES_LISTED);
  if (why.length === 0 && entry.missingRequired.length > 0) return [`    ${entry.feature}: ${VERDICT_WORDS[verdict]}; missing required: ${entry.missingRequired.join(", ")}`];
  return [`    ${entry.feature}: ${VERDICT_WORDS[verdict]}`, ...why.map((reason) => `      ${reason.level}${reason.property ? ` ${reason.property}` : ""}: ${reason.message}`)];
}
