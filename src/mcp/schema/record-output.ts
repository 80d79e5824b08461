import { SchemaRecordSchema } from "../../analyzers/schema/record-schema.ts";
import { zodFromTypeBox } from "../zod-from-typebox.ts";

/** The schema record as the tools' output schemas declare it: the API's record schema, field for field. */
export const SchemaRecordOutput = zodFromTypeBox(SchemaRecordSchema);
