import { Type as T, type Static } from "@sinclair/typebox";
import { createBodyValidator } from "../lib/validate-body.ts";

/** The body of POST /api/check: validated strictly, documented in OpenAPI from the same schema. */
export const CheckRequestBody = T.Object(
  {
    html: T.Optional(T.String({ description: "A whole HTML page (or a part of one) to check. Send exactly one of `html`, `jsonld` and `markup`." })),
    jsonld: T.Optional(
      T.Union(
        [
          T.Record(T.String(), T.Unknown(), { description: "One JSON-LD block, as a JSON object." }),
          T.Array(T.Unknown(), { description: "Several JSON-LD blocks, as a JSON array." }),
          T.String({ description: "The JSON-LD as text, as the script element would hold it." }),
        ],
        { description: "JSON-LD to check: one block as an object, several as an array, or either as text." },
      ),
    ),
    markup: T.Optional(T.String({ description: "Either of the above, detected: text starting with `{` or `[` is JSON-LD, anything else HTML." })),
    url: T.Optional(
      T.String({ description: "The page's address, used to resolve relative links and `@id`s and to build the suggested markup; never fetched. Without it, the pasted page's canonical link or og:url; with neither, links resolve against `https://pasted.invalid/` and no markup is suggested (the answer's `address.notice` asks for the address). At most 2048 characters." }),
    ),
    challengeToken: T.Optional(T.String({ description: "Browser path only: the token from the challenge widget. Omit when sending an Authorization header." })),
  },
  { additionalProperties: false, description: "Check pasted markup once, fetching nothing and storing nothing." },
);
export type CheckRequestBody = Static<typeof CheckRequestBody>;

/** The markup a check body names, as text: JSON-LD sent as an object or an array is checked as its JSON. */
export function checkedText(value: string | Record<string, unknown> | unknown[]): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export const validateCheckRequestBody = createBodyValidator(CheckRequestBody, '{"jsonld":"{\\"@context\\":\\"https://schema.org\\",\\"@type\\":\\"Product\\"}"}');
