import { predicateHolds } from "./predicates.ts";
import { hasPresentValue, hasTypeOf, isNode, type JudgeContext, type JudgedNode, presentValues } from "./node-values.ts";
import type { AnyOfCheck, Check, NestedRule, NodeRule, PredicateCheck, PropertyCheck } from "./rule-types.ts";

/**
 * Applies one rule (and the rules nested in it) to a node and lists what falls short. A finding under
 * a recommended property is itself only recommended; under a required one it keeps its own level.
 */

export type FindingLevel = "required" | "recommended";

export interface Finding {
  level: FindingLevel;
  /** Where, from the item: `offers[1].price`; null for the item as a whole. */
  property: string | null;
  /** The same without indexes, for the lists of what is missing: `offers.price`, `a or b`. */
  generic: string;
  /** Which check failed: `present`, `one-of`, `text-not-item`, or the predicate's name. */
  check: string;
  /** What is wrong and what to add. */
  message: string;
}

interface Place {
  /** Path of the node being judged; null for the item itself. */
  path: string | null;
  generic: string | null;
  level: FindingLevel;
}

const ROOT: Place = { path: null, generic: null, level: "required" };

/**
 * Findings are pushed into one list as they are found, rather than returned as lists to be joined at
 * every level: on a page of thousands of items the joined lists were most of what judging allocated.
 */
export function judgeRule(node: JudgedNode, rule: NodeRule, context: JudgeContext, place: Place = ROOT): Finding[] {
  const findings: Finding[] = [];
  addRuleFindings(node, rule, context, place, findings);
  return findings;
}

function addRuleFindings(node: JudgedNode, rule: NodeRule, context: JudgeContext, place: Place, into: Finding[]): void {
  if (rule.required) for (const check of rule.required) addCheckFindings(node, check, context, place, into);
  if (rule.recommended && rule.recommended.length > 0) {
    const recommended: Place = place.level === "recommended" ? place : { ...place, level: "recommended" };
    for (const check of rule.recommended) addCheckFindings(node, check, context, recommended, into);
  }
}

function addCheckFindings(node: JudgedNode, check: Check, context: JudgeContext, place: Place, into: Finding[]): void {
  if (typeof check === "string") addPropertyFindings(node, plainCheck(check), context, place, into);
  else if ("anyOf" in check) addAnyOfFindings(node, check, context, place, into);
  else if ("holds" in check) addPredicateFinding(node, check, context, place, into);
  else addPropertyFindings(node, check, context, place, into);
}

/** A check written as a bare property name, as the object the judge reads; made once per name (the rules name a few hundred). */
const plainChecks = new Map<string, PropertyCheck>();

function plainCheck(property: string): PropertyCheck {
  let check = plainChecks.get(property);
  if (check === undefined) {
    check = Object.freeze({ property });
    plainChecks.set(property, check);
  }
  return check;
}

/** Adds what `check` finds wrong; returns whether the property is present. */
function addPropertyFindings(node: JudgedNode, check: PropertyCheck, context: JudgeContext, place: Place, into: Finding[]): boolean {
  if (!hasPresentValue(node, check.property)) {
    if (!check.whenPresent) into.push(finding(place, check.property, "present", `Add \`${check.property}\`${onto(place)}${advice(check.advice)}.`));
    return false;
  }
  if (!check.each) return true;
  const values = presentValues(node, check.property);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (isNode(value) && !("@value" in value)) {
      addRuleFindings(value, ruleFor(check.each, value, context), context, child(place, check.property, values.length > 1 ? index : null), into);
      continue;
    }
    if (check.textAllowed) continue;
    const at = child(place, check.property, values.length > 1 ? index : null);
    const wanted = requiredNames(ruleFor(check.each, {}, context));
    const needs = wanted.length > 0 ? ` with ${listOf(wanted)}` : "";
    into.push({
      level: place.level,
      property: at.path,
      generic: at.generic ?? check.property,
      check: "text-not-item",
      message: `\`${at.path}\` is plain text: write it as an item (an object with @type)${needs}${advice(check.advice)}.`,
    });
  }
  return true;
}

