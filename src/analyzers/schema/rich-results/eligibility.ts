import type { JsonLdNode } from "../../structured-data/extracted-item.ts";
import { resolveTerm } from "../validate/resolve-term.ts";
import type { Vocabulary } from "../vocabulary/vocabulary.ts";
import { RICH_RESULT_RULES, type Requirement, type RichResultRule } from "./rich-result-rules.ts";

export interface Eligibility {
  feature: string;
  eligible: boolean;
  missingRequired: string[];
  missingRecommended: string[];
  note?: string;
}

/**
 * Which rich results a top-level item qualifies for. `hasErrors` makes an item ineligible whatever it
 * holds: Google drops items whose markup it cannot read.
 */
export function richResultEligibility(node: JsonLdNode, types: readonly string[], hasErrors: boolean, vocabulary: Vocabulary): Eligibility[] {
  const rules = RICH_RESULT_RULES.filter((rule) => types.some((type) => rule.types.some((ruleType) => vocabulary.isA(type, ruleType))));
  return rules.map((rule) => judge(rule, node, hasErrors));
}

function judge(rule: RichResultRule, node: JsonLdNode, hasErrors: boolean): Eligibility {
  const missingRequired = rule.required.filter((requirement) => !satisfied(node, requirement)).map(describe);
  const missingRecommended = rule.recommended.filter((path) => !satisfied(node, path.split(" or ")));
  return {
    feature: rule.feature,
    eligible: missingRequired.length === 0 && !hasErrors,
    missingRequired,
    missingRecommended,
    ...(rule.note ? { note: rule.note } : {}),
  };
}

function satisfied(node: JsonLdNode, requirement: Requirement): boolean {
  const paths = typeof requirement === "string" ? [requirement] : requirement;
  return paths.some((path) => pathPresent(node, path.split(".")));
}

/** True when the path is present on every value along the way (every offer has a price), and on at least one. */
export function pathPresent(value: unknown, steps: readonly string[]): boolean {
  if (steps.length === 0) return isPresent(value);
  const values = Array.isArray(value) ? value : [value];
  const present = values.filter(isPresent);
  if (present.length === 0) return false;
  return present.every((member) => {
    if (typeof member !== "object" || member === null) return false;
    return pathPresent(propertyOf(member as JsonLdNode, steps[0]!), steps.slice(1));
  });
}

/** A property's value whichever way the key is written (`price`, `schema:price`, `http://schema.org/price`). */
export function propertyOf(node: JsonLdNode, name: string): unknown {
  if (name in node) return node[name];
  for (const [key, value] of Object.entries(node)) {
    const term = resolveTerm(key);
    if (term.ok && term.name === name) return value;
  }
  return undefined;
}

function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(isPresent);
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

function describe(requirement: Requirement): string {
  return typeof requirement === "string" ? requirement : requirement.join(" or ");
}
