import type { ExtractedItem, JsonLdNode } from "../../structured-data/extracted-item.ts";
import { MAX_DEPTH } from "../../structured-data/extracted-item.ts";
import { DATA_TYPES, type Vocabulary } from "../vocabulary/vocabulary.ts";
import { addIssue, type ValidationIssues } from "./item-issue.ts";
import { isBooleanText, isDateText, isDateTimeText, isNumberText, isTimeText, isUrlText } from "./literal-kinds.ts";
import { resolveTerm } from "./resolve-term.ts";

/**
 * Checks one item against the schema.org vocabulary: known types and properties, properties used on
 * types they belong to, and values of the kind each property expects. Errors are what search engines
 * reject or ignore; warnings are what they accept but read less well (text where an item is expected).
 */

export interface ValidatedItem extends ValidationIssues {
  /** The item's schema.org types (bare names), unknown ones left out. */
  types: string[];
}

/** Properties Google reads as numbers only: "$19.99" or "4.5 stars" are rejected even where schema.org allows Text. */
const STRICTLY_NUMERIC = new Set(["price", "lowPrice", "highPrice", "ratingValue", "bestRating", "worstRating", "ratingCount", "reviewCount", "offerCount"]);
const KEYWORDS_IGNORED = new Set(["@context", "@id", "@type", "@graph", "@reverse", "@language", "@vocab", "@base"]);

export function validateItem(item: ExtractedItem, vocabulary: Vocabulary): ValidatedItem {
  const issues: ValidationIssues = { errors: [], warnings: [] };
  if (item.format === "json-ld" && item.context === "missing") {
    addIssue(issues.errors, null, 'The item has no @context: add "@context": "https://schema.org" so its terms are read as schema.org.');
  } else if (item.format === "json-ld" && item.context === "other") {
    addIssue(issues.errors, null, 'The @context is not schema.org: use "@context": "https://schema.org".');
  }
  const types = validateNode(item.node, null, 0, vocabulary, issues, true);
  return { types, ...issues };
}

/** Validates a node and everything nested in it; returns its known schema.org types. */
function validateNode(node: JsonLdNode, path: string | null, depth: number, vocabulary: Vocabulary, issues: ValidationIssues, topLevel: boolean): string[] {
  const types = nodeTypes(node, path, vocabulary, issues, topLevel);
  if (depth >= MAX_DEPTH) return types;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@")) {
      if (!KEYWORDS_IGNORED.has(key) && key !== "@value") addIssue(issues.warnings, join(path, key), `"${key}" is not a JSON-LD keyword used by search engines; it is ignored.`);
      continue;
    }
    const propertyPath = join(path, key);
    const term = resolveTerm(key);
    if (!term.ok) {
      addIssue(issues.warnings, propertyPath, `${term.reason}`);
      continue;
    }
    const property = vocabulary.property(term.name);
    if (!property) {
      addIssue(issues.errors, propertyPath, `"${term.name}" is not a schema.org property${suggestion(term.name, vocabulary)}.`);
      continue;
    }
    const replacement = vocabulary.supersededBy(term.name);
    if (replacement) addIssue(issues.warnings, propertyPath, `"${term.name}" is superseded by "${replacement}".`);
    if (types.length > 0 && !vocabulary.propertyFitsTypes(term.name, types)) {
      addIssue(issues.errors, propertyPath, `"${term.name}" is not a property of ${types.join(" or ")} in schema.org (it belongs to ${listOf(property.domains)}).`);
    }
    const values = Array.isArray(value) ? value : [value];
    values.forEach((member, index) => {
      const memberPath = values.length > 1 ? `${propertyPath}[${index}]` : propertyPath;
      checkValue(term.name, property.ranges, member, memberPath, depth, vocabulary, issues);
    });
  }
  return types;
}

function nodeTypes(node: JsonLdNode, path: string | null, vocabulary: Vocabulary, issues: ValidationIssues, topLevel: boolean): string[] {
  const declared = node["@type"];
  const written = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared.filter((type): type is string => typeof type === "string") : [];
  if (written.length === 0) {
    if (topLevel) addIssue(issues.errors, null, "The item has no @type (itemtype, typeof), so search engines cannot tell what it describes.");
    else if (!isReference(node)) addIssue(issues.warnings, path, "This nested item has no @type; add one (such as Person or Organization) so its properties can be read.");
    return [];
  }
  const known: string[] = [];
  for (const raw of written) {
    const term = resolveTerm(raw);
    if (!term.ok) {
      addIssue(issues.errors, typePath(path), term.reason);
      continue;
    }
    if (!vocabulary.hasType(term.name)) {
      addIssue(issues.errors, typePath(path), `"${term.name}" is not a schema.org type${suggestion(term.name, vocabulary, true)}.`);
      continue;
    }
    const replacement = vocabulary.supersededBy(term.name);
    if (replacement) addIssue(issues.warnings, typePath(path), `"${term.name}" is superseded by "${replacement}".`);
    known.push(term.name);
  }
  return known;
}

