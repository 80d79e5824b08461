import type { EligibilityEntry, EligibilityReason, SchemaResult } from "../../analyzers/schema/record-schema.ts";
import { verdictTexts } from "../../analyzers/schema/verdict-texts.ts";
import { plural } from "../plural.ts";
import { html, safeUrl, type SafeHtml } from "../html.ts";

/**
 * One item's rich-result verdicts on the report page: each feature with its verdict, its status in
 * Google Search (deprecated with the date, or limited), the rule's documentation and check date, and
 * the reasons (what to add, where). Reasons quote property names and values from the scanned page,
 * so everything goes through `html` escaping; backtick-quoted names become <code> after escaping.
 * Records stored before verdicts existed carry only `eligible` and the missing lists, and still render.
 */

type Verdict = NonNullable<EligibilityEntry["verdict"]>;
type Reason = EligibilityReason;

const LABELS: Record<Verdict, { text: string; status: string }> = {
  eligible: { text: "eligible", status: "pass" },
  limited: { text: "eligible, limited", status: "warn" },
  ineligible: { text: "not eligible", status: "fail" },
  deprecated: { text: "no longer shown", status: "na" },
};

export function richResultVerdicts(entries: readonly EligibilityEntry[], itemHasErrors: boolean, rules: SchemaResult["rules"]): SafeHtml {
  if (entries.length === 0) return html``;
  return html`<h4>Rich results</h4><ul class="eligibility">${entries.map((entry) => verdictItem(entry, itemHasErrors, rules))}</ul>`;
}

function verdictItem(entry: EligibilityEntry, itemHasErrors: boolean, rules: SchemaResult["rules"]): SafeHtml {
  const verdict: Verdict = entry.verdict ?? (entry.eligible ? "eligible" : "ineligible");
  const label = LABELS[verdict];
  const texts = verdictTexts(entry, rules);
  const reasons = texts.reasons ?? legacyReasons(entry, itemHasErrors);
  const blocking = reasons.filter((reason) => reason.level !== "recommended");
  const recommended = reasons.filter((reason) => reason.level === "recommended");
  return html`<li class="rich-result verdict-${verdict}">
<span class="status status-${label.status}">${label.text}</span> ${texts.documentation ? html`<a href="${safeUrl(texts.documentation)}" rel="noopener noreferrer">${entry.feature}</a>` : entry.feature}${entry.rule && texts.checked ? html` <span class="muted">(rule <code>${entry.rule}</code>, checked ${texts.checked})</span>` : ""}
${blocking.length > 0 ? html`<ul class="reasons">${blocking.map(reasonItem)}</ul>` : ""}
${recommended.length > 0 ? html`<details class="recommended"><summary>${plural(recommended.length, "recommended addition")}</summary><ul class="reasons">${recommended.map(reasonItem)}</ul></details>` : ""}
${texts.note ? html`<p class="muted">${texts.note}</p>` : ""}
</li>`;
}

const LEVEL_NAMES: Record<Reason["level"], string> = { status: "Status", errors: "Errors", required: "Required", recommended: "Recommended" };

function reasonItem(reason: Reason): SafeHtml {
  return html`<li class="reason reason-${reason.level}"><strong>${LEVEL_NAMES[reason.level]}</strong>${reason.property ? html` <code>${reason.property}</code>` : ""}: ${withCode(reason.message)}</li>`;
}

/** `name` in a message becomes <code>name</code>; every piece is escaped first. */
function withCode(message: string): SafeHtml[] {
  return message.split("`").map((piece, index) => (index % 2 === 1 ? html`<code>${piece}</code>` : html`${piece}`));
}

function legacyReasons(entry: EligibilityEntry, itemHasErrors: boolean): Reason[] {
  return [
    ...(!entry.eligible && entry.missingRequired.length === 0 && itemHasErrors
      ? [{ level: "errors" as const, property: null, check: "item-errors", message: "Fix the errors above first: an item with errors is not eligible." }]
      : []),
    ...entry.missingRequired.map((property) => ({ level: "required" as const, property, check: "present", message: `Add ${property}.` })),
    ...entry.missingRecommended.map((property) => ({ level: "recommended" as const, property, check: "present", message: `Add ${property}.` })),
  ];
}
