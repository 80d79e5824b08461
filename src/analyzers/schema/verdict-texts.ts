import type { EligibilityEntry, EligibilityReason, RuleTexts, SchemaResult } from "./record-schema.ts";

/**
 * A verdict with its rule's words, whichever way the record stores them: records since rules were
 * written once (`result.rules`, `reasonRefs`), and older ones whose every verdict carries its texts.
 * The one place readers (report and paste pages, MCP summaries) resolve them.
 */
export interface VerdictTexts {
  reasons: EligibilityReason[] | undefined;
  note: string | undefined;
  documentation: string | undefined;
  checked: string | undefined;
  status: RuleTexts["status"] | undefined;
}

export function verdictTexts(entry: EligibilityEntry, rules: SchemaResult["rules"]): VerdictTexts {
  const rule = entry.rule !== undefined ? rules?.[entry.rule] : undefined;
  const reasons = entry.reasonRefs && rule ? entry.reasonRefs.map((position) => rule.reasons[position]).filter((reason) => reason !== undefined) : entry.reasons;
  return {
    reasons,
    note: rule?.note ?? entry.note,
    documentation: rule?.documentation ?? entry.documentation,
    checked: rule?.checked ?? entry.checked,
    status: rule?.status ?? entry.status,
  };
}
