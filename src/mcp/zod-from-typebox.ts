import { z } from "zod";
import type { TSchema } from "@sinclair/typebox";

/**
 * A zod schema for the MCP SDK (which declares and checks tool outputs with zod) made from a TypeBox
 * schema: the record schemas are written once, in TypeBox, for the API and its OpenAPI description,
 * and the tools' output schemas follow them instead of restating them.
 */
export function zodFromTypeBox(schema: TSchema): z.ZodType {
  // The JSON round trip drops TypeBox's symbol-keyed metadata, leaving plain JSON Schema.
  return z.fromJSONSchema(JSON.parse(JSON.stringify(schema)));
}
