import { isSchemaOrgContextUrl } from "../../structured-data/json-ld-context.ts";
import type { ExtractedItem, JsonLdNode } from "../../structured-data/extracted-item.ts";
import { MAX_DEPTH } from "../../structured-data/structured-data-caps.ts";
import type { Vocabulary } from "../vocabulary/vocabulary.ts";
import { checkLiteral, listOf } from "./check-literal.ts";
import { checkItemContext } from "./check-item-context.ts";
import { addIssue, type ValidationIssues } from "./item-issue.ts";
import { resolveTerm } from "./resolve-term.ts";

/**
 * Checks one item against the schema.org vocabulary: known types and properties, properties used on
 * types they belong to, and values of the kind each property expects. Errors are what schema.org rules
 * out and search engines reject or ignore; warnings are what they accept but read less well (text where
 * an item is expected), what only Google asks for, and terms of other vocabularies, which are not checked.
 *
 * Nodes come JSON-LD-shaped with keys as their @context makes them (see
 * structured-data/normalize-json-ld-node.ts): schema.org terms as bare names, other vocabularies' terms
 * as full IRIs. Keys still written `schema:name` or `https://schema.org/name` (Microdata, RDFa) read the same.
 * schema.org's documented patterns are honoured: several types (a property fits if it fits any),
 * `additionalType`, extra types from other vocabularies beside a schema.org one, and Role.
 */

export interface ItemToValidate extends ExtractedItem {
  /**
   * JSON-LD only: context URLs in force that are not read here (another vocabulary's). A term outside
   * schema.org may be theirs, so it is "not checked" rather than wrong. Read from the node's own
   * @context when absent.
   */
  unreadContexts?: readonly string[];
}

export interface ValidatedItem extends ValidationIssues {
  /** The item's schema.org types (bare names), unknown ones left out. */
  types: string[];
}

const KEYWORDS_IGNORED = new Set(["@context", "@id", "@type", "@graph", "@reverse", "@language", "@vocab", "@base", "@value", "@index", "@direction"]);

/** What is known about the item as a whole while its nodes are walked. */
interface Walk {
  vocabulary: Vocabulary;
  issues: ValidationIssues;
  /** True when the @context maps no term to schema.org: bare names are then another vocabulary's. */
  foreignContext: boolean;
  unreadContexts: readonly string[];
}

export function validateItem(item: ItemToValidate, vocabulary: Vocabulary): ValidatedItem {
  const issues: ValidationIssues = { errors: [], warnings: [] };
  // Items not normalised (read as written) carry their @context: its URLs other than schema.org's are unread.
  const unreadContexts = item.unreadContexts ?? contextUrlsOf(item.node["@context"]).filter((url) => !isSchemaOrgContextUrl(url));
  const reading = item.format === "json-ld" ? checkItemContext(item.context, unreadContexts, issues) : { foreign: false, unread: [] };
  const walk: Walk = { vocabulary, issues, foreignContext: reading.foreign, unreadContexts: reading.unread };
  const types = validateNode(walk, item.node, null, 0, { topLevel: true, via: null });
  return { types, ...issues };
}

/** Where a node sits: at the top of the item, or as the value of a property (schema.org's, or one not checked). */
interface Placement {
  topLevel: boolean;
  /** The schema.org property whose value this node is; null at the top and under properties not checked. */
  via: string | null;
}

