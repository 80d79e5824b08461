/**
 * Reading the JSON-LD-shaped node tree the judge works on: `@type` as a string or an array, schema.org
 * properties by bare name, values as literals, nested nodes or arrays of these.
 */

export type JudgedNode = Readonly<Record<string, unknown>>;

/** Type relations come from the schema.org vocabulary: a Restaurant is a LocalBusiness. */
export interface JudgeContext {
  isA(type: string, ancestor: string): boolean;
}

export function isNode(value: unknown): value is JudgedNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The values of a property as a list, empty when it is absent. Own properties only: names come from the page. */
export function valuesOf(node: JudgedNode, property: string): unknown[] {
  if (!Object.hasOwn(node, property)) return [];
  const value = node[property];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Present means something to read: not null, not blank text, not an empty object or list. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(isPresent);
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

export function presentValues(node: JudgedNode, property: string): unknown[] {
  if (!Object.hasOwn(node, property)) return [];
  const value = node[property];
  // Most properties hold one value: no list to filter.
  if (!Array.isArray(value)) return value !== undefined && isPresent(value) ? [value] : [];
  return value.filter(isPresent);
}

/** Whether the property has a present value, found without listing the values (most checks ask only that). */
export function hasPresentValue(node: JudgedNode, property: string): boolean {
  if (!Object.hasOwn(node, property)) return false;
  const value = node[property];
  return value !== undefined && isPresent(value);
}

export function typesOf(value: unknown): string[] {
  if (!isNode(value)) return [];
  const declared = value["@type"];
  if (typeof declared === "string") return [declared];
  return Array.isArray(declared) ? declared.filter((type): type is string => typeof type === "string") : [];
}

export function hasTypeOf(value: unknown, ancestors: readonly string[], context: JudgeContext): boolean {
  // Loops, not closures: this runs for every nested value judged, and a closure makes each call allocate its scope.
  for (const type of typesOf(value)) for (const ancestor of ancestors) if (context.isA(type, ancestor)) return true;
  return false;
}

/** A literal's text (`"12"`, `12`, `true`), or the `@value` of a value object; null for nodes. */
export function textOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (isNode(value) && Object.hasOwn(value, "@value")) return textOf(value["@value"]);
  return null;
}

/** Enumeration members are written as `https://schema.org/InStock`, `schema:InStock` or `InStock`. */
export function isEnumerationValue(value: unknown, member: string): boolean {
  const text = textOf(value) ?? (isNode(value) && typeof value["@id"] === "string" ? value["@id"] : null);
  if (text === null) return false;
  const name = text.trim().replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, "");
  return name.toLowerCase() === member.toLowerCase();
}