function addAnyOfFindings(node: JudgedNode, check: AnyOfCheck, context: JudgeContext, place: Place, into: Finding[]): void {
  // Each alternative is judged apart: whether it counts depends on its own findings.
  const outcomes: { present: boolean; findings: Finding[] }[] = [];
  let anySatisfied = false;
  for (const alternative of check.anyOf) {
    const findings: Finding[] = [];
    const present = addPropertyFindings(node, typeof alternative === "string" ? plainCheck(alternative) : alternative, context, place, findings);
    outcomes.push({ present, findings });
    if (present && !hasLevel(findings, place.level)) anySatisfied = true;
  }
  if (anySatisfied) {
    for (const outcome of outcomes) {
      if (outcome.present && !hasLevel(outcome.findings, place.level)) into.push(...outcome.findings);
    }
    return;
  }
  const names = check.anyOf.map((alternative) => (typeof alternative === "string" ? alternative : alternative.property));
  into.push({
    level: place.level,
    property: place.path,
    generic: names.map((name) => joinPath(place.generic, name)).join(" or "),
    check: "one-of",
    message: `Add one of ${listOf(names, "or")}${onto(place)}${advice(check.advice)}.`,
  });
  // An alternative given but incomplete (a priceSpecification without price) says what it lacks too;
  // one given as text where an item is needed only fails to count, the "one of" already says what to add.
  for (const outcome of outcomes) {
    if (!outcome.present) continue;
    for (const entry of outcome.findings) if (entry.check !== "text-not-item") into.push(entry);
  }
}

function hasLevel(findings: readonly Finding[], level: FindingLevel): boolean {
  for (const entry of findings) if (entry.level === level) return true;
  return false;
}

function addPredicateFinding(node: JudgedNode, check: PredicateCheck, context: JudgeContext, place: Place, into: Finding[]): void {
  if (predicateHolds(check.holds, node, context)) return;
  const property = check.property === null ? place.path : joinPath(place.path, check.property);
  const generic = check.property === null ? place.generic : joinPath(place.generic, check.property);
  into.push({ level: place.level, property, generic: `${generic ?? "(item)"}: ${check.label}`, check: check.holds, message: check.advice });
}

/** A typed list picks the first entry whose types the value has, else the entry without types. */
export function ruleFor(nested: NestedRule, value: JudgedNode, context: JudgeContext): NodeRule {
  if (!Array.isArray(nested)) return nested as NodeRule;
  const typed = nested as readonly { types?: readonly string[]; rule: NodeRule }[];
  for (const entry of typed) if (entry.types !== undefined && hasTypeOf(value, entry.types, context)) return entry.rule;
  for (const entry of typed) if (entry.types === undefined) return entry.rule;
  return {};
}

function requiredNames(rule: NodeRule): string[] {
  return (rule.required ?? []).flatMap((check) => {
    if (typeof check === "string") return [`\`${check}\``];
    if ("property" in check && !("holds" in check)) return check.whenPresent ? [] : [`\`${check.property}\``];
    if ("anyOf" in check) return [check.anyOf.map((alternative) => `\`${typeof alternative === "string" ? alternative : alternative.property}\``).join(" or ")];
    return [];
  });
}

function finding(place: Place, property: string, check: string, message: string): Finding {
  return { level: place.level, property: joinPath(place.path, property), generic: joinPath(place.generic, property), check, message };
}

function child(place: Place, property: string, index: number | null): Place {
  return { path: `${joinPath(place.path, property)}${index === null ? "" : `[${index}]`}`, generic: joinPath(place.generic, property), level: place.level };
}

function joinPath(base: string | null, name: string): string {
  return base === null ? name : `${base}.${name}`;
}

function onto(place: Place): string {
  return place.path === null ? "" : ` to \`${place.path}\``;
}

function advice(text: string | undefined): string {
  return text ? `: ${text}` : "";
}

function listOf(names: readonly string[], conjunction = "and"): string {
  const quoted = names.map((name) => (name.startsWith("`") ? name : `\`${name}\``));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted.at(-1)}`;
}