/** Validates a node and everything nested in it; returns its known schema.org types. */
function validateNode(walk: Walk, node: JsonLdNode, path: string | null, depth: number, placement: Placement): string[] {
  const types = nodeTypes(walk, node, path, placement);
  const keys = Object.keys(node);
  // additionalType names more types of the same item; schema.org ones widen what its properties may be.
  const extraTypes = additionalTypes(node, keys, walk.vocabulary);
  const domainTypes = extraTypes.length === 0 ? types : [...types, ...extraTypes];
  // A Role repeats the property it stands in for (member → OrganizationRole → member): allowed on the Role.
  const roleProperty = placement.via !== null && isRole(types, walk.vocabulary) ? placement.via : null;
  if (depth >= MAX_DEPTH) return types;
  for (const key of keys) {
    const value = node[key];
    if (key.startsWith("@")) {
      if (!KEYWORDS_IGNORED.has(key)) addIssue(walk.issues.warnings, join(path, key), `"${key}" is not a JSON-LD keyword used by search engines; it is ignored.`);
      continue;
    }
    const propertyPath = join(path, key);
    const name = schemaOrgPropertyName(walk, key, propertyPath);
    if (name === null) {
      walkUnchecked(walk, value, propertyPath, depth);
      continue;
    }
    const property = walk.vocabulary.property(name);
    if (!property && isActionAnnotation(name, walk)) {
      // An Action's input/output annotation (`query-input`: schema.org/docs/actions.html, and Google's
      // sitelinks search box examples): its value is a PropertyValueSpecification or its text shorthand.
      walkUnchecked(walk, value, propertyPath, depth);
      continue;
    }
    if (!property) {
      if (walk.unreadContexts.length > 0) addIssue(walk.issues.warnings, propertyPath, `"${name}" is not a schema.org property; it may be defined by ${contextList(walk.unreadContexts)}, which is not checked.`);
      else addIssue(walk.issues.errors, propertyPath, `"${name}" is not a schema.org property${suggestion(name, walk.vocabulary)}.`);
      walkUnchecked(walk, value, propertyPath, depth);
      continue;
    }
    const replacement = walk.vocabulary.supersededBy(name);
    if (replacement) addIssue(walk.issues.warnings, propertyPath, `"${name}" is superseded by "${replacement}".`);
    // A property with no domain at all (the superseded interactionCount) fits no type and none is wrong for it: the warning above says what to use.
    if (domainTypes.length > 0 && property.domains.length > 0 && name !== roleProperty && !walk.vocabulary.propertyFitsTypes(name, domainTypes)) {
      addIssue(walk.issues.errors, propertyPath, `"${name}" is not a property of ${domainTypes.join(" or ")} in schema.org (it belongs to ${listOf(property.domains)}).`);
    }
    if (!Array.isArray(value)) {
      checkValue(walk, name, property.ranges, value, propertyPath, depth);
      continue;
    }
    for (let index = 0; index < value.length; index++) {
      checkValue(walk, name, property.ranges, value[index], value.length > 1 ? `${propertyPath}[${index}]` : propertyPath, depth);
    }
  }
  return types;
}

/** The schema.org name a key stands for, or null when it is another vocabulary's (reported here, once). */
function schemaOrgPropertyName(walk: Walk, key: string, path: string): string | null {
  const term = resolveTerm(key);
  if (!term.ok) {
    addIssue(walk.issues.warnings, path, term.reason);
    return null;
  }
  // Under a context that maps nothing to schema.org, a bare name is that vocabulary's; the item-level warning says so.
  if (walk.foreignContext && !term.qualified) return null;
  return term.name;
}

/** Values of properties that are not checked: nested nodes are still items of their own types, so they are checked. */
function walkUnchecked(walk: Walk, value: unknown, path: string, depth: number): void {
  if (!Array.isArray(value)) {
    walkUncheckedMember(walk, value, path, depth);
    return;
  }
  for (let index = 0; index < value.length; index++) walkUncheckedMember(walk, value[index], value.length > 1 ? `${path}[${index}]` : path, depth);
}

const UNCHECKED: Placement = Object.freeze({ topLevel: false, via: null });

function walkUncheckedMember(walk: Walk, member: unknown, path: string, depth: number): void {
  if (typeof member !== "object" || member === null || Array.isArray(member) || "@value" in member) return;
  validateNode(walk, member as JsonLdNode, path, depth + 1, UNCHECKED);
}

/** A type of another vocabulary (or one not checked), reported only when the node has no schema.org type. */
interface ForeignType {
  reason: string;
  retired: boolean;
}

