import { VisibilityRecordSchema } from "../../analyzers/visibility/record-schema.ts";
import { zodFromTypeBox } from "../zod-from-typebox.ts";

/** The visibility record as the tools' output schemas declare it: the API's record schema, field for field. */
export const VisibilityRecordOutput = zodFromTypeBox(VisibilityRecordSchema);
