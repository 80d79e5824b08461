import type { Static, TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

/**
 * Validates a parsed body against a TypeBox schema and turns the first problem into a sentence a
 * person can act on ("forceRescan must be a boolean", "unknown field \"foo\""), instead of a JSON
 * pointer and TypeBox's internal wording.
 */
export function createBodyValidator<S extends TSchema>(schema: S, example: string) {
  const compiled = TypeCompiler.Compile(schema);
  return (value: unknown): { ok: true; value: Static<S> } | { ok: false; error: string } => {
    if (compiled.Check(value)) return { ok: true, value: value as Static<S> };
    const first = compiled.Errors(value).First();
    if (!first || first.path === "") return { ok: false, error: `Request body must be a JSON object such as ${example}.` };
    const field = first.path.slice(1).replaceAll("/", ".");
    if (first.message === "Unexpected property") return { ok: false, error: `Unknown field "${field.slice(0, 64)}" in the request body.` };
    if (first.message === "Expected required property") return { ok: false, error: `${field} is required.` };
    return { ok: false, error: `${field} must be ${rangeOf(first.schema, first.value) ?? expectedOf(first.schema)}.` };
  };
}

/** "a boolean"; for a union, its members' types: "an object, an array or a string". */
function expectedOf(schema: TSchema): string {
  const types = Array.isArray(schema.anyOf) ? (schema.anyOf as TSchema[]).map((member) => member.type).filter((type) => typeof type === "string") : [schema.type];
  const named = types.filter((type): type is string => typeof type === "string").map((type) => `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`);
  if (named.length === 0) return "a valid value";
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} or ${named[named.length - 1]}`;
}

/** For a number of the right kind but out of its schema's bounds: "an integer of at least 1", "a number from 0 to 1". */
function rangeOf(schema: TSchema, value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  if (schema.type === "integer" && !Number.isInteger(value)) return null;
  if (schema.type !== "integer" && schema.type !== "number") return null;
  const kind = schema.type === "integer" ? "an integer" : "a number";
  const { minimum, maximum } = schema as { minimum?: unknown; maximum?: unknown };
  if (typeof minimum === "number" && typeof maximum === "number") return `${kind} from ${minimum} to ${maximum}`;
  if (typeof minimum === "number") return `${kind} of at least ${minimum}`;
  if (typeof maximum === "number") return `${kind} of at most ${maximum}`;
  return null;
}