function nodeTypes(walk: Walk, node: JsonLdNode, path: string | null, placement: Placement): string[] {
  const declared = node["@type"];
  const written = typeof declared === "string" ? 1 : Array.isArray(declared) ? declared.filter((type) => typeof type === "string").length : 0;
  if (written === 0) {
    if (placement.topLevel) addIssue(walk.issues.errors, null, "The item has no @type (itemtype, typeof), so search engines cannot tell what it describes.");
    else if (placement.via !== null && !isReference(node)) addIssue(walk.issues.warnings, path, "This nested item has no @type; add one (such as Person or Organization) so its properties can be read.");
    return [];
  }
  const known: string[] = [];
  // Made only for a node that has such a type: most have none.
  let foreign: ForeignType[] | null = null;
  if (typeof declared === "string") foreign = readType(walk, declared, path, known, foreign);
  else for (const raw of declared as unknown[]) if (typeof raw === "string") foreign = readType(walk, raw, path, known, foreign);
  // Types of other vocabularies beside a schema.org type are a documented pattern: nothing to report. Alone, the
  // item is not schema.org markup: a retired vocabulary search engines dropped is an error, any other is not checked.
  if (known.length === 0 && foreign !== null) {
    for (const type of foreign) addIssue(type.retired ? walk.issues.errors : walk.issues.warnings, typePath(path), type.reason);
  }
  return known;
}

/** Reads one written type: a known schema.org type is added to `known`; returns the foreign types so far. */
function readType(walk: Walk, raw: string, path: string | null, known: string[], foreign: ForeignType[] | null): ForeignType[] | null {
  const term = resolveTerm(raw);
  if (!term.ok) return [...(foreign ?? []), { reason: term.reason, retired: term.retired }];
  // Under a context that maps nothing to schema.org the item-level warning already says its terms are not checked.
  if (walk.foreignContext && !term.qualified) return foreign;
  if (!walk.vocabulary.hasType(term.name)) {
    if (walk.unreadContexts.length > 0) {
      return [...(foreign ?? []), { reason: `"${term.name}" is not a schema.org type; it may be defined by ${contextList(walk.unreadContexts)}, which is not checked.`, retired: false }];
    }
    addIssue(walk.issues.errors, typePath(path), `"${term.name}" is not a schema.org type${suggestion(term.name, walk.vocabulary, true)}.`);
    return foreign;
  }
  const replacement = walk.vocabulary.supersededBy(term.name);
  if (replacement) addIssue(walk.issues.warnings, typePath(path), `"${term.name}" is superseded by "${replacement}".`);
  known.push(term.name);
  return foreign;
}

function checkValue(walk: Walk, property: string, ranges: readonly string[], value: unknown, path: string, depth: number): void {
  if (value === null || value === undefined || value === "") {
    addIssue(walk.issues.warnings, path, "The value is empty.");
    return;
  }
  if (Array.isArray(value)) {
    // JSON-LD expansion reads a list inside a list as more values of the property (JSON-LD 1.1, the
    // Expansion Algorithm: an expanded array item's members are appended), so its members are checked as
    // values; readers that do not expand JSON-LD may miss them, hence the warning (seen on express.co.uk).
    addIssue(walk.issues.warnings, path, `A list inside a list: JSON-LD reads its members as more values of "${property}", but other readers may not; write one flat list.`);
    for (let index = 0; index < value.length; index++) checkValue(walk, property, ranges, value[index], `${path}[${index}]`, depth);
    return;
  }
  if (typeof value === "object") {
    const node = value as JsonLdNode;
    if ("@value" in node) return checkValue(walk, property, ranges, node["@value"], path, depth);
    const types = validateNode(walk, node, path, depth + 1, { topLevel: false, via: property });
    if (types.length > 0 && !anyTypeFits(types, ranges, walk.vocabulary) && !standsInAsRole(walk, node, types, property)) {
      const hint = isRole(types, walk.vocabulary) ? `; a Role stands in for the value only when it repeats "${property}" inside it (see https://schema.org/Role)` : "";
      addIssue(walk.issues.errors, path, `"${property}" expects ${listOf(ranges)}, not ${types.join(" or ")}${hint}.`);
    }
    return;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    checkLiteral(property, ranges, value, path, walk.vocabulary, walk.issues);
  }
}

/** Whether one of `types` is (a subtype of) one of `ranges`. Loops, not closures: this runs for every nested value. */
function anyTypeFits(types: readonly string[], ranges: readonly string[], vocabulary: Vocabulary): boolean {
  for (const type of types) for (const range of ranges) if (vocabulary.isA(type, range)) return true;
  return false;
}