function checkValue(property: string, ranges: readonly string[], value: unknown, path: string, depth: number, vocabulary: Vocabulary, issues: ValidationIssues): void {
  if (value === null || value === undefined || value === "") {
    addIssue(issues.warnings, path, "The value is empty.");
    return;
  }
  if (typeof value === "object" && !Array.isArray(value)) {
    const node = value as JsonLdNode;
    if ("@value" in node) return checkValue(property, ranges, node["@value"], path, depth, vocabulary, issues);
    const types = validateNode(node, path, depth + 1, vocabulary, issues, false);
    if (types.length > 0 && !types.some((type) => ranges.some((range) => vocabulary.isA(type, range)))) {
      addIssue(issues.errors, path, `"${property}" expects ${listOf(ranges)}, not ${types.join(" or ")}.`);
    }
    return;
  }
  if (Array.isArray(value)) {
    addIssue(issues.errors, path, "A list inside a list is not valid here.");
    return;
  }
  if (typeof value === "number") {
    if (!ranges.some((range) => DATA_TYPES.has(range))) addIssue(issues.warnings, path, `"${property}" expects ${listOf(ranges)}, not a number.`);
    return;
  }
  if (typeof value === "boolean") {
    if (!ranges.includes("Boolean")) addIssue(issues.errors, path, `"${property}" expects ${listOf(ranges)}, not true or false.`);
    return;
  }
  checkText(property, ranges, String(value), path, vocabulary, issues);
}

function checkText(property: string, ranges: readonly string[], text: string, path: string, vocabulary: Vocabulary, issues: ValidationIssues): void {
  const has = (type: string) => ranges.includes(type);
  const acceptsText = ranges.some((range) => range === "Text" || range === "CssSelectorType" || range === "XPathType" || range === "PronounceableText");

  if ((has("Number") || has("Integer") || has("Float")) && !isNumberText(text)) {
    if (STRICTLY_NUMERIC.has(property)) {
      addIssue(issues.errors, path, `"${property}" must be a plain number such as 19.99 (no currency symbol, unit or thousands separator), not "${short(text)}".`);
      return;
    }
    if (!acceptsText && !has("URL") && !hasNonDataRange(ranges, vocabulary)) {
      addIssue(issues.errors, path, `"${property}" expects a number, not "${short(text)}".`);
      return;
    }
  }
  if (acceptsText) return;

  const enumerations = ranges.filter((range) => vocabulary.isA(range, "Enumeration"));
  if (enumerations.length > 0) {
    const term = resolveTerm(text);
    const memberOf = term.ok ? vocabulary.enumerationsOf(term.name) : [];
    if (memberOf.some((enumeration) => enumerations.some((range) => vocabulary.isA(enumeration, range)))) return;
    if (memberOf.length > 0 || /schema\.org\//i.test(text)) {
      addIssue(issues.errors, path, `"${short(text)}" is not one of the ${listOf(enumerations)} values "${property}" expects.`);
      return;
    }
  }
  const dateKinds = ranges.filter((range) => range === "Date" || range === "DateTime" || range === "Time");
  if (dateKinds.length > 0) {
    const fits = (has("Date") && isDateText(text)) || (has("DateTime") && isDateTimeText(text)) || (has("Time") && isTimeText(text));
    if (fits) return;
    if (ranges.every((range) => DATA_TYPES.has(range))) {
      addIssue(issues.errors, path, `"${property}" expects an ISO 8601 ${dateKinds.join(" or ")} such as 2024-05-17${has("DateTime") ? "T09:30:00+02:00" : ""}, not "${short(text)}".`);
      return;
    }
  }
  if (has("Boolean") && isBooleanText(text)) return;
  if (has("URL")) {
    if (isUrlText(text)) return;
    if (ranges.every((range) => DATA_TYPES.has(range))) {
      addIssue(issues.errors, path, `"${property}" expects a URL, not "${short(text)}".`);
      return;
    }
  }
  if (has("Number") || has("Integer") || has("Float")) {
    if (isNumberText(text)) return;
  }
  if (enumerations.length > 0) {
    addIssue(issues.warnings, path, `"${property}" expects a ${listOf(enumerations)} value such as https://schema.org/${exampleMember(enumerations[0]!)}; free text may be ignored.`);
    return;
  }
  if (has("Boolean") && ranges.every((range) => DATA_TYPES.has(range))) {
    addIssue(issues.errors, path, `"${property}" expects true or false, not "${short(text)}".`);
    return;
  }
  // An absolute URL where an item is expected names that item (Google reads breadcrumb `item` and `sameAs`-style links so).
  if (/^https?:\/\//i.test(text) && isUrlText(text)) return;
  // Text where an item is expected: schema.org allows it, search engines read it less well.
  addIssue(issues.warnings, path, `"${property}" expects ${listOf(ranges)}; a nested item with @type reads better than the text "${short(text)}".`);
}

function hasNonDataRange(ranges: readonly string[], vocabulary: Vocabulary): boolean {
  return ranges.some((range) => !DATA_TYPES.has(range) && !vocabulary.isA(range, "DataType"));
}

const EXAMPLE_MEMBERS: Record<string, string> = { ItemAvailability: "InStock", OfferItemCondition: "NewCondition", EventStatusType: "EventScheduled", EventAttendanceModeEnumeration: "OfflineEventAttendanceMode" };

function exampleMember(enumeration: string): string {
  return EXAMPLE_MEMBERS[enumeration] ?? "…";
}

function isReference(node: JsonLdNode): boolean {
  return typeof node["@id"] === "string" && Object.keys(node).every((key) => key === "@id");
}

/** Close spellings of an unknown term, checked case-insensitively: "postalcode" → "postalCode". */
function suggestion(name: string, vocabulary: Vocabulary, isType = false): string {
  const candidate = vocabulary.sameNameIgnoringCase(name, isType ? "type" : "property");
  return candidate ? ` (did you mean "${candidate}"?)` : "";
}

function listOf(names: readonly string[]): string {
  if (names.length <= 4) return names.join(" or ");
  return `${names.slice(0, 4).join(", ")} or ${names.length - 4} other types`;
}

function join(path: string | null, key: string): string {
  return path === null ? key : `${path}.${key}`;
}

function typePath(path: string | null): string {
  return path === null ? "@type" : `${path}.@type`;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
