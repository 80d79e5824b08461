import { Kind, type Static, type TObject, type TSchema } from "@sinclair/typebox";
import { Value, ValueErrorType } from "@sinclair/typebox/value";
import { unsafeCharactersMessage } from "../../lib/unsafe-characters.ts";

/**
 * Reading the account and admin pages' form posts. A person behind a browser form must always get
 * a page back, never the API's JSON 400, so these routes parse the body themselves (a parser that
 * never throws) and check it against their TypeBox schema in the handler, where a bad form can be
 * answered with the form again and a message naming the field. Each property's `title` is the
 * field's name in that message; a property whose `pattern` is SAFE_TEXT_PATTERN refuses control
 * characters and direction marks (lib/unsafe-characters.ts) with a message saying so.
 */

export type FormFields = Record<string, unknown>;

/**
 * The route's body parser: url-encoded and multipart forms become a record of their fields (a file
 * in multipart stays a non-string, so the schema refuses it); anything else, or a body that cannot
 * be read, becomes an empty record, which the schema then reports as missing fields.
 */
export async function parseFormBody({ request }: { request: Request }): Promise<FormFields> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(await request.text()));
    if (type.startsWith("multipart/form-data")) return Object.fromEntries((await request.formData()).entries());
  } catch {
    // A truncated or malformed body: treated as an empty form.
  }
  return {};
}

export type FormRead<S extends TObject> =
  | { ok: true; value: Static<S> }
  | {
      ok: false;
      /** One sentence for the top of the form, naming every problem. */
      problem: string;
      /** The problem of each field, by field name, to show beside it. */
      fieldProblems: Record<string, string>;
      /** The text fields that were sent within their limits, to fill the form in again. */
      typed: Record<string, string>;
    };

export function readForm<S extends TObject>(schema: S, body: unknown): FormRead<S> {
  if (Value.Check(schema, body)) return { ok: true, value: body };
  const fields: FormFields = typeof body === "object" && body !== null ? (body as FormFields) : {};
  const fieldProblems: Record<string, string> = {};
  // A form that is whole but holds characters no field takes is not "damaged": its message says what to remove.
  let whole = true;
  for (const error of Value.Errors(schema, fields)) {
    const name = error.path.split("/")[1];
    if (!name || fieldProblems[name] || !(name in schema.properties)) continue;
    fieldProblems[name] = describe(schema.properties[name]!, error.type);
    whole &&= error.type === ValueErrorType.StringPattern;
  }
  const typed: Record<string, string> = {};
  for (const [name, property] of Object.entries(schema.properties) as [string, TSchema][]) {
    const value = fields[name];
    if (typeof value === "string" && !fieldProblems[name] && property[Kind] === "String") typed[name] = value;
  }
  const problems = Object.values(fieldProblems);
  const problem = whole && problems.length > 0
    ? problems.join(" ")
    : `This form arrived incomplete or damaged: ${problems.length > 0 ? problems.join(" ") : "it could not be read."} Please fill it in and send it again.`;
  return { ok: false, problem, fieldProblems, typed };
}

function describe(property: TSchema, type: ValueErrorType): string {
  const title = typeof property.title === "string" ? property.title : "A field";
  if (type === ValueErrorType.StringPattern) return unsafeCharactersMessage(title);
  if (type === ValueErrorType.ObjectRequiredProperty) return `${title} is missing.`;
  if (type === ValueErrorType.StringMaxLength) return `${title} is too long.`;
  if (type === ValueErrorType.StringMinLength) return `${title} is empty.`;
  return `${title} must be text.`;
}