/**
 * schema.org's Role pattern: a Role (OrganizationRole, PerformanceRole, LinkRole…) may stand where the
 * property expects the thing it wraps, when it carries the same property again with that thing as its value.
 * The inner value is checked against the property's range like any other.
 */
function standsInAsRole(walk: Walk, node: JsonLdNode, types: readonly string[], property: string): boolean {
  if (!isRole(types, walk.vocabulary)) return false;
  return Object.keys(node).some((key) => {
    const term = resolveTerm(key);
    return term.ok && term.name === property;
  });
}

function isRole(types: readonly string[], vocabulary: Vocabulary): boolean {
  for (const type of types) if (vocabulary.isA(type, "Role")) return true;
  return false;
}

/** schema.org types named by `additionalType` (`https://schema.org/Store`); other vocabularies' are accepted as they are. */
function additionalTypes(node: JsonLdNode, keys: readonly string[], vocabulary: Vocabulary): readonly string[] {
  // Made only for a node that names such a type: most name none.
  let found: string[] | null = null;
  for (const key of keys) {
    // Every spelling of the term ends with its name; other keys need no look-up.
    if (!key.trimEnd().endsWith("additionalType")) continue;
    const value = node[key];
    const term = resolveTerm(key);
    if (!term.ok || term.name !== "additionalType") continue;
    for (const member of Array.isArray(value) ? value : [value]) {
      const written = typeof member === "string" ? member : typeof member === "object" && member !== null && typeof (member as JsonLdNode)["@id"] === "string" ? ((member as JsonLdNode)["@id"] as string) : null;
      if (written === null) continue;
      const type = resolveTerm(written);
      if (type.ok && type.qualified && vocabulary.hasType(type.name)) (found ??= []).push(type.name);
    }
  }
  return found ?? NO_TYPES;
}

const NO_TYPES: readonly string[] = Object.freeze([]);

/** The context URLs written in a raw node's @context (for items not normalised: the validator reads the block as it is). */
function contextUrlsOf(context: unknown): string[] {
  const entries = Array.isArray(context) ? context : [context];
  return entries.filter((entry): entry is string => typeof entry === "string");
}

function isReference(node: JsonLdNode): boolean {
  return typeof node["@id"] === "string" && Object.keys(node).every((key) => key === "@id");
}

/** Close spellings of an unknown term, checked case-insensitively: "postalcode" → "postalCode". */
function suggestion(name: string, vocabulary: Vocabulary, isType = false): string {
  const candidate = vocabulary.sameNameIgnoringCase(name, isType ? "type" : "property") ?? schemaOrgIriWithoutScheme(name, vocabulary, isType);
  return candidate ? ` (did you mean "${candidate}"?)` : "";
}

/**
 * A schema.org IRI written without its scheme ("//schema.org/SpeakableSpecification", seen on
 * money.cnn.com): JSON-LD reads it as a term relative to the vocabulary, not as schema.org's, but the
 * intent is plain, so the term is suggested.
 */
function schemaOrgIriWithoutScheme(name: string, vocabulary: Vocabulary, isType: boolean): string | null {
  const match = /^\/\/(?:www\.)?schema\.org\/([A-Za-z][\w-]*)$/.exec(name);
  if (!match) return null;
  const term = match[1]!;
  const known = isType ? vocabulary.hasType(term) : vocabulary.hasProperty(term);
  return known ? term : null;
}

function contextList(urls: readonly string[]): string {
  return urls.map((url) => `the context ${url}`).join(" or ");
}

function join(path: string | null, key: string): string {
  return path === null ? key : `${path}.${key}`;
}

function typePath(path: string | null): string {
  return path === null ? "@type" : `${path}.@type`;
}

/** `<property>-input` / `<property>-output` on a potential action, where `<property>` is a schema.org property. */
function isActionAnnotation(name: string, walk: { vocabulary: { property(name: string): unknown } }): boolean {
  const match = /^(.+)-(input|output)$/.exec(name);
  return match !== null && walk.vocabulary.property(match[1]!) != null;
}
