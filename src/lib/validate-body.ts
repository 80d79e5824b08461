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
    const expected = first.schema.type ?? "a valid value";
    return { ok: false, error: `${field} must be a ${expected}.` };
  };
}
