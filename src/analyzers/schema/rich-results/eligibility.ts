import { judgeRule } from "./judge-node.ts";
import { hasPresentValue, type JudgeContext, type JudgedNode, typesOf } from "./node-values.ts";
import { predicateHolds } from "./predicates.ts";
import { RICH_RESULT_RULES } from "./rich-result-rules.ts";
import type { FeatureRule, FeatureStatus } from "./rule-types.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * Which of Google's rich results a top-level item can earn, and for each one why (or why not): the
 * rule, the property, what to add. A feature Google no longer shows is reported as deprecated, never
 * as eligible; one Google shows only for some sites is eligible but marked limited.
 */

export type Verdict = "eligible" | "limited" | "ineligible" | "deprecated";

export interface Reason {
  /** `required` and `recommended` are property findings; `errors` and `status` concern the item or the feature. */
  level: "required" | "recommended" | "errors" | "status";
  /** Where, from the item (`offers[1].price`); null for the item or the feature as a whole. */
  property: string | null;
  /** Which check: `present`, `one-of`, `text-not-item`, a predicate's name, `item-errors` or `feature-status`. */
  check: string;
  message: string;
}

export interface FeatureVerdict {
  rule: string;
  feature: string;
  verdict: Verdict;
  /** True for `eligible` and `limited`: the markup meets Google's requirements and Google still shows the feature. */
  eligible: boolean;
  missingRequired: string[];
  missingRecommended: string[];
  note?: string;
  status: { state: FeatureStatus["state"]; since: string | null; detail: string | null };
  documentation: string;
  checked: string;
  reasons: Reason[];
}

export interface EligibilityOptions {
  /** An item with errors is never eligible: Google drops markup it cannot read. */
  hasErrors: boolean;
  context: JudgeContext;
  rules?: readonly FeatureRule[];
}

export function richResultEligibility(node: JudgedNode, options: EligibilityOptions): FeatureVerdict[] {
  const rules = options.rules ?? RICH_RESULT_RULES;
  const types = typesOf(node);
  if (types.length === 0) return [];
  const forTypes = options.rules ? null : typedRules(options.context, types);
  // Most items are of types no rule is about.
  if (forTypes !== null && forTypes.size === 0) return [];
  const verdicts: FeatureVerdict[] = [];
  for (const rule of rules) {
    if ((forTypes ? forTypes.has(rule) : typesOf(node).some((type) => ruleIsAbout(rule, type, options.context))) && appliesWhen(rule, node, options.context)) verdicts.push(judgeFeature(rule, node, options));
  }
  return verdicts;
}

/**
 * Whether any built-in rule is about one of the node's types: when none is (most items), the item gets no
 * verdict, and what would be prepared for judging it (its references embedded) can be skipped.
 */
export function anyRuleAbout(node: JudgedNode, context: JudgeContext): boolean {
  const types = typesOf(node);
  return types.length > 0 && typedRules(context, types).size > 0;
}

const rulesByType = computed((_context: JudgeContext) => new Map<string, ReadonlySet<FeatureRule>>());

/**
 * The built-in rules whose types include one of `types`, remembered per type and vocabulary: every item
 * would otherwise test its types against each rule's family of types, through the type hierarchy.
 */
function typedRules(context: JudgeContext, types: readonly string[]): ReadonlySet<FeatureRule> {
  const byType = rulesByType(context);
  // Nearly every item has one type: its remembered set is the answer, no new set needed.
  if (types.length === 1) return rulesForType(byType, context, types[0]!);
  const found = new Set<FeatureRule>();
  for (const type of types) for (const rule of rulesForType(byType, context, type)) found.add(rule);
  return found;
}

function rulesForType(byType: Map<string, ReadonlySet<FeatureRule>>, context: JudgeContext, type: string): ReadonlySet<FeatureRule> {
  let rules = byType.get(type);
  if (!rules) {
    rules = rulesAbout(context, type);
    // Types come from pages; a hostile one cannot grow this without bound.
    if (byType.size < 10_000) byType.set(type, rules);
  }
  return rules;
}

function appliesWhen(rule: FeatureRule, node: JudgedNode, context: JudgeContext): boolean {
  if (!rule.appliesWhen) return true;
  if ("hasProperty" in rule.appliesWhen) return hasPresentValue(node, rule.appliesWhen.hasProperty);
  return predicateHolds(rule.appliesWhen.holds, node, context);
}

function judgeFeature(rule: FeatureRule, node: JudgedNode, options: EligibilityOptions): FeatureVerdict {
  const findings = judgeRule(node, rule, options.context);
  const reasons: Reason[] = statusReasons(rule);
  if (options.hasErrors && rule.status.state !== "deprecated") {
    reasons.push({ level: "errors", property: null, check: "item-errors", message: "Fix the item's errors first: Google ignores markup it cannot read." });
  }
  // One pass over the findings: the reasons, and the names of what is missing by level.
  const missingRequired: string[] = [];
  const missingRecommended: string[] = [];
  for (const { level, property, check, message, generic } of findings) {
    reasons.push({ level, property, check, message });
    addOnce(level === "required" ? missingRequired : missingRecommended, generic);
  }
  const verdict = verdictOf(rule.status, missingRequired.length > 0 || options.hasErrors);
  return {
    rule: rule.id,
    feature: rule.feature,
    verdict,
    eligible: verdict === "eligible" || verdict === "limited",
    missingRequired,
    missingRecommended,
    ...(rule.note ? { note: rule.note } : {}),
    status: statusOf(rule.status),
    documentation: rule.documentation,
    checked: rule.checked,
    reasons,
  };
}

function verdictOf(status: FeatureStatus, fallsShort: boolean): Verdict {
  if (status.state === "deprecated") return "deprecated";
  if (fallsShort) return "ineligible";
  return status.state === "limited" ? "limited" : "eligible";
}

function statusReasons(rule: FeatureRule): Reason[] {
  if (rule.status.state === "deprecated") return [{ level: "status", property: null, check: "feature-status", message: rule.status.message }];
  if (rule.status.state === "limited") return [{ level: "status", property: null, check: "feature-status", message: `Google shows ${rule.feature} results only ${rule.status.to}.` }];
  return [];
}

function statusOf(status: FeatureStatus): FeatureVerdict["status"] {
  if (status.state === "deprecated") return { state: "deprecated", since: status.since, detail: status.message };
  if (status.state === "limited") return { state: "limited", since: null, detail: status.to };
  return { state: "active", since: null, detail: null };
}

/** Apart from rulesForType: its closures would make every look-up, cached or not, allocate their scope. */
function rulesAbout(context: JudgeContext, type: string): ReadonlySet<FeatureRule> {
  return new Set(RICH_RESULT_RULES.filter((rule) => ruleIsAbout(rule, type, context)));
}

/** A rule is about a type that is (a subtype of) one of its types, unless Google sends that subtype to another feature (`except`). */
export function ruleIsAbout(rule: FeatureRule, type: string, context: JudgeContext): boolean {
  if (!rule.types.some((ancestor) => context.isA(type, ancestor))) return false;
  const except = rule.except;
  if (!except || !except.types.some((excluded) => context.isA(type, excluded))) return true;
  return (except.unless ?? []).some((kept) => context.isA(type, kept));
}

/** Adds `name` unless the list has it: lists hold a few names, most none or one. */
function addOnce(names: string[], name: string): void {
  if (!names.includes(name)) names.push(name);
}
