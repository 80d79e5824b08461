import { describe, expect, test } from "bun:test";
import { RICH_RESULT_RULES } from "../../../../src/analyzers/schema/rich-results/rich-result-rules.ts";
import type { Check, FeatureRule, NestedRule, NodeRule } from "../../../../src/analyzers/schema/rich-results/rule-types.ts";

/**
 * docs/schema-service.md lists the rule set as a table, one row per rule, written from the rule data
 * by `ruleRow`: the test fails when a rule changes (status, date, URL, required properties) and the
 * doc does not. Print the expected rows with `PRINT_RULE_ROWS=1 bun test <this file>`.
 */

function describeCheck(check: Check): string {
  if (typeof check === "string") return check;
  if ("holds" in check) return check.label;
  if ("anyOf" in check) return check.anyOf.map(describeCheck).join(" or ");
  const nested = check.each ? describeNested(check.each) : "";
  return `${check.property}${check.whenPresent ? " (if given)" : ""}${nested ? ` [${nested}]` : ""}`;
}

function describeNested(nested: NestedRule): string {
  if (!Array.isArray(nested)) return describeRequired(nested as NodeRule);
  return (nested as { types?: readonly string[]; rule: NodeRule }[])
    .map((entry) => ({ label: entry.types ? entry.types.join("/") : "otherwise", required: describeRequired(entry.rule) }))
    .filter((entry) => entry.required !== "")
    .map((entry, _, shown) => (shown.length === 1 && entry.label === "otherwise" ? entry.required : `${entry.label}: ${entry.required}`))
    .join("; ");
}

function describeRequired(rule: NodeRule): string {
  return (rule.required ?? []).map(describeCheck).join(", ");
}

function statusOf(rule: FeatureRule): string {
  if (rule.status.state === "deprecated") return `deprecated since ${rule.status.since}`;
  if (rule.status.state === "limited") return `limited (${rule.status.to})`;
  return "active";
}

function ruleRow(rule: FeatureRule): string {
  const required = describeRequired(rule) || "—";
  const except = rule.except ? ` (not ${rule.except.types.join(", ")}${rule.except.unless ? ` except ${rule.except.unless.join(", ")}` : ""})` : "";
  return `| ${rule.feature} | \`${rule.id}\` | ${rule.types.join(", ")}${except} | ${statusOf(rule)} | ${required} | ${rule.documentation} | ${rule.checked} |`;
}

describe("docs/schema-service.md", () => {
  test("its rich-result table has one row per rule, as the rules say today", async () => {
    const rows = RICH_RESULT_RULES.map(ruleRow);
    if (process.env.PRINT_RULE_ROWS) console.log(rows.join("\n"));
    const doc = await Bun.file(new URL("../../../../docs/schema-service.md", import.meta.url)).text();
    for (const row of rows) expect(doc).toContain(row);
  });
});
